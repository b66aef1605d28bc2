import type { CopyFormat } from '../ui/copy-formats';

/**
 * What the grid's context menu offers (a right click, the menu key or Shift+F10), as plain code:
 * on a cell, the ways to copy the selection (or the active cell), the record, and its column's
 * pin and visibility; on a header, its column's sort, pin, visibility and width. Each is also a
 * command or a key of its own (the menu is where a pointer finds them).
 */
export type GridMenuAction =
  | { kind: 'copy'; format: CopyFormat | 'cell' }
  | { kind: 'record' | 'pin' | 'unpin' | 'hide' | 'fit' }
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
  const columnActions: GridMenuAction[] = column.first
    ? []
    : [{ kind: column.pinned ? 'unpin' : 'pin' }, { kind: 'hide' }];
  if (where === 'cell')
    return [
      ...COPIES.map((format): GridMenuAction => ({ kind: 'copy', format })),
      { kind: 'record' },
      ...columnActions,
    ];
  return [
    ...(column.sortable
      ? [
          { kind: 'sort', descending: false },
          { kind: 'sort', descending: true },
        ]
      : ([] as GridMenuAction[])),
    ...columnActions,
    { kind: 'fit' },
  ] as GridMenuAction[];
}
