import { describe, expect, it } from 'vitest';
import { LIST_CHANGES_MAX } from '../../../shared/held-list.js';
import { HeldRows } from '../columns/held-rows.js';
import { fieldsThatDiffer, ListChanges, recordDifferences } from './list-changes.js';
import { Slicer } from '../../slices.js';

const rowsOf = (records: Record<string, unknown>[]) => {
  const rows = new HeldRows();
  rows.append(records);
  return rows;
};

describe('what changed in a held list', () => {
  it('keeps the value the person saw before a field changed twice, and the latest time', () => {
    const changes = new ListChanges();
    changes.changed({ id: 'A', name: 'Dupont' }, { id: 'A', name: 'Dupond' }, 1);
    changes.changed({ id: 'A', name: 'Dupond' }, { id: 'A', name: 'Durand', city: 'Lyon' }, 2);
    expect(changes.snapshot().rows).toEqual([
      { id: 'A', at: 2, kind: 'changed', previous: { name: 'Dupont', city: undefined } },
    ]);
  });

  it('records nothing for a record that did not change, nested values compared by what they hold', () => {
    const changes = new ListChanges();
    changes.changed({ id: 'A', tags: ['x'] }, { id: 'A', tags: ['x'] }, 1);
    expect(changes.snapshot().rows).toEqual([]);
    expect(changes.version).toBe(0);
    expect(fieldsThatDiffer({ a: 1, b: { c: 1 } }, { a: 1, b: { c: 2 }, d: null })).toEqual(['b', 'd']);
  });

  it('a row new since the person looked stays new when it changes again: they saw nothing before', () => {
    const changes = new ListChanges();
    changes.added({ id: 'N', name: 'First' }, 1);
    changes.changed({ id: 'N', name: 'First' }, { id: 'N', name: 'Second' }, 2);
    expect(changes.snapshot().rows).toEqual([{ id: 'N', at: 2, kind: 'new', previous: {} }]);
  });

  it('a row new then gone leaves nothing; one gone then back is changed at most', () => {
    const changes = new ListChanges();
    changes.added({ id: 'N' }, 1);
    changes.removed({ id: 'N' }, 2);
    changes.removed({ id: 'G', name: 'Gone' }, 3);
    expect(changes.snapshot().gone).toEqual([{ id: 'G', at: 3, record: { id: 'G', name: 'Gone' } }]);
    changes.added({ id: 'G', name: 'Back' }, 4);
    expect(changes.snapshot()).toEqual({
      rows: [{ id: 'G', at: 4, kind: 'changed', previous: { name: 'Gone' } }],
      gone: [],
      unlisted: 0,
    });
  });

  it('lists at most LIST_CHANGES_MAX, and counts the rest', () => {
    const changes = new ListChanges();
    for (let n = 0; n < LIST_CHANGES_MAX + 3; n++) changes.added({ id: `R${n}` }, n);
    expect(changes.count()).toEqual({ rows: LIST_CHANGES_MAX, gone: 0, unlisted: 3 });
    changes.seen(['R0']);
    expect(changes.count().rows).toBe(LIST_CHANGES_MAX - 1);
    changes.seen();
    expect(changes.count()).toEqual({ rows: 0, gone: 0, unlisted: 0 });
  });

  it('compares a list read again with the rows it replaces, by id whatever their order', async () => {
    const before = rowsOf([
      { id: 'A', name: 'Alpha' },
      { id: 'B', name: 'Beta' },
      { id: 'C', name: 'Gamma' },
    ]);
    const after = rowsOf([
      { id: 'C', name: 'Gamma' },
      { id: 'A', name: 'Alpha 2' },
      { id: 'D', name: 'Delta' },
    ]);
    const changes = new ListChanges();
    await recordDifferences(before, after, changes, 5, new Slicer());
    const { rows, gone } = changes.snapshot();
    expect(rows.map(({ id, kind }) => [id, kind]).sort()).toEqual([
      ['A', 'changed'],
      ['D', 'new'],
    ]);
    expect(rows.find((row) => row.id === 'A')?.previous).toEqual({ name: 'Alpha' });
    expect(gone).toEqual([{ id: 'B', at: 5, record: { id: 'B', name: 'Beta' } }]);
  });
});
