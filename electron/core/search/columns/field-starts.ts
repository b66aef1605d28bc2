import type { ListColumns } from './list-columns.js';
import type { RowBlock } from './row-block.js';
import { dictionaryText, type RowsReading } from './rows-reading.js';
import { searchedSlots, type Kind } from './term-fields.js';
import { slotsStarting } from './text-slots.js';

/**
 * Calls `note` with each row of `block` (of `list`, as `reading` shows it) with a field that starts
 * with `start` (a field of `kind`: its folded words or its digits), and whether that field is
 * `start` whole: the top bar ranks such rows first (customer-finder.ts). A row may be noted once
 * for each such field.
 */
export function fieldStartsIn(
  list: ListColumns,
  reading: RowsReading,
  block: RowBlock,
  start: string,
  kind: Kind,
  note: (row: number, whole: boolean) => void,
): void {
  block.columns.forEach((kept, column) => {
    if (!kept) return;
    if (kept.kind === 'coded') {
      const starting = new Uint8Array(list.dictionaries[column]?.size ?? 0);
      slotsStarting(
        dictionaryText(list, column, reading)[kind],
        start,
        (code, whole) => (starting[code] = whole ? 2 : 1),
      );
      kept.codes.forEach((code, row) => {
        const flag = starting[code] ?? 0;
        if (flag) note(row, flag === 2);
      });
      return;
    }
    const slots = searchedSlots(kept, kind);
    if (slots) slotsStarting(slots, start, note);
  });
}
