import { parseSearch } from '../../../shared/search-words.js';
import type { HeldRows } from './held-rows.js';
import type { RowsReading } from './rows-reading.js';

/**
 * Searches that go every way a field is searched: a word in coded values and in text, digits in
 * ids, numbers and date-times, a second clause among the rows the first left. V8 compiles a loop
 * once it has run it often, so the first search in a process took two to five times the next (at a
 * desk's size, "pro 2020" over the agreements: 25–45 ms, then 10).
 */
const EXERCISES = ['e', '1', 'e 1'];
/** Rows searched between two pauses. */
const STEP_ROWS = 5_000;

/**
 * Runs the exercises over `rows` as `reading` shows them, `pause` between two steps, their answers
 * dropped: once a list is held, in the background, so that the first search typed finds its code
 * compiled.
 */
export async function exerciseSearch(
  rows: HeldRows,
  reading: RowsReading,
  pause: () => Promise<void>,
): Promise<void> {
  for (const text of EXERCISES) {
    const search = rows.search(parseSearch(text), reading);
    await search.searchDictionaries(pause);
    for (let from = 0; from < rows.length; from += STEP_ROWS) {
      rows.findTerms(search, from, Math.min(rows.length, from + STEP_ROWS), () => {});
      await pause();
    }
  }
}
