import type { ExportEvent } from '@shared/contract/contract';

/** An export of this session, as the tray and the Exports panel show it. */
export interface SessionExport extends Partial<ExportEvent> {
  exportId: string;
  fileName: string;
  path: string;
  state: ExportEvent['state'];
  /** Put away from the tray: the Exports panel still lists it (it was exported this session). */
  dismissed?: boolean;
}

/** What the tray knows: this session's exports, newest first, and what it was told too early. */
export interface SessionExportsState {
  exports: SessionExport[];
  /** Starts asked for and not answered yet. */
  starting: number;
  /**
   * The latest event of each export not yet known here, while a start is unanswered: a small
   * export can send all its events, its end included, before `export.start` answers.
   */
  early: ReadonlyMap<string, ExportEvent>;
}

/** What happens to the session's exports, in the order it happens. */
export type SessionExportsAction =
  | { type: 'starting' }
  | { type: 'started'; started: SessionExport }
  | { type: 'start-failed' }
  | { type: 'event'; event: ExportEvent }
  | { type: 'dismissed'; exportId: string };

export const NO_EXPORTS: SessionExportsState = { exports: [], starting: 0, early: new Map() };

/**
 * The session's exports after `action`. A pure reducer, so that events and start answers are
 * applied in the order they came, whenever React renders: an export whose end arrived before its
 * start's answer is shown ended, never running forever. Events of exports started elsewhere
 * (another window or tab, `cdb`) are not kept.
 */
export function sessionExports(
  state: SessionExportsState,
  action: SessionExportsAction,
): SessionExportsState {
  switch (action.type) {
    case 'starting':
      return { ...state, starting: state.starting + 1 };
    case 'start-failed':
      return settled(state, state.early);
    case 'started': {
      const { started } = action;
      const early = new Map(state.early);
      const seen = early.get(started.exportId);
      early.delete(started.exportId);
      return { ...settled(state, early), exports: [{ ...started, ...seen }, ...state.exports] };
    }
    case 'event': {
      const { event } = action;
      if (state.exports.some((item) => item.exportId === event.exportId)) {
        const exports = state.exports.map((item) =>
          item.exportId === event.exportId ? { ...item, ...event } : item,
        );
        return { ...state, exports };
      }
      if (state.starting === 0) return state;
      return { ...state, early: new Map(state.early).set(event.exportId, event) };
    }
    case 'dismissed':
      return {
        ...state,
        exports: state.exports.map((item) =>
          item.exportId === action.exportId ? { ...item, dismissed: true } : item,
        ),
      };
  }
}

/** One start fewer unanswered; with none left, no early event can still be claimed. */
function settled(state: SessionExportsState, early: ReadonlyMap<string, ExportEvent>): SessionExportsState {
  const starting = state.starting - 1;
  return { ...state, starting, early: starting === 0 ? new Map() : early };
}
