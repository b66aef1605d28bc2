// Tokens spent by the paths that ask for one, against a server of our own that counts its grants
// (electron/core/testing/other-api.ts), with real processes and a real keychain: three `cdb
// export` runs of a resource the bundle may not read (target 2 in all: one, then its renewal, and
// the refusal is kept with the token); the connection form's Test with the saved secret (target 0)
// and with a new one (target 1), then saving that secret (target 0). Runs inside a throwaway
// keychain session (scripts/with-test-session.sh).
// Run: node --import tsx bench/token-paths.ts
import { spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startHostProcess } from '../e2e/host-process.js';
import { startOtherApi } from '../electron/core/testing/other-api.js';
import { report } from './lib/report.js';

if (!process.env.CDB_TEST_SESSION) {
  const run = spawnSync(
    'scripts/with-test-session.sh',
    [process.execPath, ...process.execArgv, fileURLToPath(import.meta.url)],
    { stdio: 'inherit' },
  );
  process.exit(run.status ?? 1);
}

/** `cdb args…` as an administrator runs it, to its end. */
async function cdb(args: string[], env: Record<string, string>): Promise<number | null> {
  const child = spawn(process.execPath, ['bin/cdb.mjs', ...args], {
    env: { ...process.env, ...env },
    stdio: 'ignore',
  });
  const [code] = (await once(child, 'exit')) as [number | null];
  return code;
}

const folder = await mkdtemp(join(tmpdir(), 'cdb-bench-tokens-'));

const restricted = await startOtherApi({ forbiddenResources: ['agreements'] });
const connection = [
  '--base-url',
  restricted.url,
  '--auth-url',
  restricted.url,
  '--client-id',
  restricted.clientId,
];
for (let run = 0; run < 3; run++) {
  await cdb(['export', ...connection, '--resource', 'agreements', '--out', join(folder, 'agreements.csv')], {
    CDB_DATA_DIR: join(folder, 'data'),
    CDB_CLIENT_SECRET: restricted.clientSecret,
  });
}
const restrictedGrants = restricted.grants();
await restricted.close();

const api = await startOtherApi();
const host = await startHostProcess();
const profile = { name: 'Bench', baseUrl: api.url, authUrl: api.url, clientId: api.clientId };
const saved = (await host.call('connection.save', { profile, secret: api.clientSecret })) as { id: string };
await host.call('connection.test', { id: saved.id });
const before = api.grants();
await host.call('connection.test', { id: saved.id, profile, secret: api.clientSecret });
const withSaved = api.grants() - before;
api.rotateSecret();
await host.call('connection.test', { id: saved.id, profile, secret: api.clientSecret });
const withNew = api.grants() - before - withSaved;
await host.call('connection.save', { id: saved.id, profile, secret: api.clientSecret });
await host.call('connection.select', { id: saved.id });
await host.call('data.count', { view: { resource: 'customers' } });
const savingIt = api.grants() - before - withSaved - withNew;
await host.stop();
await api.close();
await rm(folder, { recursive: true, force: true });

report('token-paths', [
  {
    figure: '3 `cdb export` runs of a resource the bundle may not read',
    value: restrictedGrants,
    unit: 'tokens',
    target: '< 2',
  },
  { figure: 'Test with the saved secret', value: withSaved, unit: 'tokens', target: '< 1' },
  { figure: 'Test with a new secret', value: withNew, unit: 'tokens', target: '< 2' },
  { figure: 'saving that secret, then using the connection', value: savingIt, unit: 'tokens', target: '< 1' },
]);
