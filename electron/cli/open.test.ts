import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { keepPort } from '../core/store/host-port.js';
import { cdbInProcess as cdb } from './testing/in-process.js';

// `cdb open LINK`: the link checked by the app's parser (a hostile one refused, exit 2), then the
// address of the browser host that ran last on the data folder, which opens it in the app's tab.

let dataDir = '';
beforeEach(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'cdb-open-'));
  vi.stubEnv('CDB_DATA_DIR', dataDir);
});
afterEach(async () => {
  vi.unstubAllEnvs();
  await rm(dataDir, { recursive: true, force: true });
});

describe('cdb open', () => {
  it('prints the address of the browser host that ran last, carrying the link', async () => {
    await keepPort(join(dataDir, 'host-port.json'), 43_117);
    const link = 'cdb://customer/CUS-00000042?connection=Prod';
    expect(await cdb(['open', link])).toEqual({
      code: 0,
      stdout: `http://127.0.0.1:43117/#link=${encodeURIComponent(link)}\n`,
      stderr: '',
    });
  });

  it('says when no browser host has run on the data folder', async () => {
    const run = await cdb(['open', 'cdb://view/agreements?connection=Prod']);
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/no browser host has run on the app's data folder: start it/);
  });

  it.each([
    [['open'], 'usage: cdb open LINK'],
    [['open', '--inspect'], 'usage: cdb open LINK'],
    [['open', 'cdb://customer/CUS-1?connection=Prod', 'extra'], 'usage: cdb open LINK'],
    [['open', 'cdb://customer/../view/customers?connection=Prod'], 'a link has no "." or ".." in its path'],
    [['open', 'https://evil.example/cdb://customer/CUS-1'], 'not a cdb:// link'],
    [['open', 'cdb://delete/CUS-1?connection=Prod'], 'unknown action "delete"'],
  ])('refuses %j, changing nothing', async (argv, problem) => {
    await keepPort(join(dataDir, 'host-port.json'), 43_117);
    const run = await cdb(argv);
    expect(run.code).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr).toContain(problem);
  });
});
