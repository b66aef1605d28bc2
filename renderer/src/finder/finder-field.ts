import { arrowMove } from './finder-state';

/** The finder's field as the person left it: plain state, changed only by `fieldAfter`. */
export interface FieldState {
  text: string;
  /** What the finder says under the field (already in the language shown). */
  problem?: string;
  /** Whether the suggestions are open. */
  expanded: boolean;
  /** The suggestion the arrows are on. */
  active: number;
  /** The person moved in the list with the arrows (an empty field's Enter then opens the one chosen). */
  moved: boolean;
  /** Every customer that matches is offered, not the first ones (asked for, or the arrows went past the last). */
  showAll: boolean;
  /** Enter was pressed on this text, which no list held answered: it opens once the lists read say whose it is. */
  pending?: string;
  /** The pending id's route was not asked yet: it is, if the lists do not know it (waitOutcome). */
  routeAfter?: boolean;
}

export const EMPTY_FIELD: FieldState = { text: '', expanded: false, active: 0, moved: false, showAll: false };

export type FieldEvent =
  /** Typed: a new text starts again from its first suggestions, nothing said. */
  | { kind: 'typed'; text: string }
  | { kind: 'focused' }
  /** The keyboard left the field and what goes with it, or Escape: the list closes. */
  | { kind: 'closed' }
  /** An arrow key: `at` the suggestion chosen (if any) of the `offered`, `more` when more match. */
  | { kind: 'arrow'; step: 1 | -1; at: number | undefined; offered: number; more: boolean }
  | { kind: 'showAll' }
  /** Enter was pressed (a text not opened keeps its list open). */
  | { kind: 'entered' }
  | { kind: 'said'; problem: string }
  /** Wait for the lists read to say whose `text` is (`thenRoute`: its route asked if they do not know it). */
  | { kind: 'wait'; text: string; thenRoute?: boolean }
  /** The customer's own route is asked about the text: no wait, nothing said meanwhile. */
  | { kind: 'asking' }
  /** A customer was opened: the field empties and closes. */
  | { kind: 'chose' };

/** The field after `event`. */
export function fieldAfter(state: FieldState, event: FieldEvent): FieldState {
  switch (event.kind) {
    case 'typed':
      return {
        ...state,
        text: event.text,
        active: 0,
        moved: false,
        expanded: true,
        showAll: false,
        problem: undefined,
      };
    case 'focused':
      return { ...state, expanded: true };
    case 'closed':
      return { ...state, expanded: false };
    case 'arrow': {
      const move = arrowMove(event.step, event.at, event.offered, event.more && !state.showAll);
      return {
        ...state,
        expanded: true,
        active: move.active,
        moved: true,
        showAll: state.showAll || !!move.showAll,
      };
    }
    case 'showAll':
      return { ...state, showAll: true };
    case 'entered':
      return state.text.trim() ? { ...state, expanded: true } : state;
    case 'said':
      return { ...state, problem: event.problem };
    case 'wait':
      return { ...state, pending: event.text, routeAfter: event.thenRoute === true };
    case 'asking':
      return { ...state, pending: undefined, routeAfter: false, problem: undefined };
    case 'chose':
      return { ...state, text: '', expanded: false, problem: undefined, pending: undefined };
  }
}

/** Whether Enter on the field's text waits for the lists (the text has not changed since). */
export const waitingOn = (state: FieldState, wanted: string): boolean =>
  state.pending !== undefined && state.pending === wanted;
