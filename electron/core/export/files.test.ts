import { lstat, mkdir, readdir, readFile, rm, symlink, unlink, writeFile } from 'node:fs/promises';
import { createHash } from 'node:crypto';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { connect, type Connection } from '../api/connect.js';
import { GrantLedger } from '../auth/grant-ledger.js';
import { LimiterRegistry } from '../rate/limiter-registry.js';
import { profileFor, startOtherApi, type OtherApi, type OtherApiOptions } from '../testing/other-api.js';
import { TokenManagers } from '../auth/token-managers.js';
import { Vault } from '../auth/vault.js';
import { AuditLog } from './audit-log.js';
import { runExport } from './run-export.js';
import { removeLeftovers } from './temp-file.js';
import { makeTempFolder } from '../testing/temp-folder.js';

// The export's files against what can happen to them: a folder others can write to, a network that
// drops pages, a crash. Against a server of the test's own (testing/other-api.ts).

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function wire(
  options: OtherApiOptions,
): Promise<{ api: OtherApi; connection: Connection; dir: string }> {
  const api = await startOtherApi(options);
  const dir = await makeTempFolder('cdb-files-');
  const limiters = new LimiterRegistry();
  const connection = connect(profileFor(api), {
    tokens: new TokenManagers({
      vault: new Vault(undefined, 'files', 'the test keeps its secret in memory'),
      ledger: await GrantLedger.open(undefined),
    }),
    limiters,
    readSecret: () => Promise.resolve(api.clientSecret),
  });
  cleanups.push(async () => {
    limiters.closeAll();
    await api.close();
    await rm(dir, { recursive: true, force: true });
  });
  return { api, connection, dir };
}

const exportTo = (connection: Connection, target: string, auditLog?: AuditLog) =>
  runExport(
    connection.client,
    {
      profile: 'files',
      view: { resource: 'contacts', lang: 'en' },
      options: { format: 'csv', pageSize: 100 },
      target,
    },
    { auditLog },
  );

describe('the temporary file', () => {
  it('cannot be redirected: a symlink planted at its name during the export leaves the file elsewhere untouched', async () => {
    const { connection, dir } = await wire({ rows: 1_000, pageDelayMs: 60 });
    const exports = join(dir, 'exports');
    await mkdir(exports);
    const victim = join(dir, 'elsewhere.txt');
    await writeFile(victim, 'precious');
    const running = exportTo(connection, join(exports, 'contacts.csv')).catch((error: unknown) => error);
    // Wait for the temporary file, then swap it for a link to the victim, as another user could.
    let temp: string | undefined;
    for (let i = 0; i < 100 && !temp; i++) {
      temp = (await readdir(exports)).find((name) => name.endsWith('.part'));
      if (!temp) await new Promise((resolve) => setTimeout(resolve, 10));
    }
    expect(temp).toMatch(/^\.contacts\.csv\.cdb-[0-9a-f]{8}-\d+-[0-9a-f]{12}\.part$/);
    await unlink(join(exports, temp ?? ''));
    await symlink(victim, join(exports, temp ?? ''));
    const outcome = await running;
    expect(await readFile(victim, 'utf8')).toBe('precious');
    // The export notices its file was replaced and puts nothing at the target.
    expect(outcome).toMatchObject({ code: 'EREPLACED' });
    expect(await readdir(exports)).not.toContain('contacts.csv');
  });

  it('leftovers of a process that died are removed; those of a running one and other files are not', async () => {
    const dir = await makeTempFolder('cdb-leftovers-');
    cleanups.push(() => rm(dir, { recursive: true, force: true }));
    const dead = '.a.csv.cdb-999999999-0123456789ab.part';
    const alive = `.b.csv.cdb-${process.pid}-0123456789ab.part`;
    const host = createHash('sha256').update(hostname()).digest('hex').slice(0, 8);
    const deadHere = `.e.csv.cdb-${host}-999999999-0123456789ab.part`;
    // Written from another machine into a shared folder: its pid says nothing here (L14).
    const elsewhere = '.f.csv.cdb-0badc0de-999999999-0123456789ab.part';
    for (const name of [dead, alive, deadHere, elsewhere, '.c.csv.part', 'd.csv'])
      await writeFile(join(dir, name), 'x');
    expect((await removeLeftovers(dir)).sort()).toEqual([dead, deadHere].sort());
    expect((await readdir(dir)).sort()).toEqual([alive, elsewhere, '.c.csv.part', 'd.csv'].sort());
  });
});

