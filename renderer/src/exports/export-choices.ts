import type { TFunction } from 'i18next';
import type { Language, Resource } from '@shared/api-rules';
import type { ExportFormat, ExportView } from '@shared/export';
import { counted } from '../i18n/translations';
import { numberFormat } from '../i18n/intl';
import { sortText } from '../ui/sort-text';

// What the export dialog's choices come to, as plain functions: the file's options, its name, and
// the summary of what will be exported.

/** The CSV presets: French Excel's, or the standard's. */
export type CsvPreset = 'excelFr' | 'standard';

const EXTENSIONS: Record<ExportFormat, string> = { csv: 'csv', xlsx: 'xlsx', jsonl: 'jsonl' };

/** French Excel: ; between fields, a BOM for the accents, and 1999,5 for a number. */
export function exportOptions(format: ExportFormat, preset: CsvPreset) {
  return {
    format,
    delimiter: preset === 'excelFr' ? (';' as const) : (',' as const),
    bom: preset === 'excelFr',
    decimalComma: preset === 'excelFr',
  };
}

/** The file's name: the name typed (the list's own when empty) with the format's extension. */
export function fileNameOf(baseName: string, resource: Resource, format: ExportFormat): string {
  return `${baseName.trim() || resource}.${EXTENSIONS[format]}`;
}

/**
 * The name offered first, in the words and at the time the person reads on screen: the saved view's
 * when one is exported (« Lyon à 60 jours 2026-11-27-13-56 »), else the list's (« contrats-2026-11-27-13-56 »).
 */
export function firstBaseName(
  t: TFunction,
  view: Pick<ExportView, 'resource' | 'customerId'>,
  now: Date,
  savedView?: string,
): string {
  const named = savedView === undefined ? '' : fileNamePart(savedView);
  if (named) return `${named} ${localStamp(now)}`;
  return `${t(`export.fileNames.${view.resource}`)}${view.customerId ? `-${view.customerId}` : ''}-${localStamp(now)}`;
}

/** What a file name may not hold (a folder's separator, what Windows refuses, control characters). */
const NOT_IN_NAMES = /[/\\:*?"<>|\p{Cc}]/gu;

/** `text` as a part of a file's name: what no name may hold made a space, at most 100 characters. */
export function fileNamePart(text: string): string {
  return text.replace(NOT_IN_NAMES, ' ').replace(/\s+/g, ' ').trim().slice(0, 100);
}

/** `at` as this computer's clock shows it, in a file name's characters: 2026-11-27-13-56. */
export function localStamp(at: Date): string {
  const two = (part: number) => String(part).padStart(2, '0');
  return `${at.getFullYear()}-${two(at.getMonth() + 1)}-${two(at.getDate())}-${two(at.getHours())}-${two(at.getMinutes())}`;
}

/** What will be exported, said in one sentence: rows, table, columns, filters, sort, labels' language. */
export function exportSummary(
  t: TFunction,
  language: Language,
  {
    view,
    table,
    sortLabel,
    total,
    matches,
  }: { view: ExportView; table: string; sortLabel?: string; total?: number; matches?: number },
): string {
  const numbers = numberFormat(language);
  const filters = view.filter?.length ?? 0;
  // Filtered: the rows the table found when it knows them, else at most the view's count.
  const rows = filters && matches !== undefined ? matches : total;
  return t(
    filters
      ? matches !== undefined
        ? 'export.summaryFiltered'
        : 'export.summaryFilteredUpTo'
      : 'export.summary',
    {
      rows: rows === undefined ? t('counts.rows_other', { n: '…' }) : counted(t, 'rows', rows, numbers),
      table,
      columns: counted(t, 'columns', view.columns?.length ?? 0, numbers),
      filters: counted(t, 'filters', filters, numbers),
      sort: sortText(t, view.sort, () => sortLabel),
      language: t(`export.labelsIn.${language}`),
    },
  );
}
