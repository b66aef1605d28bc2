import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import readXlsxFile from 'read-excel-file/node';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { recordsOf, startTestApi, type TestApi } from '../demo-api/test-support.js';

// `cdb` as administrators run it: a process of its own, talking to the Demo API over HTTP, with a
// data folder of its own and the real keychain of the test session.
const CDB = join(import.meta.dirname, '../../bin/cdb.mjs');
let api: TestApi;
let dataDir: string;
let outDir: string;

beforeAll(async () => {
  api = await startTestApi({ seed: 21, size: { customers: 400, contacts: 500, agreements: 1_500 } });
});
afterAll(() => api.close());
beforeEach(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'cdb-data-'));
  outDir = await mkdtemp(join(tmpdir(), 'cdb-out-'));
  return async () => {
    await rm(dataDir, { recursive: true, force: true });
    await rm(outDir, { recursive: true, force: true });
  };
});

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs `cdb args…` to its end, with `input` on stdin. */
async function cdb(
  args: string[],
  { env = {}, input = '' }: { env?: Record<string, string>; input?: string } = {},
): Promise<Run> {
  const child = spawn(process.execPath, [CDB, ...args], {
    env: { ...process.env, CDB_DATA_DIR: dataDir, ...env },
    stdio: 'pipe',
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  child.stdin.end(input);
  const [code] = (await once(child, 'exit')) as [number | null];
  return { code, stdout, stderr };
}

const connection = () => ['--base-url', api.baseUrl, '--auth-url', api.authUrl, '--client-id', api.clientId];
const withSecret = () => ({ CDB_CLIENT_SECRET: api.clientSecret });
const NO_KEYCHAIN = { DBUS_SESSION_BUS_ADDRESS: 'unix:path=/nonexistent/bus' };

async function apiRecords(path: string, params: Record<string, string>, language?: string) {
  return recordsOf(await api.traverse(path, { size: '500', ...params }, { language }));
}

describe('cdb export', () => {
  it('exports a sorted, filtered French view as CSV for French Excel, cell for cell', async () => {
    const out = join(outDir, 'contrats.csv');
    const run = await cdb(
      [
        'export',
        ...connection(),
        '--resource',
        'agreements',
        '--sort',
        'endDate.asc',
        '--lang',
        'fr',
        '--where',
        'status != terminated',
        '--where',
        "name ~ 'premium'",
        '--columns',
        'id,name,statusLabel,endDate,mrr',
        '--delimiter',
        ';',
        '--bom',
        '--out',
        out,
      ],
      { env: withSecret() },
    );
    expect(run.stderr).toMatch(/cdb export: [\d,]+ rows written to .*contrats\.csv/);
    expect(run.code).toBe(0);
    const expected = (await apiRecords('/v1/agreements', { sort: 'endDate.asc' }, 'fr')).filter(
      (record) => record.status !== 'terminated' && (record.name as string).toLowerCase().includes('premium'),
    );
    const text = await readFile(out, 'utf8');
    expect(text.startsWith('\ufeff')).toBe(true);
    const [header, ...rows] = parse(text.slice(1), { delimiter: ';' });
    expect(header).toEqual([
      'N° contrat',
      'Intitulé',
      'Statut (libellé)',
      'Date de fin',
      'Revenu mensuel (MRR)',
    ]);
    expect(rows).toEqual(
      expected.map((record) => [
        record.id,
        record.name,
        record.statusLabel ?? '',
        record.endDate ?? '',
        record.mrr === null ? '' : String(record.mrr as number),
      ]),
    );
    expect(rows.length).toBeGreaterThan(20);
  });

  it('exports JSON Lines and XLSX of one customer’s agreements', async () => {
    const customer = (await api.get('/v1/customers?size=1&sort=createdAt.asc')).body.data[0].id as string;
    const expected = await apiRecords(`/v1/customers/${customer}/agreements`, {});
    for (const format of ['jsonl', 'xlsx']) {
      const out = join(outDir, `one.${format}`);
      const run = await cdb(
        [
          'export',
          ...connection(),
          '--resource',
          'agreements',
          '--customer',
          customer,
          '--format',
          format,
          '--out',
          out,
        ],
        {
          env: withSecret(),
        },
      );
      expect(run.code, run.stderr).toBe(0);
      if (format === 'jsonl') {
        const lines = (await readFile(out, 'utf8')).trimEnd().split('\n').filter(Boolean);
        expect(lines.map((line) => JSON.parse(line) as unknown)).toEqual(expected);
      } else {
        const [sheet] = await readXlsxFile(out);
        expect(sheet?.data.slice(1).map((row) => row[0])).toEqual(expected.map((record) => record.id));
      }
    }
  });

  it('reuses its token from one run to the next (the daily budget is 15)', async () => {
    const run = (name: string) =>
      cdb(['export', ...connection(), '--resource', 'customers', '--out', join(outDir, name)], {
        env: withSecret(),
      });
    expect((await run('a.csv')).code).toBe(0);
    const afterFirst = api.counters.tokenRequests;
    expect(afterFirst).toBeGreaterThanOrEqual(1);
    expect((await run('b.csv')).code).toBe(0);
    expect(api.counters.tokenRequests).toBe(afterFirst);
  });

  it('without a keychain says so and counts each token it spends; CDB_TOKEN_CACHE=file keeps the token, never the secret', async () => {
    const run = (name: string, env: Record<string, string> = {}) =>
      cdb(['export', ...connection(), '--resource', 'contacts', '--out', join(outDir, name)], {
        env: { ...withSecret(), ...NO_KEYCHAIN, ...env },
      });
    const first = await run('a.csv');
    expect(first.code, first.stderr).toBe(0);
    expect(first.stderr.match(/no system keychain: secrets kept for this run only/g)).toHaveLength(1);
    expect(first.stderr).toMatch(/token 1 of 15 today; no keychain, so the next run will ask for another/);
    expect((await readFile(join(outDir, 'a.csv'), 'utf8')).split('\r\n').filter(Boolean)).toHaveLength(501);
    expect((await run('b.csv')).stderr).toMatch(/token 2 of 15 today/);

    const requests = api.counters.tokenRequests;
    const cached = await run('c.csv', { CDB_TOKEN_CACHE: 'file' });
    expect(cached.stderr).toMatch(/token 3 of 15 today; kept in the token file for the next runs/);
    const reused = await run('d.csv', { CDB_TOKEN_CACHE: 'file' });
    expect(reused.code, reused.stderr).toBe(0);
    expect(reused.stderr).not.toMatch(/new access token/);
    expect(api.counters.tokenRequests).toBe(requests + 1);
    const tokenFile = join(dataDir, 'token-cache.json');
    expect((await stat(tokenFile)).mode & 0o777).toBe(0o600);
    expect(await readFile(tokenFile, 'utf8')).not.toContain(api.clientSecret);
  });

  it('fails in one line with the reason, leaving nothing at --out', async () => {
    const out = join(outDir, 'never.csv');
    // Another client id, so no token cached by an earlier run can stand in for the secret.
    const stranger = ['--base-url', api.baseUrl, '--auth-url', api.authUrl, '--client-id', 'stranger'];
    const wrong = await cdb(['export', ...stranger, '--resource', 'customers', '--out', out], {
      env: { CDB_CLIENT_SECRET: 'wrong' },
    });
    expect(wrong.code).toBe(1);
    expect(wrong.stderr.trim().split('\n').at(-1)).toBe(
      'cdb export: credentials rejected: the token endpoint refused this client id and secret: client authentication failed: wrong client_id or client_secret',
    );
    const missing = await cdb(
      ['export', ...connection(), '--resource', 'agreements', '--customer', 'CUS-99999999', '--out', out],
      {
        env: withSecret(),
      },
    );
    expect(missing.code).toBe(1);
    expect(missing.stderr.trim().split('\n').at(-1)).toBe(
      'cdb export: the API answered HTTP 404: customer CUS-99999999 not found',
    );
    expect(await readdir(outDir)).toEqual([]);
  });

  it('stops on Ctrl+C with exit 130 and nothing at --out', async () => {
    const out = join(outDir, 'interrupted.csv');
    const child = spawn(
      process.execPath,
      [CDB, 'export', ...connection(), '--resource', 'agreements', '--size', '10', '--out', out],
      {
        env: { ...process.env, CDB_DATA_DIR: dataDir, ...withSecret() },
      },
    );
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    api.faults.delayNext(1_000, 20);
    // Interrupted once the export is under way (its first progress line), however long cdb takes to
    // start on a busy machine: a signal before then would stop Node before cdb listens for it.
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no progress within 20 s: ${stderr}`)), 20_000);
      child.stderr.on('data', () => {
        if (/ rows/.test(stderr)) resolve(clearTimeout(timer));
      });
    });
    child.kill('SIGINT');
    const [code] = (await once(child, 'exit')) as [number];
    expect(code).toBe(130);
    expect(stderr).toContain('interrupted; nothing was written');
    expect(await readdir(outDir)).toEqual([]);
  });

  it('writes decimal commas for French Excel with --decimal-comma', async () => {
    const out = join(outDir, 'fr.csv');
    const run = await cdb(
      [
        'export',
        ...connection(),
        '--resource',
        'agreements',
        '--columns',
        'id,mrr',
        '--delimiter',
        ';',
        '--decimal-comma',
        '--out',
        out,
      ],
      { env: withSecret() },
    );
    expect(run.code, run.stderr).toBe(0);
    const records: string[][] = parse(await readFile(out), { delimiter: ';', record_delimiter: '\r\n' });
    const rows = records.slice(1);
    const mrr = rows.map((row) => row[1] ?? '').filter(Boolean);
    expect(mrr.every((cell) => /^-?\d+(,\d+)?$/.test(cell))).toBe(true);
    expect(mrr.some((cell) => cell.includes(','))).toBe(true);
  });
});

describe('cdb profile', () => {
  it('adds a profile with its secret from stdin, lists it, exports with it, removes it', async () => {
    const add = await cdb(['profile', 'add', '--name', 'Demo EU', ...connection()], {
      input: `${api.clientSecret}\n`,
    });
    expect(add.code, add.stderr).toBe(0);
    expect(add.stderr).toContain('"Demo EU" saved (its secret is in the system keychain)');
    expect(add.stdout + add.stderr).not.toContain(api.clientSecret);
    expect(await readFile(join(dataDir, 'profiles.json'), 'utf8')).not.toContain(api.clientSecret);

    const list = await cdb(['profile', 'list']);
    expect(list.stdout).toMatch(/^NAME\s+BASE URL/);
    expect(list.stdout).toMatch(new RegExp(`Demo EU\\s+${api.baseUrl}.*demo-client\\s+saved`));

    const out = join(outDir, 'with-profile.csv');
    const run = await cdb(['export', '--profile', 'demo eu', '--resource', 'customers', '--out', out]);
    expect(run.code, run.stderr).toBe(0);

    const remove = await cdb(['profile', 'remove', 'Demo EU']);
    expect(remove.code).toBe(0);
    expect((await cdb(['profile', 'list'])).stderr).toContain('no profiles yet');
    const gone = await cdb(['export', '--profile', 'Demo EU', '--resource', 'customers', '--out', out]);
    expect(gone.code).toBe(2);
    expect(gone.stderr).toContain('--profile: no profile called "Demo EU"');
  });

  it('refuses bad values naming the flag, and an empty secret', async () => {
    const bad = await cdb(
      [
        'profile',
        'add',
        '--name',
        'x',
        '--base-url',
        'ftp://x',
        '--auth-url',
        api.authUrl,
        '--client-id',
        'c',
      ],
      {
        input: 's',
      },
    );
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--base-url must start with https://');
    const empty = await cdb(['profile', 'add', '--name', 'x', ...connection()], { input: '' });
    expect(empty.code).toBe(2);
    expect(empty.stderr).toContain('the client secret is empty');
  });
});
