import { describe, expect, it } from 'vitest';
import { gridMenuActions } from './grid-menu';

describe("the grid's context menu", () => {
  it('on a cell: every way to copy, the record, its value only or left out, then what its header offers (the header is no stop of Tab)', () => {
    const kinds = gridMenuActions('cell', { first: false, pinned: false, sortable: true }).map((action) =>
      action.kind === 'copy' ? `copy:${action.format}` : action.kind,
    );
    expect(kinds).toEqual([
      'copy:cell',
      'copy:headers',
      'copy:raw',
      'copy:csv',
      'copy:json',
      'copy:markdown',
      'copy:html',
      'record',
      'onlyValue',
      'excludeValue',
      'sort',
      'sort',
      'values',
      'pin',
      'hide',
      'fit',
      'resize',
    ]);
  });

  it('on a header: the sort where the API sorts by it, unpin once pinned, and the width', () => {
    expect(gridMenuActions('header', { first: false, pinned: true, sortable: true })).toEqual([
      { kind: 'sort', descending: false },
      { kind: 'sort', descending: true },
      { kind: 'values' },
      { kind: 'unpin' },
      { kind: 'hide' },
      { kind: 'fit' },
      { kind: 'resize' },
    ]);
    expect(gridMenuActions('header', { first: false, pinned: false, sortable: false })).toEqual([
      { kind: 'values' },
      { kind: 'pin' },
      { kind: 'hide' },
      { kind: 'fit' },
      { kind: 'resize' },
    ]);
  });

  it('never unpins or hides the record’s id', () => {
    const kinds = gridMenuActions('header', { first: true, pinned: true, sortable: true }).map((a) => a.kind);
    expect(kinds).not.toContain('unpin');
    expect(kinds).not.toContain('hide');
  });
});
