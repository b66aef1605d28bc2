import type { CustomerSuggestion, HeldListStatus } from '@shared/held-list';
import { customerIdSchema } from '@shared/view';
import { needsLists } from './needs-lists';
import type { MarkedCustomer } from '@shared/marked-customers';
import { isBlank, searchTermsOf, valuesMatch } from '@shared/search';

// The finder's rules as plain code (the top bar's "Open customer"): which answer holds for the text
// in the field, what Enter does with it, what a wait for the lists comes to, where the arrows go.
// OpenCustomer and useCustomerSuggestions wire them to React and the app.

/** An id, as a ticket gives one: one word with a digit ("CUS-00011004", "AGR-00207781", "11004"). */
export const looksLikeId = (text: string): boolean => !needsLists(text);

/** Customers offered at first; "Show all" offers every one (up to SUGGESTIONS_MAX), the list scrolling. */
export const FIRST_SUGGESTIONS = 8;

/** The app's last answer, and the question it answers: the text and how hard it was looked for. */
export interface FinderAnswer {
  suggestions: CustomerSuggestion[];
  total: number;
  /**
   * The lists the answer looked in, as they stood when it was made: what it may have missed is
   * judged by them, not by the lists as told since (read whole a moment later, they would call an
   * answer over part of them the whole truth).
   */
  lists: HeldListStatus[];
  text?: string;
  harder?: string;
}

/** What the finder shows for the text in the field. */
export interface Found {
  suggestions: CustomerSuggestion[];
  /** How many customers match in all (more than the suggestions, when there are more than asked for). */
  total: number;
  /** The lists the suggestions come from, as the app last told them (their reads' progress). */
  lists: HeldListStatus[];
  /**
   * The answer is for the text in the field, asked as hard as it is now, and the lists it looked in
   * were read whole (or stopped) when it was made: what it does not find, they do not hold.
   */
  settled: boolean;
}

/**
 * What the finder shows for `wanted` (the field's text, trimmed), from the text last asked about,
 * the last answer, how hard the field is looked for now and the lists' statuses as last told (their
 * progress, shown; the answer is judged by its own). An answer for
 * another text counts for nothing: the field's text is asked about once typing pauses, and until
 * its answer comes the one held is the last text's, which Enter would open.
 */
export function foundFor(
  wanted: string,
  asked: string | undefined,
  answer: FinderAnswer,
  harder: string,
  lists: HeldListStatus[],
): Found {
  const current = asked !== undefined && asked === wanted;
  const answered = current && answer.text === wanted;
  return {
    suggestions: answered ? answer.suggestions : [],
    total: answered ? answer.total : 0,
    lists: current ? lists : [],
    settled:
      answered &&
      answer.harder === harder &&
      answer.lists.length > 0 &&
      answer.lists.every((list) => list.state !== 'reading'),
  };
}

/** What the finder says: a translation key and its values. */
export interface Said {
  key: string;
  values?: Record<string, string>;
}

/** What Enter does. */
export type EnterAction =
  | { kind: 'open'; suggestion: CustomerSuggestion }
  | { kind: 'say'; said: Said }
  /**
   * Wait for the lists to be read whole, then say whose it is (waitOutcome); `thenRoute`: the answer
   * was on its way from lists held whole, and an id they do not know is then asked of its route.
   */
  | { kind: 'wait'; thenRoute?: true }
  /** An id the lists held do not know: ask the customer's own route whether it is one. */
  | { kind: 'ask-route'; id: string };

const quoted = (text: string) => text.slice(0, 60);

/** Typing pauses this long before the app is asked: a pasted id and Enter ask nothing meanwhile. */
export const TYPING_PAUSE_MS = 150;

/**
 * How long after the field's text changed the app is asked about it: after typing pauses, or at
 * once when Enter was pressed and waits for the answer (`entered`: what is typed is final; a pause
 * then was time the person waited for nothing).
 */
export const askAfterMs = (entered: boolean): number => (entered ? 0 : TYPING_PAUSE_MS);

/** The customer found by its record's id (its own, its number, a contact's or agreement's), if any. */
const byIdOf = (found: Found) => found.suggestions.find((suggestion) => suggestion.matched.byId);

/**
 * Enter: the customer the arrows chose, the one whose id (or number, or contact's id) was typed, or
 * the only one that matches. Anything else stays in the field with its suggestions: a page is never
 * opened for an id that names no customer.
 */
