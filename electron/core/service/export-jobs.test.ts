import { readdir, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startDemoApi, type DemoApi } from '../../demo-api/testing/faults.js';
import { dataFiles } from '../app-paths.js';
import { appCalls } from '../testing/app-calls.js';
import { openTestCore } from '../testing/test-kit.js';

// Exports the app runs, when the app quits in the middle of one.

describe('closing the app', () => {
  it('waits for a running export to end: its temporary file removed, its audit line written', async () => {
    let demo: DemoApi | undefined;
    const { core, root, dataDir } = await openTestCore({
      // Slow answers keep the export running when the app closes.
      startDemo: async () => (demo = await startDemoApi({ latencyMs: 200, size: { agreements: 3_000 } })),
    });
    const { ok } = appCalls(core);
    const running = new Promise<void>((resolve) =>
      core.onEvent((name) => void (name === 'export.progress' && resolve())),
    );
    await ok('export.start', {
      view: { resource: 'agreements', lang: 'en' },
      options: { format: 'csv', pageSize: 100 },
      fileName: 'agreements.csv',
    });
    await running;
    expect(demo?.counters.apiRequests).toBeGreaterThan(0);

    await core.close();
    // Nothing is written in the app's folders once it has closed: they can be removed at once.
    const lines = (await readFile(dataFiles(dataDir).auditLog, 'utf8')).trim().split('\n');
    expect(JSON.parse(lines.at(-1) ?? '{}')).toMatchObject({ outcome: 'cancelled' });
    expect(await readdir(join(root, 'exports'))).toEqual([]);
    await rm(root, { recursive: true });
  });
});
