import { ANY_FIELD, fieldsNamed, splitChanged } from '../../shared/filter.js';
import { joinsCustomer } from '../../shared/customer-columns.js';
import { parseSearch } from '../../shared/search-words.js';
import { summarize } from '../../shared/agreement-summary.js';
import type { ParsedRequestInput, RequestOutputs } from '../../shared/contract/contract.js';
import { sortOrderOf } from '../../shared/view.js';
import { suggestCustomers } from './customer-finder.js';
import { customerColumnNamesOf, customerJoinFor, heldCustomerJoin } from './customer-join.js';
import type { HeldList, HeldLists, ListSource } from './lists/held-lists.js';
import { heldViewRows, type HeldViewRows } from './held-view.js';
import { foundPositions, nearestFound } from './found-rows.js';
import { heldColumnValues } from './held-column-values.js';
import type { CustomerJoin } from './customer-join.js';
import type { HeldListStatus } from '../../shared/held-list.js';
import { fieldNamerOf } from './lists/list-fields.js';

/** A view of a held list as a table's search and find read it. */
interface ViewOfList {
  list: HeldList;
  status: HeldListStatus;
  /** Changes whenever the view's rows may have moved. */
  version: string;
  join: CustomerJoin | undefined;
  shown: HeldViewRows;
}

/**
 * The rows of the list held for `view` that pass `filter`, in the view's order, with the customer's
 * columns when the customers are held (waited for when the filter or the sort names them, or
 * `words` will be looked for in them), and the list's status as it stood before the search.
 */
async function viewOfList(
  heldLists: HeldLists,
  source: ListSource,
  { view, lang, filter }: Pick<ParsedRequestInput<'search.rows'>, 'view' | 'lang' | 'filter'>,
  signal: AbortSignal,
  { words, field }: { words?: string; field?: string } = {},
): Promise<ViewOfList> {
  const { sort, ...scope } = view;
  // A list kept from an earlier session and being taken in is waited for, not read again (held-lists.ts).
  const list = await heldLists.use(source, scope, lang);
  // The list as it stands now, before the search awaits: pages read meanwhile must not be told as
  // searched (a list told read whole with the matches of its first pages would settle the table
  // short). The matches may cover more than this; never less.
  const status = heldLists.statusOf(list, lang);
  // Only what changed: the answer moves with the list's changes too (marked as seen, found anew).
  const changes = splitChanged(filter).onlyChanged ? `:${list.changes.version}` : '';
  const version = `${list.rows.serial}:${list.rows.length}:${list.readingIn(lang).key}${changes}`;
  // The customer's columns, named or looked in by search words, wait for the customers held.
  const customers = joinsCustomer(scope.resource)
    ? await heldLists.find(source, { resource: 'customers' }, lang)
    : undefined;
  const searched = filter.filter((condition) => condition.field === ANY_FIELD).map((each) => each.value);
  if (words !== undefined) searched.push(words);
  await learntNames(heldLists, [list, customers], searched.join(' '));
  const { fields, words: looked } = fieldsNamed(
    [...filter, ...(words === undefined ? [] : [lookFor(words)])],
    fieldNamerOf([list], customerColumnNamesOf(customers)),
  );
  const named = [...fields, sortOrderOf(sort)?.field ?? '', field ?? ''];
  // One customer's agreements or contacts all have its columns: its words need not wait for every customer.
  const everyCustomer = looked && scope.customerId === undefined;
  const join =
    (await customerJoinFor(heldLists, source, scope.resource, lang, named, signal, everyCustomer)) ??
    heldCustomerJoin(heldLists, source, scope.resource, lang);
  const shown = await heldViewRows(list, lang, filter, sort, signal, join);
  // Rows with the customer's columns are another answer than rows without (customers held since).
  return { list, status, version: `${version}:${join?.key ?? ''}`, join, shown };
}

/** The search box's condition for `words`: looked for in every column, by the words' rules. */
const lookFor = (words: string) => ({ field: ANY_FIELD, op: 'contains' as const, value: words });

/**
 * A table's search (`search.rows`) answered from the list held for its view: the rows from `from`
 * that pass the filter, in the view's order.
 */
export async function searchRows(
  heldLists: HeldLists,
  source: ListSource,
  input: ParsedRequestInput<'search.rows'>,
  signal: AbortSignal,
): Promise<RequestOutputs['search.rows']> {
  const { from, count, sample } = input;
  const { status, version, shown } = await viewOfList(heldLists, source, input, signal);
  const { matches, recordAt, firstRows } = shown;
  return {
    rows: Array.from(matches.subarray(from, from + count), recordAt),
    from,
    matches: matches.length,
    version,
    list: status,
    ...(sample && { sample: firstRows }),
  };
}

