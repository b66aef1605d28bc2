import { readdir, writeFile } from 'node:fs/promises';

import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cdbInProcess as cdb } from './testing/in-process.js';
import { tempFolders } from '../core/testing/temp-folder.js';

// `cdb`'s arguments, in this process: every refusal happens before a keychain, a data folder or the
// network is touched. cdb.integration.test.ts runs it as administrators do, a process of its own.
const API = 'http://127.0.0.1:39';
const CONNECTION = ['--base-url', API, '--auth-url', `${API}/oauth/token`, '--client-id', 'c'];
let outDir: string;

const newFolder = tempFolders('cdb-out-');
beforeEach(async () => {
  outDir = await newFolder();
  vi.stubEnv('CDB_CLIENT_SECRET', 'the-secret');
});
afterEach(() => {
  vi.unstubAllEnvs();
});

describe('cdb export refuses what it cannot do, naming the flag', () => {
  it.each([
    [['--resource', 'invoices'], '--resource must be one of customers, contacts, agreements, got "invoices"'],
    [
      ['--resource', 'customers', '--sort', 'mrr.desc'],
      '--sort must be FIELD.asc or FIELD.desc with FIELD one of createdAt, updatedAt',
    ],
    [['--resource', 'customers', '--colour', 'red'], "Unknown option '--colour'"],
    [['--resource', 'customers', '--size', '900'], '--size must be a whole number from 1 to 500, got "900"'],
    [
      ['--resource', 'customers', '--format', 'docx'],
      '--format must be one of csv, jsonl, xlsx, pdf, got "docx"',
    ],
    [['--resource', 'customers', '--format', 'pdf'], '--format pdf needs --customer ID'],
    [
      ['--resource', 'agreements', '--customer', 'CUS-00000001', '--format', 'pdf'],
      "--format pdf writes a customer's record: give --customer ID, with --resource customers or none",
    ],
    [['--customer', '..', '--format', 'pdf'], '--customer: must be a customer id'],
    [['--resource', 'customers', '--where', 'name like x'], '--where "name like x": expected FIELD OP VALUE'],
    [
      ['--resource', 'agreements', '--where', 'engagement between 30'],
      '--where "engagement between 30": between takes two bounds, as "engagement between 0..30"',
    ],
    [['--resource', 'customers', '--lang', 'de'], '--lang must be one of en, fr, got "de"'],
    [['--resource', 'contacts', '--customer', '..'], '--customer: must be a customer id, not "." or ".."'],
    [
      ['--resource', 'customers', '--customer', 'c-1'],
      '--customer goes with --resource contacts or agreements',
    ],
  ])('refuses %j (exit 2), writing nothing', async (args, message) => {
    const run = await cdb(['export', ...CONNECTION, ...args, '--out', join(outDir, 'x.csv')]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(message);
    expect(await readdir(outDir)).toEqual([]);
  });

  it('refuses an --out whose folder is not there, naming it, before anything is asked of the API', async () => {
    const run = await cdb([
      'export',
      ...CONNECTION,
      '--resource',
      'customers',
      '--out',
      join(outDir, 'reports', 'x.csv'),
    ]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(
      `--out: the folder "${join(outDir, 'reports')}" does not exist; create it first`,
    );
    expect(await readdir(outDir)).toEqual([]);
  });

  it('refuses a connection that is not safe or not complete', async () => {
    const out = join(outDir, 'x.csv');
    const view = ['--resource', 'customers', '--out', out];
    const plain = await cdb([
      'export',
      '--base-url',
      'http://api.example.com',
      ...CONNECTION.slice(2),
      ...view,
    ]);
    expect(plain.code).toBe(2);
    expect(plain.stderr).toContain('--base-url must use https://');
    const both = await cdb(['export', '--profile', 'p', ...CONNECTION, ...view]);
    expect(both.stderr).toContain('--profile cannot be combined with --base-url');
    vi.stubEnv('CDB_CLIENT_SECRET', '');
    const noSecret = await cdb(['export', ...CONNECTION, ...view]);
    expect(noSecret.code).toBe(2);
    expect(noSecret.stderr).toContain('CDB_CLIENT_SECRET');
    expect(await readdir(outDir)).toEqual([]);
  });
});

describe('help', () => {
  it.each([[['--help']], [['export', '--help']], [['profile', '--help']], [['serve-demo', '--help']]])(
    '%j prints usage',
    async (args) => {
      const run = await cdb(args);
      expect(run.code).toBe(0);
      expect(run.stdout).toMatch(/^Usage: cdb/);
    },
  );

  it('takes --ca-file only with a connection given by flags, and a file that holds a certificate', async () => {
    const exportWith = (...connection: string[]) =>
      cdb(['export', ...connection, '--resource', 'customers', '--out', join(outDir, 'a.csv')]);
    const withProfile = await exportWith('--profile', 'P', '--ca-file', 'root.pem');
    expect(withProfile.code).toBe(2);
    expect(withProfile.stderr).toContain('--profile cannot be combined with --ca-file');
    const notPem = join(outDir, 'not-a-root.pem');
    await writeFile(notPem, 'hello');
    const run = await exportWith(...CONNECTION, '--ca-file', notPem);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('holds no certificate');
  });

  it('names an unknown command', async () => {
    const run = await cdb(['exprot']);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('unknown command "exprot"');
  });

  it.each([['constructor'], ['toString'], ['__proto__'], ['hasOwnProperty']])(
    'names "%s" an unknown command, not a member of every object (L9)',
    async (command) => {
      const run = await cdb([command]);
      expect(run.code).toBe(2);
      expect(run.stderr).toContain(`unknown command "${command}"`);
    },
  );

  it('writes a command typed with terminal escapes out inert (M15)', async () => {
    const run = await cdb(['\u001b]52;c;Y3VybCBldmlsfHNo\u0007\u001b[2K\rdone']);
    expect(run.code).toBe(2);
    expect(run.stderr.trimEnd()).not.toMatch(/\p{Cc}/u);
    expect(run.stderr).toContain('\\u{1b}]52;c;');
  });

  it('prints usage and exit 2 when called with nothing', async () => {
    const run = await cdb([]);
    expect(run.code).toBe(2);
    expect(run.stdout).toMatch(/^Usage: cdb/);
  });
});