export function enterAction(
  wanted: string,
  found: Found,
  /** The customer the arrows chose, if they moved. */
  chosen: CustomerSuggestion | undefined,
  /** Every list an id is looked for in (customers, contacts, agreements) is held whole. */
  idsHeld = false,
): EnterAction {
  if (chosen) return { kind: 'open', suggestion: chosen };
  if (!wanted) return { kind: 'say', said: { key: 'openCustomer.empty' } };
  const byId = byIdOf(found);
  if (byId) return { kind: 'open', suggestion: byId };
  // Words (a name, a phone) open the one found so far at once, even while the lists are still read
  // (the agent saw this one); an id waits to know whose it is (its digits may be another's phone).
  const onlyFound = found.total === 1 ? found.suggestions[0] : undefined;
  if (onlyFound && (found.settled || !looksLikeId(wanted))) return { kind: 'open', suggestion: onlyFound };
  // Punctuation alone ("..") is neither an id nor anything to look for.
  if (!/[\p{L}\p{N}]/u.test(wanted))
    return { kind: 'say', said: { key: 'openCustomer.invalid', values: { id: quoted(wanted) } } };
  if (!looksLikeId(wanted)) {
    if (!found.settled) return { kind: 'wait' };
    return {
      kind: 'say',
      said: found.total
        ? { key: 'openCustomer.choose' }
        : { key: 'openCustomer.noMatch', values: { text: quoted(wanted) } },
    };
  }
  if (!customerIdSchema.safeParse(wanted).success)
    return { kind: 'say', said: { key: 'openCustomer.invalid', values: { id: quoted(wanted) } } };
  // An id pasted and Enter pressed at once: lists held whole say whose it is (a contact's, an
  // agreement's) sooner than the API's route. Its answer is on its way, or asked at once now that
  // Enter waits for it (askAfterMs); the route only if none has it.
  if (idsHeld && !found.settled) return { kind: 'wait', thenRoute: true };
  return { kind: 'ask-route', id: wanted };
}

/**
 * What a wait for the lists comes to, once they are read whole: the customer whose record's id it
 * is, or the one customer words match, opens; else the finder says none has it, or to choose.
 * Undefined while there is nothing to do yet (no wait, or the lists still read).
 */
export function waitOutcome(
  wanted: string,
  found: Found,
  waiting: boolean,
  /** Enter did not ask the id's route while its answer was on its way (enterAction): asked now if none has it. */
  thenRoute = false,
):
  | { kind: 'open'; suggestion: CustomerSuggestion }
  | { kind: 'say'; said: Said }
  | Extract<EnterAction, { kind: 'ask-route' }>
  | undefined {
  if (!waiting) return undefined;
  const byId = byIdOf(found);
  if (byId || !found.settled) return undefined;
  const id = looksLikeId(wanted);
  if (id && thenRoute) return { kind: 'ask-route', id: wanted };
  const onlyOne = !id && found.total === 1 ? found.suggestions[0] : undefined;
  if (onlyOne) return { kind: 'open', suggestion: onlyOne };
  if (found.total && !id) return { kind: 'say', said: { key: 'openCustomer.choose' } };
  return {
    kind: 'say',
    said: { key: id ? 'openCustomer.noId' : 'openCustomer.noMatch', values: { text: quoted(wanted) } },
  };
}

/**
 * Where an arrow goes in the list offered (`at`: the customer chosen, if any): the first arrow to
 * the first (or last) customer, the next ones on, round; past the last, when `more` match than are
 * offered, on into all of them (`showAll`).
 */
export function arrowMove(
  step: 1 | -1,
  at: number | undefined,
  offered: number,
  more: boolean,
): { active: number; showAll?: true } {
  const from = at ?? (step > 0 ? -1 : offered);
  if (step > 0 && from === offered - 1 && more) return { active: from + 1, showAll: true };
  return { active: offered ? (from + step + offered) % offered : 0 };
}

/**
 * The customers of a new answer to the same question, those offered before in their places first:
 * a list read page after page finds more as it goes, and what the person is about to click must not
 * move under the pointer.
 */
export function inPlace(before: CustomerSuggestion[], after: CustomerSuggestion[]): CustomerSuggestion[] {
  const byId = new Map(after.map((suggestion) => [suggestion.customerId, suggestion]));
  const kept = before.flatMap((suggestion) => {
    const now = byId.get(suggestion.customerId);
    return now ? [now] : [];
  });
  const keptIds = new Set(kept.map((suggestion) => suggestion.customerId));
  return [...kept, ...after.filter((suggestion) => !keptIds.has(suggestion.customerId))];
}

/** A favourite or recent customer as the finder offers it: its name and city, as a suggestion. */
export function offeredSuggestion({ customerId, name, city }: MarkedCustomer): CustomerSuggestion {
  return {
    customerId,
    ...(name !== undefined && { name }),
    ...(city !== undefined && { city }),
    // Offered by who it is, not by what matched: no line says a match under it.
    matched: { of: 'customer', field: 'id', value: customerId },
  };
}

/**
 * The customers offered for `wanted`: the favourites, then the recents, whose name holds every word
 * typed first (a favourite was offered below namesakes and contacts of that name), then the others
 * the lists found. A marked customer the lists found too is offered as they found it (its email,
 * what matched), in its marked place.
 */
export function markedFirst(
  marked: readonly MarkedCustomer[],
  wanted: string,
  found: readonly CustomerSuggestion[],
): CustomerSuggestion[] {
  const terms = searchTermsOf(wanted);
  const named = isBlank(terms)
    ? []
    : marked.filter((each) => each.name !== undefined && valuesMatch(terms, [each.name]));
  if (!named.length) return [...found];
  const byId = new Map(found.map((suggestion) => [suggestion.customerId, suggestion]));
  const first = named.map((each) => byId.get(each.customerId) ?? offeredSuggestion(each));
  const ids = new Set(first.map((suggestion) => suggestion.customerId));
  return [...first, ...found.filter((suggestion) => !ids.has(suggestion.customerId))];
}
