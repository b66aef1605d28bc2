import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { parse } from 'csv-parse/sync';
import { startDemoApi, type DemoApi } from '../../demo-api/testing/faults.js';
import { dataFiles } from '../app-paths.js';
import { appCalls, whenHeld } from '../testing/app-calls.js';
import { openTestCore } from '../testing/test-kit.js';

// An export of a view whose list the app holds whole and fresh writes the rows held, as the table
// shows them: no request for them, at the speed of the disk.

const VIEW = { resource: 'agreements', sort: 'mrr.desc' } as const;
const FILTER = [{ field: 'notice', op: 'between', value: '0..60' }];

async function heldCore() {
  let demo: DemoApi | undefined;
  const kit = await openTestCore({
    startDemo: async () => (demo = await startDemoApi({ size: { customers: 300, agreements: 4_000 } })),
  });
  const { ok, exported } = appCalls(kit.core);
  const search = () =>
    ok('search.rows', { view: VIEW, lang: 'fr', filter: FILTER, from: 0, count: 500, sample: false });
  // The table's search reads the list whole; then it is held.
  await whenHeld(search);
  if (!demo) throw new Error('the Demo did not start');
  // The table's view, exported.
  const exportShown = () =>
    exported({
      view: { ...VIEW, lang: 'fr', filter: FILTER, columns: ['id', 'notice', 'mrr'] },
      options: { format: 'csv' },
      fileName: 'contrats.csv',
    });
  return { ...kit, ok, exported, exportShown, demo, search };
}

describe('an export of a held, fresh list', () => {
  it('writes the rows the table shows, in its order, without one request to the API', async () => {
    const { exportShown, demo, search, close, dataDir } = await heldCore();
    try {
      const shown = await search();
      expect(shown.matches).toBeGreaterThan(10);
      const before = demo.counters.apiRequests;
      const end = await exportShown();
      expect(end.state).toBe('completed');
      expect(demo.counters.apiRequests - before).toBe(0);
      const [header, ...rows]: string[][] = parse(await readFile(end.path, 'utf8'));
      expect(header).toEqual(['N° contrat', 'Jours avant préavis', 'Revenu mensuel (MRR)']);
      expect(rows).toHaveLength(shown.matches);
      expect(rows.slice(0, 500).map((row) => row[0])).toEqual(
        shown.rows.map((row: { id: string }) => row.id),
      );
      expect(rows.every((row) => Number(row[1]) >= 0 && Number(row[1]) <= 60)).toBe(true);
      // The audit log says where the rows came from, and as of when.
      const last = (await readFile(dataFiles(dataDir).auditLog, 'utf8')).trim().split('\n')[0] ?? '{}';
      expect(JSON.parse(last)).toMatchObject({ event: 'started', heldAsOf: expect.any(String) });
    } finally {
      await close();
    }
  });

  it('reads the API when the list is not held in the view’s language', async () => {
    const { exported, demo, close } = await heldCore();
    try {
      const before = demo.counters.apiRequests;
      const end = await exported({
        view: { resource: 'customers', lang: 'fr' },
        options: { format: 'csv' },
        fileName: 'clients.csv',
      });
      expect(end.state).toBe('completed');
      expect(demo.counters.apiRequests - before).toBeGreaterThan(0);
    } finally {
      await close();
    }
  });
});
