import { useTranslation } from 'react-i18next';
import type { Language } from '@shared/api-rules';
import { cellSeparatorOf } from '@shared/locale';
import { useCopyText } from '../data/clipboard';
import type { RowSource } from '../rows';
import { copyAs, type CopyFormat } from '../ui/copy-formats';
import { failureLine } from '../ui/describe-failure';
import { cellsOf } from './copy-selection';
import type { ViewRows } from './view/useViewRows';

/**
 * What a table copies: a cell's, a selection's or a record field's text (`copyValue`, with its HTML
 * table), and rows `from`…`to` in a format (`copyRows`: the columns shown, in their order, cells
 * separated as a spreadsheet in the window's language expects). Each says so in the toolbar.
 */
export function useTableCopy(
  rows: Pick<ViewRows, 'textOf' | 'setNotice'>,
  source: RowSource,
  columns: readonly { key: string; label: string }[],
) {
  const { t, i18n } = useTranslation();
  const language = i18n.language as Language;
  const copyText = useCopyText();
  const copyValue = (text: string, html?: string) =>
    void copyText(text, html).then(
      () => rows.setNotice({ key: 'table.copied', brief: true }),
      (failure: unknown) =>
        rows.setNotice({ key: 'table.copyFailed', values: { reason: failureLine(t, language, failure) } }),
    );
  const copyRows = (from: number, to: number, format: CopyFormat) => {
    const copied = copyAs(format, cellsOf(source, columns, rows.textOf, from, to), cellSeparatorOf(language));
    copyValue(copied.text, copied.html);
  };
  return { copyValue, copyRows };
}
