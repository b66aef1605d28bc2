import type { CustomerSuggestion } from '../../shared/held-list.js';
import type { ApiRecord } from '../../shared/schema.js';
import {
  FIELD_SEPARATOR,
  fieldValues,
  foldText,
  searchableTextOf,
  searchableValue,
  type SearchTerms,
} from '../../shared/search.js';
import { isBlankQuery, parseSearch, shownTermsOf } from '../../shared/search-words.js';
import type { HeldRows } from './columns/held-rows.js';
import type { RowsReading } from './columns/rows-reading.js';
import type { RowsSearch } from './columns/rows-search.js';
import { Slicer } from '../slices.js';
import { customerIdIn, customerIdOf } from '../../shared/customer-columns.js';

/**
 * Rows looked through between two looks at the clock: the finder counts every match, which for two
 * letters is most of both lists, in slices (slices.ts).
 */
const ROWS_PER_STEP = 5_000;

/** A customer's name as a record gives it. */
function nameOf(record: ApiRecord | undefined): string | undefined {
  return typeof record?.name === 'string' && record.name ? record.name : undefined;
}

/** The customers the top bar offers for what was typed, and how many customers match in all. */
export interface CustomerMatches {
  suggestions: CustomerSuggestion[];
  /** Every customer that matches, by its own fields or one of its contacts', counted once. */
  total: number;
}

/** A held list's rows as a language shows them. */
export interface ShownRows {
  rows: HeldRows;
  reading: RowsReading;
}

/** The held lists the finder looks in: agreements only by id. */
export interface FinderLists {
  customers: ShownRows | undefined;
  contacts: ShownRows | undefined;
  agreements?: ShownRows | undefined;
}

/** How well a record matches what was typed: its id, a whole field, the start of a field, or words within. */
const RANK = { id: 0, whole: 1, start: 2, words: 3 } as const;

/** A customer that matches, by the best of its records that match (its own, or a contact). */
interface Candidate {
  rank: number;
  /** Its own fields before its contacts', then the list's order. */
  order: number;
  /** The record's row in its list. */
  index: number;
  of: 'customer' | 'contact' | 'agreement';
}

/**
 * The customers the top bar offers for what was typed (an id, a name, an email or a phone of the
 * customer or of one of its contacts), each customer once, at most `limit`, and how many match in
 * all: the customer whose id it is first, then those with a field that is what was typed (an email
 * a colleague or a shared mailbox also has: its own contact's among them), then those with a field
 * that starts with it, then the others, each group in the lists' order, a customer's own fields
 * before its contacts'. Reads held rows only: no request. Runs in slices; stopped by `signal`.
 */
export async function suggestCustomers(
  text: string,
  { customers, contacts, agreements }: FinderLists,
  limit: number,
  signal?: AbortSignal,
  namers: Partial<Record<'customers' | 'contacts', (name: string) => string | undefined>> = {},
): Promise<CustomerMatches> {
  const slicer = new Slicer(signal);
  // Its words (search-words.ts), a column named as each list names it (« Nom » is a customer's
  // name, a contact's last name): a field a list does not have holds nothing in that list.
  const queryIn = (list: 'customers' | 'contacts') => parseSearch(text, namers[list]);
  const query = queryIn('customers');
  if (isBlankQuery(query)) return { suggestions: [], total: 0 };
  const terms = shownTermsOf(query);
  const typed = typedOf(text, terms);
  const candidates = new Map<string, Candidate>();
  let order = 0;
  const consider = (customerId: string, candidate: Candidate) => {
    const known = candidates.get(customerId);
    if (!known || candidate.rank < known.rank) candidates.set(customerId, candidate);
  };
  for (const found of byId(text.trim(), typed, { customers, contacts, agreements }))
    consider(found.customerId, { rank: RANK.id, order: order++, ...found });
  for (const [shown, of] of [
    [customers, 'customer'],
    [contacts, 'contact'],
  ] as const) {
    if (!shown) continue;
    const { rows, reading } = shown;
    const search = rows.search(of === 'customer' ? query : queryIn('contacts'), reading);
    const ranks = fieldRanks(rows, search, typed);
    for (let from = 0; from < rows.length; from += ROWS_PER_STEP) {
      rows.findTerms(search, from, Math.min(rows.length, from + ROWS_PER_STEP), (index) => {
        // A contact that names no customer leads nowhere.
        const customerId =
          of === 'customer'
            ? searchableValue(rows.valueAt(index, 'id'))
            : customerIdIn((field) => rows.valueAt(index, field));
        if (customerId)
          consider(customerId, { rank: ranks.get(index) ?? RANK.words, order: order++, index, of });
      });
      await slicer.pause();
    }
  }
  const recordOf = ({ of, index }: Candidate): ApiRecord => {
    const shown = of === 'customer' ? customers : of === 'contact' ? contacts : agreements;
    return shown ? shown.rows.recordAt(index, shown.reading) : {};
  };
  return {
    suggestions: best(candidates, limit).map((candidate) =>
      suggestionOf(candidate, recordOf(candidate), customers, terms, typed),
    ),
    total: candidates.size,
  };
}

/**
 * The records whose id is what was typed, and their customers': a customer's id, a customer's
 * number alone ("11004" for CUS-00011004), a contact's id (its customer).
 */
