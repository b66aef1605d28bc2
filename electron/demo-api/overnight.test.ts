import { describe, expect, it } from 'vitest';
import { RESOURCES } from '../shared/api-rules.js';
import { changeOne, type DemoChange } from './overnight.js';
import { createRandom } from './random.js';
import { formatId } from './rows.js';
import { DemoStore } from './store.js';

const SIZE = { customers: 300, contacts: 600, agreements: 900 };
const changesOf = (seed: number, count: number) => {
  const store = new DemoStore(1, SIZE, '2026-01-01');
  const random = createRandom(seed);
  const changes = Array.from({ length: count }, () => changeOne(store, random)).filter(
    (change): change is DemoChange => change !== undefined,
  );
  return { store, changes };
};

describe('the Demo changed overnight', () => {
  it('renames, adds and deletes records as a real API does, each stamped with the server’s clock', () => {
    const { store, changes } = changesOf(7, 300);
    const kinds = new Set(changes.map((change) => change.kind));
    expect(kinds).toEqual(new Set(['renamed', 'new', 'gone']));
    expect(new Set(changes.map((change) => change.resource))).toEqual(new Set(RESOURCES));
    const now = Math.floor(Date.now() / 1000) - 5;
    const byId = (resource: DemoChange['resource'], id: string) =>
      Array.from({ length: store.tables[resource].size }, (_, index) =>
        store.tables[resource].at(index),
      ).find((row) => row && formatId(resource, row.id) === id);
    // The last change of each record is what its list shows now.
    const last = new Map(changes.map((change) => [`${change.resource} ${change.id}`, change]));
    for (const { kind, resource, id } of last.values()) {
      const row = byId(resource, id);
      if (kind === 'gone') expect(row, id).toBeUndefined();
      else if (kind === 'new') expect(row?.createdAt, id).toBeGreaterThanOrEqual(now);
      else if (row) expect(row.updatedAt, id).toBeGreaterThanOrEqual(now);
    }
    // Mostly edits, as a day brings them.
    const renamed = changes.filter((change) => change.kind === 'renamed').length;
    expect(renamed).toBeGreaterThan(changes.length / 2);
  });

  it('gives the same changes in the same order for the same seed', () => {
    expect(changesOf(3, 50).changes).toEqual(changesOf(3, 50).changes);
    expect(changesOf(3, 50).changes).not.toEqual(changesOf(4, 50).changes);
  });
});
