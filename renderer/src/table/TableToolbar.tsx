import { useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import type { Language } from '@shared/api-rules';
import type { FilterCondition } from '@shared/filter';
import type { ListView } from '../data/queries';
import { ExportDialog } from '../exports/ExportDialog';
import { exportViewOf } from '@shared/export';
import { SaveViewDialog } from '../saved-views/SaveViewDialog';
import type { ColumnLayout } from '@shared/saved-view';
import { numberFormat } from '../i18n/intl';
import { CopyLinkButton } from '../links/CopyLinkButton';
import { useCommand, useShortcutHint } from '../keyboard/commands';
import { ColumnMenu, type ColumnMenuProps } from './columns/ColumnMenu';
import { GoToRow } from './GoToRow';
import { RowPosition } from './RowPosition';
import { SearchStatus } from './SearchStatus';
import type { RowPlace } from './grid/row-viewport';
import type { ColumnMeta, DataTableInstance } from './columns/table-columns';
import type { ViewRows } from './view/useViewRows';
import { sortOrderOf } from '@shared/view';

export interface TableToolbarProps {
  table: DataTableInstance;
  rows: ViewRows;
  view: ListView;
  filter: FilterCondition[];
  label: string;
  /** The table's column layout, as a saved view keeps it. */
  layout: ColumnLayout;
  /** What the columns menu changes: the columns, Reset, the colour rules. */
  columnMenu: Pick<ColumnMenuProps, 'edits' | 'onReset' | 'onColourRules'>;
  /** Where the grid's rows stand: the position text follows it. */
  place: RowPlace;
  /** Brings row `row` (from 1) to the screen and makes it the active row. */
  onGoToRow: (row: number) => void;
  /** Whether the active row's record is shown beside the table, and how to show or hide it. */
  recordShown: boolean;
  onToggleRecord: () => void;
  /** The table: its commands' keys act on it when it holds the focus, or it is the first on the page. */
  scope: RefObject<HTMLElement | null>;
  /** The saved view shown, if one is: its exports are named after it. */
  savedView?: string;
}

/**
 * Above a data table: which rows are on screen of how many (or, filtered, how many matched and the
 * list held for search they come from: SearchStatus), the columns menu, Save view…, Export of exactly this view, and
 * the table's notices.
 */
export function TableToolbar({
  table,
  rows,
  view,
  filter,
  label,
  layout,
  columnMenu,
  place,
  onGoToRow,
  recordShown,
  onToggleRecord,
  scope,
  savedView,
}: TableToolbarProps) {
  const { t, i18n } = useTranslation();
  const language = i18n.language as Language;
  const [exporting, setExporting] = useState(false);
  const [saving, setSaving] = useState(false);
  const columns = table.getVisibleLeafColumns().map((column) => column.id);
  const numbers = numberFormat(language);
  const { count, session } = rows;
  const sortColumn = sortOrderOf(view.sort)?.field;
  /** The sorted column's label, as the dialogs' summaries say it. */
  const sortLabel =
    sortColumn === undefined
      ? undefined
      : (table.getColumn(sortColumn)?.columnDef.meta as ColumnMeta | undefined)?.label;
  const connected = Boolean(session?.connection);
  useCommand('table.saveView', () => setSaving(true), { scope, enabled: connected });
  useCommand('table.export', () => setExporting(true), { scope, enabled: connected });
  const hints = {
    record: useShortcutHint('table.record', t('record.showHint')),
    save: useShortcutHint('table.saveView', t('shortcuts.names.table.saveView')),
    export: useShortcutHint('table.export', t('shortcuts.names.table.export')),
  };
  return (
    <div className="table-toolbar">
      {rows.filtered ? (
        <SearchStatus rows={rows} numbers={numbers} />
      ) : (
        <RowPosition place={place} total={count?.total} numbers={numbers} />
      )}
      {rows.filterProblem && (
        <span className="error" role="alert">
          {t('filter.invalid', { message: rows.filterProblem })}
        </span>
      )}
      {/* A filtered view too: its Nth result (Ctrl+G left the keyboard on the grid there). */}
      <GoToRow
        rowCount={rows.source.rowCount}
        complete={rows.source.complete}
        onGo={onGoToRow}
        scope={scope}
      />
      <ColumnMenu table={table} {...columnMenu} scope={scope} />
      <button type="button" aria-pressed={recordShown} {...hints.record} onClick={onToggleRecord}>
        {t('record.show')}
      </button>
      <button type="button" {...hints.save} onClick={() => setSaving(true)} disabled={!connected}>
        {t('views.saveAction')}
      </button>
      <CopyLinkButton target={{ action: 'view', view, filter }} shortcut="table.copyLink" scope={scope} />
      {saving && (
        <SaveViewDialog
          view={view}
          filter={filter}
          columns={columns}
          layout={layout}
          table={label}
          sortLabel={sortLabel}
          onSaved={(name) => rows.setNotice({ key: 'views.savedNotice', values: { name }, brief: true })}
          onClose={() => setSaving(false)}
        />
      )}
      <button type="button" {...hints.export} onClick={() => setExporting(true)} disabled={!connected}>
        {t('export.action')}
      </button>
      {exporting && (
        <ExportDialog
          view={exportViewOf({ ...view, columns, filter }, language)}
          table={label}
          savedView={savedView}
          sortLabel={sortLabel}
          total={count?.total}
          // The table's own count of what the filters keep, once it has judged every row.
          matches={rows.filtered && rows.source.complete && !rows.error ? rows.matches : undefined}
          canChooseFolder={session?.canRevealFiles ?? false}
          onClose={() => setExporting(false)}
        />
      )}
      {rows.notice && (
        <span className={rows.notice.brief ? 'notice brief' : 'notice'} role="status">
          {rows.notice.text}
        </span>
      )}
    </div>
  );
}
