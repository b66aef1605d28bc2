import type { ApiRecord } from '../../shared/schema.js';
import type { HeldRows } from './held-rows.js';
import type { Slicer } from './slices.js';

/** Rows copied between two looks at the clock. */
const ROWS_PER_STEP = 5_000;
/** Of the first page's records, how many must be held already: fewer, and the list has changed too much to translate. */
const LEAST_MATCHED = 0.9;

/**
 * A held list in another language, made from the one held in this one, without reading the list
 * again (docs/architecture.md, "Search"). The API translates some fields' values (a contact's role,
 * an agreement's status label) and nothing else: the first page in the new language, compared record
 * by record with the rows held, says which fields and the word each value becomes. The rows are
 * copied with those values replaced. Undefined when the page says something else than a translation
 * (another value of a field that is not a word for word one, too few records held, a record changed)
 * or when a held value has no known translation: the list is then read again whole.
 */
export async function translatedRows(
  held: HeldRows,
  firstPage: readonly ApiRecord[],
  newRows: () => HeldRows,
  slicer: Slicer,
): Promise<HeldRows | undefined> {
  const words = translationsOf(held, firstPage);
  if (!words) return undefined;
  const rows = newRows();
  for (let from = 0; from < held.length; from += ROWS_PER_STEP) {
    const page: ApiRecord[] = [];
    for (const record of held.records.slice(from, from + ROWS_PER_STEP)) {
      const translated = translate(record, words);
      if (!translated) return undefined;
      page.push(translated);
    }
    rows.append(page);
    await slicer.pause();
  }
  return rows;
}

/** Each translated field's words: a value in the held language, and the same in the new one. */
type Words = Map<string, Map<string, string>>;

function translationsOf(held: HeldRows, firstPage: readonly ApiRecord[]): Words | undefined {
  // The page's records as held, unchanged since (a record changed is no evidence of a translation).
  const pairs: [before: ApiRecord, after: ApiRecord][] = [];
  for (const record of firstPage) {
    const id = record.id;
    const before = typeof id === 'string' || typeof id === 'number' ? held.record(String(id)) : undefined;
    if (before && before.updatedAt === record.updatedAt) pairs.push([before, record]);
  }
  if (pairs.length < Math.min(held.length, firstPage.length) * LEAST_MATCHED) return undefined;
  const words: Words = new Map();
  for (const [before, after] of pairs) {
    for (const field of new Set([...Object.keys(before), ...Object.keys(after)])) {
      const [was, is] = [before[field], after[field]];
      if (was === is || JSON.stringify(was) === JSON.stringify(is)) continue;
      // Only a word for a word: other changes are not the language's.
      if (typeof was !== 'string' || typeof is !== 'string') return undefined;
      const known = words.get(field) ?? new Map<string, string>();
      if (known.has(was) && known.get(was) !== is) return undefined;
      words.set(field, known.set(was, is));
    }
  }
  // A value seen unchanged in a translated field stays itself (a name both languages share).
  for (const [before, after] of pairs) {
    for (const [field, known] of words) {
      const value = before[field];
      if (typeof value === 'string' && value === after[field] && !known.has(value)) known.set(value, value);
    }
  }
  return words;
}

/** The record with its translated fields' values in the new language; undefined for a value without one. */
function translate(record: ApiRecord, words: Words): ApiRecord | undefined {
  let copy: ApiRecord | undefined;
  for (const [field, known] of words) {
    const value = record[field];
    if (value === null || value === undefined) continue;
    const word = typeof value === 'string' ? known.get(value) : undefined;
    if (word === undefined) return undefined;
    if (word !== value) (copy ??= { ...record })[field] = word;
  }
  return copy ?? record;
}
