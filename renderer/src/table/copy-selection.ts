import type { RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApiRecord } from '@shared/schema';
import { useCommand } from '../keyboard/commands';
import type { RowSource } from '../rows';
import type { CopiedCells, CopyFormat } from '../ui/copy-formats';

/**
 * Rows `from`…`to` of `source` as the cells copy-formats.ts writes: each column's text as the table
 * writes it, and the API's own value beside it. Rows still being read are copied empty: what is
 * copied lines up with what is selected.
 */
export function cellsOf(
  source: Pick<RowSource, 'rowAt'>,
  columns: CopiedCells['columns'],
  textOf: (key: string, record: ApiRecord) => string,
  from: number,
  to: number,
): CopiedCells {
  const rows: CopiedCells['rows'][number][] = [];
  for (let index = from; index <= to; index++) {
    const record = source.rowAt(index) ?? {};
    rows.push({
      shown: columns.map(({ key }) => textOf(key, record)),
      // A column the record does not carry (a customer's, joined) is copied as the table writes it.
      raw: columns.map(({ key }) => (key in record ? record[key] : textOf(key, record) || null)),
    });
  }
  return { columns, rows };
}

/** The command box's ways of copying a table's selection (or its active row), each named in the language shown. */
export function useCopyCommands(scope: RefObject<HTMLElement | null>, copy: (format: CopyFormat) => void) {
  const { t } = useTranslation();
  useCommand('table.copyHeaders', () => copy('headers'), { scope, label: t('copy.headers') });
  useCommand('table.copyRaw', () => copy('raw'), { scope, label: t('copy.raw') });
  useCommand('table.copyCsv', () => copy('csv'), { scope, label: t('copy.csv') });
  useCommand('table.copyJson', () => copy('json'), { scope, label: t('copy.json') });
  useCommand('table.copyMarkdown', () => copy('markdown'), { scope, label: t('copy.markdown') });
  useCommand('table.copyHtml', () => copy('html'), { scope, label: t('copy.html') });
}
