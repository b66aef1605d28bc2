import type { CopyFormat } from '../ui/copy-formats';

/**
 * What the grid's context menu offers (a right click, the menu key or Shift+F10), as plain code:
 * on a cell, the ways to copy the selection (or the active cell), the record, only its value or
 * all but it (a filter's condition), and what its header
 * offers; on a header, its column's sort, its values summed up, pin, visibility and width (fit, or by the arrow keys). Each is also a
 * command or a key of its own (the menu is where a pointer finds them).
 */
export type GridMenuAction =
  | { kind: 'copy'; format: CopyFormat | 'cell' }
  | { kind: 'record' | 'pin' | 'unpin' | 'hide' | 'fit' | 'resize' | 'values' }
  /** Only the rows holding the cell's value, or all but them (filter-by-value.ts). */
  | { kind: 'onlyValue' | 'excludeValue' }
  | { kind: 'sort'; descending: boolean };

/** The column the menu was opened on, as the menu needs to know it. */
export interface MenuColumn {
  /** The record's id: always pinned and shown. */
  first: boolean;
  pinned: boolean;
  sortable: boolean;
}

const COPIES: readonly (CopyFormat | 'cell')[] = [
  'cell',
  'headers',
  'raw',
  'csv',
  'json',
  'markdown',
  'html',
];

/** The menu's actions, in order, for a cell or a header of `column`. */
export function gridMenuActions(where: 'cell' | 'header', column: MenuColumn): GridMenuAction[] {
  const sorts: GridMenuAction[] = column.sortable
    ? [
        { kind: 'sort', descending: false },
        { kind: 'sort', descending: true },
      ]
    : [];
  // The header's controls are no stops of Tab (a table is one stop): its column's sort and width
  // are here, from a cell too.
  const columnActions: GridMenuAction[] = [
    ...sorts,
    { kind: 'values' },
    ...(column.first ? [] : [{ kind: column.pinned ? 'unpin' : 'pin' } as const, { kind: 'hide' } as const]),
    { kind: 'fit' },
    { kind: 'resize' },
  ];
  if (where === 'cell')
    return [
      ...COPIES.map((format): GridMenuAction => ({ kind: 'copy', format })),
      { kind: 'record' },
      { kind: 'onlyValue' },
      { kind: 'excludeValue' },
      ...columnActions,
    ];
  return columnActions;
}
