import { useSetting } from '../data/useSetting';
import { useCommand } from '../keyboard/commands';
import { steppedTextSize } from '../table/table-text';

/**
 * The tables' text size, larger, smaller or back to the window's, by its keys and the command box
 * from anywhere: kept in the settings of this computer, every table of every window follows.
 */
export function useTextSizeCommands() {
  const size = useSetting('tableTextSize');
  const step = (by: -1 | 0 | 1) => void size.choose(steppedTextSize(size.value, by));
  useCommand('table.textLarger', () => step(1));
  useCommand('table.textSmaller', () => step(-1));
  useCommand('table.textReset', () => step(0));
}
