import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { tempDir } from '../../core/testing/wired.js';

const CDB = join(import.meta.dirname, '../../../bin/cdb.mjs');

interface TestApi {
  url: string;
  clientId: string;
  clientSecret: string;
}

/** A shell's environment that sets no proxy nor other certificates (this machine's own settings are not the test's). */
function cleanEnvironment(): NodeJS.ProcessEnv {
  const base = { ...process.env };
  for (const name of Object.keys(base))
    if (/^((https?|no|all)_proxy|NODE_EXTRA_CA_CERTS|SSL_CERT_(FILE|DIR))$/i.test(name)) delete base[name];
  return base;
}

/** Runs `cdb` with `args` and `env` over a clean environment: how it ended and what it said on stderr. */
async function cdb(args: string[], env: NodeJS.ProcessEnv, stdin?: string) {
  const child = spawn(process.execPath, [CDB, ...args], {
    env: { ...cleanEnvironment(), ...env },
    stdio: [stdin === undefined ? 'ignore' : 'pipe', 'ignore', 'pipe'],
  });
  child.stdin?.end(stdin);
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const [code] = (await once(child, 'exit')) as [number | null];
  return { code, stderr };
}

/** Saves `api` as profile `name` in `dataDir` with `cdb profile add` (the secret piped in), and `extra` flags. */
export function addProfile(api: TestApi, dataDir: string, name: string, extra: string[] = []) {
  const flags = ['--name', name, '--base-url', api.url, '--auth-url', api.url, '--client-id', api.clientId];
  return cdb(['profile', 'add', ...flags, ...extra], { CDB_DATA_DIR: dataDir }, api.clientSecret);
}

/**
 * Runs `cdb export` of the customers of `api` as a process of its own, with an output of its own,
 * and `env` over a clean environment: by default the connection by flags (its secret in the
 * environment) and a data folder of its own; with `profile`, that saved profile of its data folder.
 * Says how it ended, the rows written, and how many token requests its ledger counted.
 */
export async function exportCustomers(
  api: TestApi,
  env: Record<string, string>,
  extra: string[] = [],
  profile?: { name: string; dataDir: string },
) {
  const out = join(await tempDir(), 'customers.csv');
  const dataDir = profile?.dataDir ?? (await tempDir());
  const connection = profile
    ? ['--profile', profile.name]
    : ['--base-url', api.url, '--auth-url', api.url, '--client-id', api.clientId];
  const { code, stderr } = await cdb(
    ['export', ...connection, '--resource', 'customers', '--out', out, ...extra],
    { CDB_DATA_DIR: dataDir, ...(!profile && { CDB_CLIENT_SECRET: api.clientSecret }), ...env },
  );
  const rows = code === 0 ? (await readFile(out, 'utf8')).trim().split(/\r?\n/).length - 1 : 0;
  const ledger = await readFile(join(dataDir, 'token-grants.json'), 'utf8').catch(() => '{"clients":{}}');
  const counted = Object.values(
    (JSON.parse(ledger) as { clients: Record<string, { grants: unknown[] }> }).clients,
  ).flatMap((client) => client.grants).length;
  return { code, stderr, rows, counted };
}