function byId(id: string, typed: Typed, { customers, contacts, agreements }: FinderLists): IdFound[] {
  const found: IdFound[] = [];
  const rows = customers?.rows;
  const customer =
    rows?.indexOf(id) ?? (/^\d+$/.test(id) && typed.digits ? rows?.indexByNumber(id) : undefined);
  const customerId = customer === undefined ? undefined : searchableValue(rows?.valueAt(customer, 'id'));
  if (customer !== undefined && customerId) found.push({ customerId, index: customer, of: 'customer' });
  for (const [shown, of] of [
    [contacts, 'contact'],
    [agreements, 'agreement'],
  ] as const) {
    const index = shown?.rows.indexOf(id);
    const itsCustomer =
      index === undefined ? undefined : customerIdIn((field) => shown?.rows.valueAt(index, field));
    if (index !== undefined && itsCustomer) found.push({ customerId: itsCustomer, index, of });
  }
  return found;
}

/** A record whose id was typed, and its customer. */
type IdFound = Pick<Candidate, 'index' | 'of'> & { customerId: string };

/**
 * The first `limit` candidates by rank, then order. Most match by words alone and, never replaced
 * by a better match, stand in the map in the lists' order: only the few better ones are sorted.
 */
function best(candidates: Map<string, Candidate>, limit: number): Candidate[] {
  const better: Candidate[] = [];
  const chosen: Candidate[] = [];
  for (const candidate of candidates.values()) {
    if (candidate.rank < RANK.words) better.push(candidate);
    else if (chosen.length < limit) chosen.push(candidate);
  }
  better.sort((a, b) => a.rank - b.rank || a.order - b.order);
  return [...better, ...chosen].slice(0, limit);
}

/** The suggestion a candidate makes: its customer, and what of it, its contact or its agreement matched. */
function suggestionOf(
  { of, rank }: Candidate,
  record: ApiRecord,
  customers: ShownRows | undefined,
  terms: SearchTerms,
  typed: Typed,
): CustomerSuggestion {
  const byId = rank === RANK.id;
  const matched = byId
    ? { field: 'id', value: searchableValue(record.id) ?? '', byId }
    : bestField(record, terms, typed);
  if (of === 'customer') {
    const customerId = searchableValue(record.id) ?? '';
    return { customerId, ...told(record), matched: { of, ...matched } };
  }
  const customerId = customerIdOf(record) ?? '';
  return {
    customerId,
    ...told(customers?.rows.record(customerId, customers.reading)),
    matched: { of, ...matched, ...(of === 'contact' && contactNamed(record)) },
  };
}

/** The rows with a field that is what was typed (whole) or starts with it, by index. */
function fieldRanks(rows: HeldRows, search: RowsSearch, typed: Typed): Map<number, number> {
  const ranks = new Map<number, number>();
  const note = (index: number, whole: boolean) => {
    const rank = whole ? RANK.whole : RANK.start;
    if (rank < (ranks.get(index) ?? RANK.words)) ranks.set(index, rank);
  };
  rows.findFieldStarts(search, typed.words, 'words', note);
  if (typed.digits) rows.findFieldStarts(search, typed.digits, 'digits', note);
  return ranks;
}

/** What was typed as a whole field would hold it: folded, and its digits when it is a number (a phone). */
interface Typed {
  words: string;
  digits?: string;
}

function typedOf(text: string, terms: SearchTerms): Typed {
  const number = terms.words.length === 0 && terms.digits.length === 1 ? terms.digits[0] : undefined;
  return { words: foldText(text.trim()), ...(number && { digits: number }) };
}

/**
 * The field of the record that a suggestion says matched: one that is what was typed, else one
 * that starts with it, else the first that holds one of the terms.
 */
function bestField(record: ApiRecord, terms: SearchTerms, typed: Typed): { field: string; value: string } {
  let best: { rank: number; field: string; value: string } | undefined;
  for (const field in record) {
    const value = searchableValue(record[field]);
    if (value === undefined) continue;
    const words = foldText(value);
    // A phone's digits as written and as written otherwise (phone.ts).
    const { digits: allDigits } = searchableTextOf(fieldValues(record, field));
    const digits = allDigits.split(FIELD_SEPARATOR);
    const rank =
      words === typed.words || (typed.digits !== undefined && digits.includes(typed.digits))
        ? RANK.whole
        : words.startsWith(typed.words) ||
            digits.some((each) => typed.digits !== undefined && each.startsWith(typed.digits))
          ? RANK.start
          : terms.words.some((word) => words.includes(word)) ||
              terms.digits.some((seq) => allDigits.includes(seq))
            ? RANK.words
            : undefined;
    if (rank === undefined || (best && best.rank <= rank)) continue;
    best = { rank, field, value };
    if (rank === RANK.whole) break;
  }
  return best
    ? { field: best.field, value: best.value }
    : { field: 'id', value: searchableValue(record.id) ?? '' };
}

/** What a suggestion tells of its customer: its name, and what sets it apart from others of that name. */
function told(record: ApiRecord | undefined): Pick<CustomerSuggestion, 'name' | 'city' | 'email'> {
  const text = (field: string) => {
    const value = record?.[field];
    return typeof value === 'string' && value ? value : undefined;
  };
  const name = nameOf(record);
  const city = text('city');
  const email = text('email');
  return { ...(name !== undefined && { name }), ...(city && { city }), ...(email && { email }) };
}

/** A contact as a suggestion names it: its `name`, else its first and last names, and its id. */
function contactNamed(contact: ApiRecord): { contactName?: string; contactId?: string } {
  const name =
    nameOf(contact) ??
    [contact.firstName, contact.lastName].filter((part) => typeof part === 'string' && part).join(' ');
  const id = searchableValue(contact.id);
  return { ...(name && { contactName: name }), ...(id && { contactId: id }) };
}
