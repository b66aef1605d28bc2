import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Language } from '@shared/api-rules';
import type { ApiRecord } from '@shared/schema';
import { useRowsStore } from '../data/rows-context';
import type { RowSource } from '../rows';
import { totalsOf, totalsText } from './selection-totals';

/**
 * Says in the status bar the totals of the rows `selection` holds in the column `column` (Excel's
 * status bar): their count, and for a column of numbers the sum, average, minimum and maximum as the
 * column writes them (an amount in its currency). Counted again as rows arrive; said no more when
 * the selection ends or the table goes.
 */
export function useSelectionTotals(
  source: Pick<RowSource, 'rowAt'>,
  selection: { from: number; to: number } | undefined,
  column: { key: string; numeric: boolean; money: boolean } | undefined,
  textOf: (key: string, record: ApiRecord) => string,
) {
  const { t, i18n } = useTranslation();
  const { selection: summary } = useRowsStore();
  const [owner] = useState(() => ({}));
  const totals =
    selection && column && selection.to > selection.from
      ? totalsOf((index) => source.rowAt(index), selection.from, selection.to, column.key, column)
      : undefined;
  const text =
    totals && column ? totalsText(totals, column.key, textOf, t, i18n.language as Language) : undefined;
  // Counted at each render: the table renders again as rows arrive (useViewRows follows the loader).
  useEffect(() => summary.say(owner, text), [summary, owner, text]);
  useEffect(() => () => summary.say(owner, undefined), [summary, owner]);
}
