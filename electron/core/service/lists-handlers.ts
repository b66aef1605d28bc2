import type { HeldListStatus } from '../../shared/held-list.js';
import type { HeldLists, ListSource } from '../search/lists/held-lists.js';
import { customerSummary } from '../search/search-answers.js';
import type { KeptLists } from '../search/lists/kept-lists.js';
import type { Handlers } from './handlers.js';
import { DIRECT_CALLER } from './request-registry.js';

type ListsRequests =
  | 'lists.record'
  | 'lists.changes'
  | 'lists.changesSeen'
  | 'lists.stop'
  | 'lists.read'
  | 'lists.refresh'
  | 'lists.status'
  | 'lists.forgetKept'
  | 'lists.summary';

/**
 * The lists.* requests (docs/architecture.md, "Search"): the lists held for search of the connection
 * the caller chose, a record or what changed read from them, their reads started, stopped and done
 * again, the kept ones forgotten.
 */
export function listsHandlers(
  parts: () => { heldLists: HeldLists; kept: Pick<KeptLists, 'forget'> },
  chosen: (caller: string) => ListSource,
): Pick<Handlers, ListsRequests> {
  const heldLists = () => parts().heldLists;
  return {
    'lists.record': async ({ list: view, lang, id, read }, caller = DIRECT_CALLER) => {
      const source = chosen(caller);
      const list = read
        ? await heldLists().use(source, view, lang)
        : await heldLists().find(source, view, lang);
      return {
        record: list?.rows.record(id, list.readingIn(lang)) ?? null,
        list: list ? heldLists().statusOf(list, lang) : null,
      };
    },
    'lists.changes': async ({ list: view, lang }, caller = DIRECT_CALLER) => {
      const source = chosen(caller);
      return (
        (await heldLists().find(source, view, lang))?.changes.snapshot() ?? {
          rows: [],
          gone: [],
          unlisted: 0,
        }
      );
    },
    'lists.changesSeen': async ({ list: view, lang, ids }, caller = DIRECT_CALLER) => {
      const list = await heldLists().find(chosen(caller), view, lang);
      if (list) {
        list.changes.seen(ids);
        // Every window follows: the marks go wherever the list is shown.
        heldLists().tell(list, true);
      }
      return null;
    },
    'lists.stop': async ({ list, lang }, caller = DIRECT_CALLER) =>
      (await heldLists().stop(chosen(caller), list, lang)) ?? null,
    'lists.read': ({ list, lang }, caller = DIRECT_CALLER) => heldLists().read(chosen(caller), list, lang),
    'lists.refresh': (_input, caller = DIRECT_CALLER) => {
      const { connectionId } = chosen(caller);
      heldLists().refresh(connectionId);
      return Promise.resolve(heldLists().statuses(connectionId));
    },
    'lists.forgetKept': async () => {
      await parts().kept.forget();
      return null;
    },
    'lists.status': (_input, caller = DIRECT_CALLER): Promise<HeldListStatus[]> =>
      Promise.resolve(heldLists().statuses(chosen(caller).connectionId)),
    'lists.summary': (input, caller = DIRECT_CALLER) => customerSummary(heldLists(), chosen(caller), input),
  };
}
