import { spawnSync } from 'node:child_process';
import { mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { registerHost } from '../core/store/running-hosts.js';
import { ADDRESS_PATH, SESSION_HEADER } from '../shared/wire.js';
import { cdbInProcess as cdb } from './testing/in-process.js';
import { makeTempFolder } from '../core/testing/temp-folder.js';

// `cdb open LINK`: the link checked by the app's parser (a hostile one refused, exit 2), then a
// one-time address asked of the browser host running on the data folder, carrying the link.

const SESSION = 'a-session-credential-of-the-host';
let root = '';
let dataDir = '';
let servers: Server[] = [];

/** A host as `cdb open` reaches it: real HTTP on 127.0.0.1, handing out an address to its own session only. */
async function listeningHost(): Promise<number> {
  const server = createServer((request, response) => {
    if (request.url !== ADDRESS_PATH || request.headers[SESSION_HEADER] !== SESSION)
      return void response.writeHead(401).end();
    const { port } = server.address() as AddressInfo;
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(JSON.stringify({ url: `http://127.0.0.1:${port}/#session=one-time-key` }));
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  servers.push(server);
  return (server.address() as AddressInfo).port;
}

beforeEach(async () => {
  root = await makeTempFolder('cdb-open-');
  dataDir = join(root, 'data');
  await mkdir(join(root, 'runtime'), { mode: 0o700 });
  vi.stubEnv('XDG_RUNTIME_DIR', join(root, 'runtime'));
  vi.stubEnv('CDB_DATA_DIR', dataDir);
});
afterEach(async () => {
  vi.unstubAllEnvs();
  for (const server of servers) server.close();
  servers = [];
  await rm(root, { recursive: true, force: true });
});

describe('cdb open', () => {
  it('prints a one-time address asked of the host running on the data folder, carrying the link', async () => {
    const port = await listeningHost();
    await registerHost({ port, dataDir, session: SESSION });
    const link = 'cdb://customer/CUS-00000042?connection=Prod';
    expect(await cdb(['open', link])).toEqual({
      code: 0,
      stdout: `http://127.0.0.1:${port}/#session=one-time-key&link=${encodeURIComponent(link)}\n`,
      stderr: '',
    });
  });

  it('takes the only host running when no data folder is named, and asks which when several run', async () => {
    const port = await listeningHost();
    await registerHost({ port, dataDir: join(root, 'elsewhere'), session: SESSION });
    vi.stubEnv('CDB_DATA_DIR', undefined);
    expect((await cdb(['open', 'cdb://view/agreements?connection=Prod'])).code).toBe(0);
    vi.stubEnv('CDB_DATA_DIR', dataDir);
    const run = await cdb(['open', 'cdb://view/agreements?connection=Prod']);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(
      `no browser host runs on the data folder ${dataDir}; one runs on ${join(root, 'elsewhere')}`,
    );
  });

  it('says none is running, and forgets a host whose process ended (judged by its process, not a clock)', async () => {
    const ended = spawnSync(process.execPath, ['-e', 'process.pid']).pid;
    const folder = join(root, 'runtime', 'cdb-hosts');
    await mkdir(folder, { recursive: true, mode: 0o700 });
    await writeFile(
      join(folder, `${ended}.json`),
      JSON.stringify({ owner: { pid: ended, host: hostname() }, port: 9, dataDir, session: SESSION }),
      { mode: 0o600 },
    );
    const run = await cdb(['open', 'cdb://view/agreements?connection=Prod']);
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/no browser host is running: start it/);
    expect(await readdir(folder)).toEqual([]);
  });

  it('says so when the host it found does not answer, printing no address', async () => {
    const port = await listeningHost();
    servers[0]?.close();
    await registerHost({ port, dataDir, session: SESSION });
    const run = await cdb(['open', 'cdb://view/agreements?connection=Prod']);
    expect(run.code).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr).toContain(`does not answer on http://127.0.0.1:${port}`);
  });

  it.each([
    [['open'], 'usage: cdb open LINK'],
    [['open', '--inspect'], 'usage: cdb open LINK'],
    [['open', 'cdb://customer/CUS-1?connection=Prod', 'extra'], 'usage: cdb open LINK'],
    [['open', 'cdb://customer/../view/customers?connection=Prod'], 'a link has no "." or ".." in its path'],
    [['open', 'https://evil.example/cdb://customer/CUS-1'], 'not a cdb:// link'],
    [['open', 'cdb://delete/CUS-1?connection=Prod'], 'unknown action "delete"'],
  ])('refuses %j, changing nothing', async (argv, problem) => {
    const run = await cdb(argv);
    expect(run.code).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr).toContain(problem);
  });
});
