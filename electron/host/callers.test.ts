import { mkdir, rm, writeFile } from 'node:fs/promises';

import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppCore } from '../core/service/app-core.js';
import { Vault } from '../core/auth/vault.js';
import { startDemoApi, type DemoApi } from '../demo-api/testing/faults.js';
import { CALLER_HEADER } from '../shared/contract/wire.js';
import { startHost, type RunningHost } from './host-server.js';
import { HostTestClient } from './testing/test-client.js';
import { makeTempFolder } from '../core/testing/temp-folder.js';

// Two browser tabs of one host each count their requests from page-1: neither may cancel the
// other's, and data.cancel never reaches an export (only export.cancel does).

let dir: string;
let core: AppCore;
let host: RunningHost;
let client: HostTestClient;
let demo: DemoApi | undefined;

/** API calls the Demo has received (counted on arrival, before its latency). */
const received = () => demo?.counters.apiRequests ?? 0;

/** Once the Demo has received a call past the `before` first: the request runs in the app, for 300 ms. */
async function untilRunning(before: number): Promise<void> {
  while (received() <= before) await new Promise((resolve) => setTimeout(resolve, 5));
}

beforeAll(async () => {
  dir = await makeTempFolder('cdb-callers-');
  await mkdir(join(dir, 'renderer'));
  await writeFile(join(dir, 'renderer', 'index.html'), '<!doctype html><title>renderer</title>');
  core = await AppCore.open({
    dataDir: join(dir, 'data'),
    exportDir: join(dir, 'exports'),
    vault: new Vault(undefined, 'callers', 'the Demo keeps its credentials in memory'),
    // Slow answers keep requests and exports running while the other tab tries to cancel them.
    startDemo: async () =>
      (demo = await startDemoApi({
        latencyMs: 300,
        size: { customers: 50, contacts: 50, agreements: 3_000 },
      })),
  });
  host = await startHost({ core, rendererDir: join(dir, 'renderer') });
  client = new HostTestClient(host);
});

afterAll(async () => {
  await host.close();
  await core.close();
  await rm(dir, { recursive: true, force: true });
});

const tab = (caller: string) => ({
  call: async (name: string, argument: unknown) =>
    (await client.call(name, argument, { [CALLER_HEADER]: caller })).body as {
      ok: boolean;
      value?: any;
      error?: any;
    },
});

describe('callers', () => {
  it('a tab cannot cancel another tab’s request of the same id; its own, it can', async () => {
    const [a, b] = [tab('tab-a'), tab('tab-b')];
    const page = { view: { resource: 'customers' }, size: 10, lang: 'en', requestId: 'page-1' };
    let before = received();
    const running = a.call('data.listPage', page);
    await untilRunning(before);
    expect(await b.call('data.cancel', { requestId: 'page-1' })).toEqual({
      ok: true,
      value: { cancelled: false },
    });
    expect(await running).toMatchObject({ ok: true, value: { rows: expect.any(Array) } });

    before = received();
    const mine = a.call('data.listPage', page);
    await untilRunning(before);
    expect(await a.call('data.cancel', { requestId: 'page-1' })).toEqual({
      ok: true,
      value: { cancelled: true },
    });
    expect(await mine).toMatchObject({ ok: false, error: { code: 'cancelled' } });
  });

  it('data.cancel cannot cancel an export; export.cancel can', async () => {
    const a = tab('tab-a');
    const started = await a.call('export.start', {
      view: { resource: 'agreements', lang: 'en' },
      options: { format: 'csv', pageSize: 100 },
      fileName: 'agreements.csv',
    });
    const { exportId } = started.value as { exportId: string };
    expect(await a.call('data.cancel', { requestId: exportId })).toEqual({
      ok: true,
      value: { cancelled: false },
    });
    expect(await a.call('export.cancel', { exportId })).toEqual({ ok: true, value: { cancelled: true } });
  });
});
