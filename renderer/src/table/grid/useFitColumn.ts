import type { RefObject } from 'react';
import type { ApiRecord } from '@shared/schema';
import { rowsOnScreen } from './row-viewport';
import type { ViewRows } from '../view/useViewRows';
import type { DataTableInstance } from '../columns/table-columns';

/**
 * Fits a column to what it shows (its header's double-click, the menu's Fit): the rows on screen now
 * and the sample the table was first sized on.
 */
export function useFitColumn(
  scrollRef: RefObject<HTMLElement | null>,
  { source, firstRows }: Pick<ViewRows, 'source' | 'firstRows'>,
  rowHeight: number,
  columns: {
    table: DataTableInstance;
    /** The width that fits column `key` to `records`, if it has one. */
    fit: (key: string, records: ApiRecord[]) => number | undefined;
  },
): (key: string) => void {
  const recordsOnScreen = () => {
    if (!scrollRef.current) return [];
    const { first, last } = rowsOnScreen(scrollRef.current, source.rowCount, rowHeight);
    const records: ApiRecord[] = [];
    for (let index = first; index <= last; index++) {
      const record = source.rowAt(index);
      if (record) records.push(record);
    }
    return records;
  };
  return (key: string) => {
    const width = columns.fit(key, [...recordsOnScreen(), ...(firstRows ?? [])]);
    if (width !== undefined) columns.table.setColumnSizing((current) => ({ ...current, [key]: width }));
  };
}
