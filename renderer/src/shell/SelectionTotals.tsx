import { useSyncExternalStore } from 'react';
import { useRowsStore } from '../data/rows-context';

/**
 * The totals of the rows a table has selected, in the status bar: a polite live region, there from
 * the start, so a screen reader reads each new total once the keys stop.
 */
export function SelectionTotals() {
  const { selection } = useRowsStore();
  const text = useSyncExternalStore(selection.subscribe, selection.text);
  return (
    <span role="status" data-testid="selection-totals" className="selection-totals">
      {text}
    </span>
  );
}
