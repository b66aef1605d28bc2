import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { readdir, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import readXlsxFile from 'read-excel-file/node';
import { describe, expect, it } from 'vitest';
import { CDB, cdbHarness, NO_KEYCHAIN } from './testing/cdb-harness.js';

// `cdb` as administrators run it: a process of its own, talking to the Demo API over HTTP, with a
// data folder of its own and the real keychain of the test session (testing/cdb-harness.ts).
const harness = cdbHarness({ seed: 21, size: { customers: 400, contacts: 500, agreements: 1_500 } });
const { cdb, connection, withSecret, apiRecords } = harness;

// Each test starts cdb processes one after another (a few seconds each on a busy 2-core machine,
// under a second when it is quiet): the time they are given is a setup wait, not a figure.
describe('cdb export', { timeout: 120_000 }, () => {
  it('exports a sorted, filtered French view as CSV for French Excel, cell for cell', async () => {
    const out = join(harness.outDir, 'contrats.csv');
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
    const customer = (await harness.api.get('/v1/customers?size=1&sort=createdAt.asc')).body.data[0]
      .id as string;
    const expected = await apiRecords(`/v1/customers/${customer}/agreements`, {});
    for (const format of ['jsonl', 'xlsx']) {
      const out = join(harness.outDir, `one.${format}`);
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
      cdb(['export', ...connection(), '--resource', 'customers', '--out', join(harness.outDir, name)], {
        env: withSecret(),
      });
    expect((await run('a.csv')).code).toBe(0);
    const afterFirst = harness.api.counters.tokenRequests;
    expect(afterFirst).toBeGreaterThanOrEqual(1);
    expect((await run('b.csv')).code).toBe(0);
    expect(harness.api.counters.tokenRequests).toBe(afterFirst);
  });

  it('without a keychain says so and counts each token it spends; CDB_TOKEN_CACHE=file keeps the token, never the secret', async () => {
    const run = (name: string, env: Record<string, string> = {}) =>
      cdb(['export', ...connection(), '--resource', 'contacts', '--out', join(harness.outDir, name)], {
        env: { ...withSecret(), ...NO_KEYCHAIN, ...env },
      });
    const first = await run('a.csv');
    expect(first.code, first.stderr).toBe(0);
    expect(first.stderr.match(/no system keychain: secrets kept for this run only/g)).toHaveLength(1);
    expect(first.stderr).toMatch(/token 1 of 15 today; no keychain, so the next run will ask for another/);
    expect(
      (await readFile(join(harness.outDir, 'a.csv'), 'utf8')).split('\r\n').filter(Boolean),
    ).toHaveLength(501);
    expect((await run('b.csv')).stderr).toMatch(/token 2 of 15 today/);

    const requests = harness.api.counters.tokenRequests;
    const cached = await run('c.csv', { CDB_TOKEN_CACHE: 'file' });
    expect(cached.stderr).toMatch(/token 3 of 15 today; kept in the token file for the next runs/);
    const reused = await run('d.csv', { CDB_TOKEN_CACHE: 'file' });
    expect(reused.code, reused.stderr).toBe(0);
    expect(reused.stderr).not.toMatch(/new access token/);
    expect(harness.api.counters.tokenRequests).toBe(requests + 1);
    const tokenFile = join(harness.dataDir, 'token-cache.json');
    expect((await stat(tokenFile)).mode & 0o777).toBe(0o600);
    expect(await readFile(tokenFile, 'utf8')).not.toContain(harness.api.clientSecret);
  });

  it('fails in one line with the reason, leaving nothing at --out', async () => {
    const out = join(harness.outDir, 'never.csv');
    // Another client id, so no token cached by an earlier run can stand in for the secret.
    const stranger = [
      '--base-url',
      harness.api.baseUrl,
      '--auth-url',
      harness.api.authUrl,
      '--client-id',
      'stranger',
    ];
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
    expect(await readdir(harness.outDir)).toEqual([]);
  });

  it('stops on Ctrl+C with exit 130 and nothing at --out', async () => {
    const out = join(harness.outDir, 'interrupted.csv');
    const child = spawn(
      process.execPath,
      [CDB, 'export', ...connection(), '--resource', 'agreements', '--size', '10', '--out', out],
      {
        env: { ...process.env, CDB_DATA_DIR: harness.dataDir, ...withSecret() },
      },
    );
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    harness.api.faults.delayNext(1_000, 20);
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
    expect(await readdir(harness.outDir)).toEqual([]);
  });

  it('writes decimal commas for French Excel with --decimal-comma', async () => {
    const out = join(harness.outDir, 'fr.csv');
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
