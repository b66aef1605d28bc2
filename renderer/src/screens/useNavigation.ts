import { useRef, useState } from 'react';
import type { CustomerScopedResource, Resource } from '@shared/api-rules';
import type { CustomerTables, ListPlace, TablePlace } from '@shared/desk';
import type { FilterCondition } from '@shared/filter';
import type { SavedView } from '@shared/saved-view';
import type { View } from '@shared/view';
import type { Restored } from '../desk/restore';
import { movedCustomer, type TableMoves } from '../desk/desk-of';
import type { FoundThrough } from '../finder/found-through';
import { useMarks } from '../data/useMarks';
import { useScreenTrail } from '../shell/useScreenTrail';
import { layoutKeyOf, usePutLayout } from '../table/columns/useColumnLayout';
import {
  customerScreen,
  FIRST_BACK,
  NEW_PLACE,
  sameScreen,
  screenOf,
  shownScreen,
  viewOpening,
  type CustomerScreen,
  type Screen,
} from './navigation';

/**
 * A window's moves between screens (navigation.ts says where each goes): the trail through them,
 * the lists' places, the customers opened, and the guard that asks before leaving unsaved input.
 */
export function useNavigation(restored: Restored) {
  const trail = useScreenTrail<Screen>(screenOf(restored.desk), sameScreen);
  /** Whether the screen shown holds unsaved input (the connection form): leaving asks first. */
  const unsavedRef = useRef(false);
  /** A move asked while input is unsaved: carried out if the person discards it. */
  const [leaving, setLeaving] = useState<(() => void) | undefined>();
  const guarded = (move: () => void) => {
    if (unsavedRef.current) setLeaving(() => move);
    else move();
  };
  const setScreen = (next: Screen) => guarded(() => trail.go(next));
  /** Back where the user came from (the browser's history): the list a customer was opened from, with its search and row. */
  const backNow = () => (trail.previous ? trail.back() : trail.go(FIRST_BACK));
  const [places, setPlaces] = useState<Partial<Record<Resource, ListPlace>>>(
    () => restored.desk?.places ?? {},
  );
  // Where the user is in the tables, as they move: kept out of state (a scroll renders nothing).
  const moves = useRef<TableMoves>({ lists: {} });
  /** The customers marked and opened lately: offered again by "Open customer" and the command box. */
  const marks = useMarks();
  const openCustomer = (customerId: string, name?: string, tables?: CustomerTables, found?: FoundThrough) => {
    marks.opened({ customerId, ...(name !== undefined && { name }) });
    // Its tables start as given: the moves in another opening of it are not theirs.
    moves.current.customer = undefined;
    setScreen(customerScreen(customerId, name, tables, found));
  };
  const putLayout = usePutLayout();
  const openings = useRef(0);
  /** A list (or a customer's table) with its sort and filter, from its top. */
  const showList = (view: View, filter: FilterCondition[], savedView?: string) => {
    const { screen, place } = viewOpening(view, filter, ++openings.current, savedView);
    if (screen.kind === 'customer') return openCustomer(screen.customerId, undefined, screen.tables);
    delete moves.current.lists[view.resource];
    if (place) setPlaces((current) => ({ ...current, [view.resource]: place }));
    setScreen(screen);
  };
  return {
    screen: shownScreen(trail.screen, trail.wentBack),
    /** The screen as the trail holds it (a notice belongs to it). */
    trailScreen: trail.screen,
    previous: trail.previous,
    setScreen,
    goBack: () => guarded(backNow),
    /**
     * Back from a panel once what it was doing is done (a connection chosen), unless the person
     * moved on meanwhile: a late answer never takes them back from where they went.
     */
    backFrom: (kind: Screen['kind']) => {
      if (trail.shownNow().kind === kind) backNow();
    },
    /** The screen Forward goes to, after a Back. */
    next: trail.next,
    goForward: () => guarded(trail.forward),
    places,
    moves,
    marks,
    openCustomer,
    showList,
    /** A saved view, restored exactly: its columns' layout, then its list (or customer) with its sort and filter. */
    openView: (view: SavedView) => {
      putLayout(layoutKeyOf(view), view.layout);
      showList(view, view.filter, view.name);
    },
    /** `resource`'s list now holds `place`, if it still held `from` (a list replaced by a saved view writes nothing back). */
    placeList: (resource: Resource, place: ListPlace, from: ListPlace) => {
      // The place the list now holds is the newest (a new sort or filter starts at the top).
      delete moves.current.lists[resource];
      setPlaces((current) =>
        (current[resource] ?? NEW_PLACE) === from ? { ...current, [resource]: place } : current,
      );
    },
    /** The person moved in `resource`'s list. */
    movedInList: (resource: Resource, table: TablePlace) => {
      moves.current.lists[resource] = table;
    },
    /** The person changed or moved in one of the customer's tables. */
    movedInCustomer: (screen: CustomerScreen, table: CustomerScopedResource, place: ListPlace) => {
      moves.current.customer = movedCustomer(moves.current.customer, screen, table, place);
    },
    unsavedRef,
    /** The person chose to leave unsaved input: it is no longer kept, and the move asked goes on. */
    discardAndLeave: () => {
      setLeaving(undefined);
      unsavedRef.current = false;
      leaving?.();
    },
    leaving,
    setLeaving,
  };
}

export type Navigation = ReturnType<typeof useNavigation>;