/**
 * Find in a view (`search.find`): the view's rows that hold the words, counted, and the one nearest
 * the active row. The words are searched over the whole list on their own (kept by their text, so a
 * filter changed finds them again at once), then placed where the view shows them (found-rows.ts).
 */
export async function findInView(
  heldLists: HeldLists,
  source: ListSource,
  input: ParsedRequestInput<'search.find'>,
  signal: AbortSignal,
): Promise<RequestOutputs['search.find']> {
  const { text, lang, from, direction } = input;
  const { list, status, join, shown } = await viewOfList(heldLists, source, input, signal, { words: text });
  const found = await heldViewRows(list, lang, [lookFor(text)], undefined, signal, join);
  const positions = foundPositions(shown.matches, found.matches, list.rows.length);
  return { total: positions.length, match: nearestFound(positions, from, direction), list: status };
}

/**
 * A column's values over a view (`search.values`): counted over the view's rows once the list is
 * held whole, each value as the view shows it (days to a deadline as of today, the customer's
 * columns joined), amounts with their record's currency.
 */
export async function columnValues(
  heldLists: HeldLists,
  source: ListSource,
  input: ParsedRequestInput<'search.values'>,
  signal: AbortSignal,
): Promise<RequestOutputs['search.values']> {
  const { field, lang } = input;
  const { list, status, join, shown } = await viewOfList(heldLists, source, input, signal, { field });
  if (status.state !== 'held') return { values: null, list: status };
  // An amount is in its record's currency (the schema says the field is one); other numbers have none to read.
  const money = (list.fields.get(lang) ?? []).some(
    (each) => each.key === field && each.format === 'currency',
  );
  const values = await heldColumnValues(list.rows, shown.matches, field, {
    reading: list.readingIn(lang),
    join,
    money,
    signal,
  });
  return { values, list: status };
}

/**
 * The finder's answer (`search.customers`): the customers a text names, found in the customers,
 * contacts and (after Enter) agreements held, with those lists' statuses as they stood when the
 * search began. `read` starts the reads of lists not held.
 */
export async function findCustomers(
  heldLists: HeldLists,
  source: ListSource,
  { text, lang, limit, read, agreements: byAgreement }: ParsedRequestInput<'search.customers'>,
  signal: AbortSignal,
): Promise<RequestOutputs['search.customers']> {
  // Looked for as an agreement's id too: Enter was pressed, and the screen waits for the lists.
  const held = (resource: 'customers' | 'contacts' | 'agreements') =>
    read
      ? heldLists.use(source, { resource }, lang, { urgent: byAgreement === true })
      : heldLists.find(source, { resource }, lang);
  const [customers, contacts, agreements] = await Promise.all([
    held('customers'),
    held('contacts'),
    byAgreement ? held('agreements') : undefined,
  ]);
  const statusOf = (list: HeldList | undefined) => (list ? heldLists.statusOf(list, lang) : null);
  const shown = (list: HeldList | undefined) => list && { rows: list.rows, reading: list.readingIn(lang) };
  // As in searchRows: the statuses taken before the search runs, so a list that finished reading
  // meanwhile is not said whole for an answer that looked only at the rows read then.
  const statuses = {
    customers: statusOf(customers),
    contacts: statusOf(contacts),
    ...(byAgreement && { agreements: statusOf(agreements) }),
  };
  await learntNames(heldLists, [customers, contacts], text);
  return {
    ...(await suggestCustomers(
      text,
      { customers: shown(customers), contacts: shown(contacts), agreements: shown(agreements) },
      limit,
      signal,
      { customers: fieldNamerOf([customers]), contacts: fieldNamerOf([contacts]) },
    )),
    ...statuses,
  };
}

/**
 * A search that names a field by a label of a language the lists were not shown in yet
 * (search-words.ts) waits for their labels in every language: asked then, once.
 */
async function learntNames(
  heldLists: HeldLists,
  lists: (HeldList | undefined)[],
  text: string,
): Promise<void> {
  const named = parseSearch(text, fieldNamerOf(lists)).notes.some((note) => note.kind === 'unknownField');
  if (named) await Promise.all(lists.flatMap((list) => (list ? [heldLists.learnLabels(list)] : [])));
}

/** A customer's agreements summed up (`lists.summary`), from the whole list only: a part of it would mislead. */
export async function customerSummary(
  heldLists: HeldLists,
  source: ListSource,
  { customerId, lang }: ParsedRequestInput<'lists.summary'>,
): Promise<RequestOutputs['lists.summary']> {
  const list = await heldLists.use(source, { resource: 'agreements', customerId }, lang);
  const reading = list.readingIn(lang);
  const whole =
    list.state === 'held'
      ? summarize(Array.from({ length: list.rows.length }, (_, index) => list.rows.recordAt(index, reading)))
      : null;
  return { summary: whole, list: heldLists.statusOf(list, lang) };
}
