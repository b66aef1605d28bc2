import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { readdir, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startHostProcess } from '../../e2e/host-process.js';
import { AppCore } from '../core/service/app-core.js';
import { dataFiles } from '../core/app-paths.js';
import { GrantLedger } from '../core/auth/grant-ledger.js';
import { cleanUp, closeLater, otherApi, tempDir } from '../core/testing/wired.js';
import { Vault } from '../core/auth/vault.js';

// Rules that hold across processes (docs/architecture.md, "How a token is spent", "Profiles"): real `cdb` processes and the
// real browser host on one data folder, with the real keychain of the test session.

const CDB = join(import.meta.dirname, '../../bin/cdb.mjs');
afterEach(cleanUp);
const folder = tempDir;

/** Runs `cdb args…` as its own process to its end. */
async function cdb(args: string[], env: Record<string, string>, input = '') {
  const child = spawn(process.execPath, [CDB, ...args], { env: { ...process.env, ...env }, stdio: 'pipe' });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  child.stdout.resume();
  child.stdin.end(input);
  const [code] = (await once(child, 'exit')) as [number | null];
  return { code, stderr };
}

describe('across processes', () => {
  it('an export killed mid-way (SIGKILL) keeps its "started" audit line; the next start removes its temporary file and says so', async () => {
    const api = await otherApi({ rows: 5_000, pageDelayMs: 200 });
    const dataDir = await folder();
    const out = await folder();
    const child = spawn(
      process.execPath,
      [
        CDB,
        'export',
        '--base-url',
        api.url,
        '--auth-url',
        api.url,
        '--client-id',
        api.clientId,
        '--resource',
        'contacts',
        '--size',
        '50',
        '--out',
        join(out, 'contacts.csv'),
      ],
      {
        env: { ...process.env, CDB_DATA_DIR: dataDir, CDB_CLIENT_SECRET: api.clientSecret },
        stdio: 'ignore',
      },
    );
    let leftover: string | undefined;
    for (let i = 0; i < 300 && !leftover; i++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      leftover = (await readdir(out)).find((name) => name.endsWith('.part'));
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
    child.kill('SIGKILL');
    await once(child, 'exit');
    expect(leftover).toBeDefined();
    expect((await stat(join(out, leftover ?? ''))).size).toBeGreaterThan(0);

    const core = await AppCore.open({
      dataDir,
      exportDir: join(dataDir, 'exports'),
      vault: new Vault(undefined, 'crash', 'not needed'),
    });
    closeLater(() => core.close());
    expect(await readdir(out)).toEqual([]);
    const status = await core.handlers['connection.status']({});
    expect(status.notices.join('\n')).toMatch(
      /Removed 1 temporary file\(s\) left in .* by exports that were interrupted/,
    );
    const { entries } = await core.handlers['export.recent']({});
    expect(entries[0]).toMatchObject({ outcome: 'unfinished', path: join(out, 'contacts.csv') });
  }, 60_000);

  it('8 concurrent `cdb profile add` on one data folder: 8 profiles, none lost', async () => {
    const dataDir = await folder();
    const runs = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        cdb(
          [
            'profile',
            'add',
            '--name',
            `P${i}`,
            '--base-url',
            'https://api.example.com',
            '--auth-url',
            'https://auth.example.com',
            '--client-id',
            `client-${i}`,
          ],
          { CDB_DATA_DIR: dataDir },
          `secret-${i}`,
        ),
      ),
    );
    for (const run of runs) expect(run.code, run.stderr).toBe(0);
    const file = JSON.parse(await readFile(join(dataDir, 'profiles.json'), 'utf8')) as {
      profiles: { name: string }[];
    };
    expect(file.profiles.map((profile) => profile.name).sort()).toEqual([
      'P0',
      'P1',
      'P2',
      'P3',
      'P4',
      'P5',
      'P6',
      'P7',
    ]);
  }, 60_000);

  it('the app and two `cdb` exports at once, 3-second tokens: the machine’s ledger counts exactly what the server granted', async () => {
    const api = await otherApi({ tokenSeconds: 3, rows: 8_000 });
    const host = await startHostProcess();
    closeLater(() => host.stop());
    const out = await folder();
    const connection = ['--base-url', api.url, '--auth-url', api.url, '--client-id', api.clientId];

    const saved = (await host.call('connection.save', {
      profile: { name: 'Other', baseUrl: api.url, authUrl: api.url, clientId: api.clientId },
      secret: api.clientSecret,
    })) as { id: string };
    await host.call('connection.select', { id: saved.id });
    const started = performance.now();
    // The app keeps working while the exports run (each call may need a token of its own).
    let appWorking = true;
    const app = (async () => {
      while (appWorking) {
        await host.call('data.count', { view: { resource: 'customers' } });
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
    })();
    const exports = await Promise.all(
      ['a', 'b'].map((name) =>
        cdb(
          [
            'export',
            ...connection,
            '--resource',
            'contacts',
            '--size',
            '100',
            '--out',
            join(out, `${name}.csv`),
          ],
          {
            CDB_DATA_DIR: host.dataDir,
            CDB_CLIENT_SECRET: api.clientSecret,
          },
        ),
      ),
    );
    appWorking = false;
    await app;
    const seconds = (performance.now() - started) / 1000;
    for (const run of exports) expect(run.code, run.stderr).toBe(0);
    expect(seconds).toBeGreaterThan(3);

    const ledger = await GrantLedger.open(dataFiles(host.dataDir).grantLedger);
    const usage = ledger.usage(GrantLedger.clientKey(api.url, api.clientId));
    expect(api.grants()).toBeGreaterThanOrEqual(2);
    expect(usage.used).toBe(api.grants());
    expect(usage.unconfirmed).toBe(0);
    // One token at a time for the whole machine (the keychain and the ledger's lock): no more
    // than one per lifetime, whichever process asked.
    expect(api.grants()).toBeLessThanOrEqual(Math.ceil(seconds / 3) + 1);
    expect(((await host.call('connection.status', {})) as { token: { used: number } }).token.used).toBe(
      api.grants(),
    );
  }, 90_000);

  it('3 `cdb export` runs of a resource the bundle may not read spend 1 token in all: a fresh token refused is not renewed, and the refusal is kept with it', async () => {
    const api = await otherApi({ forbiddenResources: ['agreements'] });
    const dataDir = await folder();
    const out = await folder();
    const connection = ['--base-url', api.url, '--auth-url', api.url, '--client-id', api.clientId];
    for (let run = 0; run < 3; run++) {
      const { code, stderr } = await cdb(
        ['export', ...connection, '--resource', 'agreements', '--out', join(out, 'agreements.csv')],
        { CDB_DATA_DIR: dataDir, CDB_CLIENT_SECRET: api.clientSecret },
      );
      expect(code, stderr).toBe(1);
      expect(stderr).toMatch(/not permitted/);
    }
    expect(api.grants()).toBe(1);
    expect(await readdir(out)).toEqual([]);
  }, 60_000);

  it('`cdb` with another base URL but the saved token endpoint, audience and client id, and a wrong secret: that API gets no token', async () => {
    const genuine = await otherApi();
    const elsewhere = await otherApi();
    const dataDir = await folder();
    const out = await folder();
    const saved = ['--auth-url', genuine.url, '--audience', genuine.url, '--client-id', genuine.clientId];
    const first = await cdb(
      ['export', '--base-url', genuine.url, ...saved, '--resource', 'customers', '--out', join(out, 'a.csv')],
      { CDB_DATA_DIR: dataDir, CDB_CLIENT_SECRET: genuine.clientSecret },
    );
    expect(first.code, first.stderr).toBe(0);
    const second = await cdb(
      [
        'export',
        '--base-url',
        elsewhere.url,
        ...saved,
        '--resource',
        'customers',
        '--out',
        join(out, 'b.csv'),
      ],
      { CDB_DATA_DIR: dataDir, CDB_CLIENT_SECRET: 'a-wrong-secret' },
    );
    expect(second.code).toBe(1);
    expect(second.stderr).toMatch(/credentials rejected/);
    expect(elsewhere.received).toEqual([]);
    expect(genuine.grants()).toBe(1);
  }, 60_000);
});
