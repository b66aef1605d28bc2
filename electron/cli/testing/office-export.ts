import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { tempDir } from '../../core/testing/wired.js';

const CDB = join(import.meta.dirname, '../../../bin/cdb.mjs');

/**
 * Runs `cdb export` of the customers of `api` (connection by flags, its secret in the environment)
 * as a process of its own, with a data folder and output of its own, and `env` over a shell's that
 * sets no proxy nor extra certificates (this machine's own settings are not the test's). Says how it
 * ended, the rows written, and how many token requests its ledger counted.
 */
export async function exportCustomers(
  api: { url: string; clientId: string; clientSecret: string },
  env: Record<string, string>,
  extra: string[] = [],
) {
  const out = join(await tempDir(), 'customers.csv');
  const dataDir = await tempDir();
  const base = { ...process.env };
  for (const name of Object.keys(base))
    if (/^((https?|no|all)_proxy|NODE_EXTRA_CA_CERTS)$/i.test(name)) delete base[name];
  const flags = ['--base-url', api.url, '--auth-url', api.url, '--client-id', api.clientId];
  const child = spawn(
    process.execPath,
    [CDB, 'export', ...flags, '--resource', 'customers', '--out', out, ...extra],
    {
      env: { ...base, CDB_DATA_DIR: dataDir, CDB_CLIENT_SECRET: api.clientSecret, ...env },
      stdio: ['ignore', 'ignore', 'pipe'],
    },
  );
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const [code] = (await once(child, 'exit')) as [number | null];
  const rows = code === 0 ? (await readFile(out, 'utf8')).trim().split(/\r?\n/).length - 1 : 0;
  const ledger = await readFile(join(dataDir, 'token-grants.json'), 'utf8').catch(() => '{"clients":{}}');
  const counted = Object.values(
    (JSON.parse(ledger) as { clients: Record<string, { grants: unknown[] }> }).clients,
  ).flatMap((client) => client.grants).length;
  return { code, stderr, rows, counted };
}
