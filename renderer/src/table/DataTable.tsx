import type { CSSProperties } from 'react';
import { FilterBar } from './FilterBar';
import { TableError } from './TableError';
import { ChangesBar } from './ChangesBar';
import { WalkProgress } from './WalkProgress';
import { RecordPanel } from './record-panel/RecordPanel';
import { TableToolbar } from './TableToolbar';
import { TableGrid } from './TableGrid';
import { FindBar } from './find/FindBar';
import { TableDialogs } from './TableDialogs';
import type { TablePlace } from './grid/useTablePlace';
import { useDataTable, type DataTableProps } from './useDataTable';

export type { DataTableProps, TablePlace };

/**
 * The one data table of every view (docs/architecture.md, "How a page reaches the screen"): the rows of the view (useViewRows),
 * sized for the whole view from the start and only those near the screen in the DOM (TableBody,
 * the one component that follows the scroll position), server sorting on the spec's sortable
 * fields (TanStack Table's manual sorting), columns and labels from the schema, the grid's keyboard
 * (useGridKeyboard), its state and moves in useDataTable. This component renders when rows arrive or the user acts, never per scroll.
 */
export function DataTable(props: DataTableProps) {
  const { view, filter, onFilterChange, label, onOpenRow, title, onOpenCustomer } = props;
  const shown = useDataTable(props);
  const { rows, source, scope, grid, columns, dialogs, drawing, cancelWalk } = shown;
  const { recordShown, setRecordShown } = dialogs;
  return (
    // The rows held in memory, for the end-to-end test that memory stays bounded at any depth.
    <section
      ref={scope}
      className="data-table"
      aria-label={label}
      data-held-rows={source.held}
      style={
        {
          '--row-height': `${drawing.rowHeight}px`,
          '--line-height': `${shown.sizes.lineHeight}px`,
          '--table-text': `${shown.sizes.textSize}px`,
        } as CSSProperties
      }
    >
      {title && <h3 className="table-title">{title}</h3>}
      <FilterBar
        table={label}
        columns={rows.filterColumns}
        fieldOf={rows.fieldOf}
        filter={filter}
        onChange={onFilterChange}
        scope={scope}
      />
      <TableToolbar
        table={columns.table}
        rows={rows}
        view={view}
        filter={filter}
        label={label}
        layout={columns.layout}
        columnMenu={{
          edits: columns.edits,
          onReset: columns.resetLayout,
          onColourRules: () => dialogs.setRulesShown(true),
        }}
        place={drawing.place}
        onGoToRow={(row) => shown.goToRow(row - 1)}
        recordShown={recordShown}
        onToggleRecord={() => setRecordShown((shown) => !shown)}
        scope={scope}
        savedView={props.savedView}
      />
      <TableError rows={rows} />
      <ChangesBar changes={shown.changes} filter={filter} onFilterChange={onFilterChange} />
      {shown.find.open && <FindBar find={shown.find} />}
      {rows.walk && <WalkProgress progress={rows.walk} onCancel={cancelWalk} />}
      <TableDialogs shown={shown} view={view} filter={filter} onFilterChange={onFilterChange} />
      <div className="table-and-record">
        <TableGrid
          drawing={drawing}
          label={label}
          rows={rows}
          columns={columns}
          grid={grid}
          onScrolled={shown.keepPlace}
          onOpenRow={onOpenRow}
          onShowRecord={() => setRecordShown(true)}
          valueFilter={shown.valueFilter}
          onValues={dialogs.setValuesOf}
          // Escape that closes something here is not the app's Back.
          onEscape={rows.walk ? cancelWalk : recordShown ? () => setRecordShown(false) : undefined}
        />
        {recordShown && (
          <RecordPanel
            resource={view.resource}
            record={source.rowAt(grid.active.row)}
            fields={rows.filterColumns}
            textOf={rows.textOf}
            wasOf={(key) => {
              const record = source.rowAt(grid.active.row);
              return record && drawing.marks?.(record)?.was.get(key);
            }}
            onCopy={shown.copyValue}
            onOpenCustomer={onOpenCustomer}
            onClose={() => {
              setRecordShown(false);
              drawing.scrollRef.current?.focus({ preventScroll: true });
            }}
          />
        )}
      </div>
    </section>
  );
}
