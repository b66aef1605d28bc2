import { spawnSync } from 'node:child_process';
import { mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { hostProof, registerHost } from '../core/store/running-hosts.js';
import { ADDRESS_PATH, PROOF_PATH, SESSION_HEADER } from '../shared/contract/wire.js';
import { cdbInProcess as cdb } from './testing/in-process.js';
import { makeTempFolder } from '../core/testing/temp-folder.js';

// `cdb open LINK`: the link checked by the app's parser (a hostile one refused, exit 2), then a
// one-time address asked of the browser host running on the data folder, which keeps the link.

const SESSION = 'a-session-credential-of-the-host';
const PROOF_KEY = 'the-proof-key-the-host-left-in-its-file';
let root = '';
let dataDir = '';
let servers: Server[] = [];

/** The bodies the host was sent: what `cdb open` gave it to keep with the address's key. */
let bodies: string[] = [];

/** A host as `cdb open` reaches it: real HTTP on 127.0.0.1, handing out an address to its own session only. */
async function listeningHost(): Promise<number> {
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      if (request.url === PROOF_PATH) {
        const { nonce } = JSON.parse(body) as { nonce: string };
        response.writeHead(200, { 'content-type': 'application/json' });
        return void response.end(JSON.stringify({ proof: hostProof(PROOF_KEY, nonce) }));
      }
      if (request.url !== ADDRESS_PATH || request.headers[SESSION_HEADER] !== SESSION)
        return void response.writeHead(401).end();
      bodies.push(body);
      const { port } = server.address() as AddressInfo;
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ url: `http://127.0.0.1:${port}/#session=one-time-key` }));
    });
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
  bodies = [];
  await rm(root, { recursive: true, force: true });
});

describe('cdb open', () => {
  it('prints a one-time address asked of the host running on the data folder, which keeps the link: never in the address', async () => {
    const port = await listeningHost();
    await registerHost({ port, dataDir, session: SESSION, proofKey: PROOF_KEY });
    // A filter holding a person's name: it went into the address, so the terminal and the browser's history.
    const link =
      'cdb://view/contacts?connection=Prod&filter=%5B%7B%22field%22%3A%22*%22%2C%22op%22%3A%22contains%22%2C%22value%22%3A%22Jeanne%20Dupontel%22%7D%5D';
    expect(await cdb(['open', link])).toEqual({
      code: 0,
      stdout: `http://127.0.0.1:${port}/#session=one-time-key\n`,
      stderr: '',
    });
    expect(bodies.map((body) => JSON.parse(body) as unknown)).toEqual([
      { link: expect.stringContaining('Jeanne') },
    ]);
  });

  it('takes the only host running when no data folder is named, and asks which when several run', async () => {
    const port = await listeningHost();
    await registerHost({ port, dataDir: join(root, 'elsewhere'), session: SESSION, proofKey: PROOF_KEY });
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
      JSON.stringify({
        owner: { pid: ended, host: hostname() },
        port: 9,
        dataDir,
        session: SESSION,
        proofKey: PROOF_KEY,
      }),
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
    await registerHost({ port, dataDir, session: SESSION, proofKey: PROOF_KEY });
    const run = await cdb(['open', 'cdb://view/agreements?connection=Prod']);
    expect(run.code).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr).toContain(`does not answer on http://127.0.0.1:${port}`);
  });

  it('gives nothing to a program on the port that cannot prove it is the host (a host gone, its port taken), and prints no address', async () => {
    const heard: (string | string[] | undefined)[] = [];
    const impostor = createServer((request, response) => {
      heard.push(request.headers[SESSION_HEADER]);
      response.writeHead(200, { 'content-type': 'application/json' });
      const { port } = impostor.address() as AddressInfo;
      response.end(JSON.stringify({ proof: 'a guess', url: `http://127.0.0.1:${port}/#session=mine` }));
    });
    await new Promise<void>((done) => impostor.listen(0, '127.0.0.1', done));
    servers.push(impostor);
    const { port } = impostor.address() as AddressInfo;
    await registerHost({ port, dataDir, session: SESSION, proofKey: PROOF_KEY });
    const run = await cdb(['open', 'cdb://view/agreements?connection=Prod']);
    expect(run.code).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr).toContain(`what answers on http://127.0.0.1:${port} is not the browser host`);
    // Asked to prove itself, and never sent the credential.
    expect(heard).toEqual([undefined]);
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