describe('a network that drops pages', () => {
  it('connections reset on some pages mid-export: each page is asked again, the file equals a clean export', async () => {
    const clean = await wire({ rows: 2_000 });
    await exportTo(clean.connection, join(clean.dir, 'clean.csv'));
    const flaky = await wire({ rows: 2_000, resetRequests: [3, 7, 8, 15] });
    const result = await exportTo(flaky.connection, join(flaky.dir, 'flaky.csv'));
    expect(result.rows).toBe(2_000);
    expect(await readFile(join(flaky.dir, 'flaky.csv'), 'utf8')).toBe(
      await readFile(join(clean.dir, 'clean.csv'), 'utf8'),
    );
  });
});

describe('the audit log', () => {
  it('is never appended through a link planted at its name, and its new folder is the user’s only (L5)', async () => {
    const { connection, dir } = await wire({ rows: 10 });
    const target = join(dir, 'elsewhere.txt');
    await writeFile(target, 'the user’s own file');
    const path = join(dir, 'audit.log');
    await symlink(target, path);
    const error = await exportTo(connection, join(dir, 'x.csv'), new AuditLog(path)).catch(
      (failure: unknown) => failure,
    );
    expect(String(error)).toMatch(/audit\.log is a symbolic link: the app does not write through it/);
    expect(await readFile(target, 'utf8')).toBe('the user’s own file');
    const fresh = join(dir, 'new-data', 'audit.log');
    await exportTo(connection, join(dir, 'y.csv'), new AuditLog(fresh));
    expect((await lstat(join(dir, 'new-data'))).mode & 0o777).toBe(0o700);
  });

  it('a line when an export starts and one when it ends: rows written, an error code, never a server’s words or a filter’s values', async () => {
    const { connection, dir } = await wire({ rows: 500 });
    const auditLog = new AuditLog(join(dir, 'audit.log'));
    await runExport(
      connection.client,
      {
        profile: 'files',
        view: {
          resource: 'contacts',
          lang: 'en',
          filter: [{ field: 'name', op: 'contains', value: 'jean.dupont@example.com' }],
        },
        options: { format: 'csv', pageSize: 100 },
        target: join(dir, 'filtered.csv'),
      },
      { auditLog },
    );
    const failing = await exportTo(connection, join(dir, 'missing-folder', 'x.csv'), auditLog).catch(
      (error: unknown) => error,
    );
    expect(failing).toMatchObject({ code: 'ENOENT' });
    const text = await readFile(auditLog.path, 'utf8');
    expect(text).not.toContain('jean.dupont@example.com');
    expect(
      text
        .trim()
        .split('\n')
        .map((line) => (JSON.parse(line) as { event: string }).event),
    ).toEqual(['started', 'ended', 'started', 'ended']);
    const [failed, completed] = await auditLog.recent(5);
    expect(completed).toMatchObject({
      outcome: 'completed',
      rows: 0,
      view: { filter: [{ field: 'name', op: 'contains' }] },
    });
    expect(failed).toMatchObject({ outcome: 'failed', rows: 0, error: 'ENOENT' });
    expect((await lstat(auditLog.path)).mode & 0o777).toBe(0o600);
  });

  it('an export whose process stops keeps its "started" line, read as unfinished', async () => {
    const dir = await makeTempFolder('cdb-audit-');
    cleanups.push(() => rm(dir, { recursive: true, force: true }));
    const auditLog = new AuditLog(join(dir, 'audit.log'));
    await auditLog.started({
      id: 'crashed',
      time: new Date().toISOString(),
      profile: 'p',
      view: { resource: 'agreements', lang: 'fr' },
      format: 'xlsx',
      path: '/tmp/x.xlsx',
    });
    expect(await auditLog.recent(5)).toMatchObject([{ id: 'crashed', outcome: 'unfinished', rows: 0 }]);
  });
});
