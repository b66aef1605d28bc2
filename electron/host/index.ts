import { homedir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { dataFiles, defaultDataDir } from '../core/app-paths.js';
import { nodeNetwork } from '../core/net/node-network.js';
import { AppCore } from '../core/service/app-core.js';
import { startDemoApi } from '../demo-api/index.js';
import { keepPort, lastPort } from '../core/store/host-port.js';
import { registerHost } from '../core/store/running-hosts.js';
import { startHost } from './host-server.js';

const HELP = `Usage: npm run host -- [options]

Serves the app to a browser on this machine (where the Electron runtime is not installed).

Options:
  --port N            port on 127.0.0.1 (default: the one used last time if it is free,
                      else a free one)
  --export-dir PATH   where exports are written (default: ~/Downloads)
  --data-dir PATH     profiles, settings and logs (default: the app's data folder)
  --renderer PATH     the built renderer (default: out/renderer)
  --demo-customers N, --demo-contacts N, --demo-agreements N
                      size of the Demo connection's data
  --demo-rate N, --demo-burst N, --demo-latency-ms N
                      the Demo API's rate limit and added latency (to see the app under load)
  --demo-changes-per-minute N
                      records the Demo renames, adds and deletes a minute, as a real API's
                      change overnight (to see what changed after a Refresh; default none)
  --search-memory-mib N
                      memory kept for the lists held for search, all together (default 256)
`;

/** Starts the browser host and runs until interrupted. */
async function main(argv: string[]): Promise<number> {
  const { values: flags } = parseArgs({
    args: argv,
    strict: true,
    options: {
      port: { type: 'string' },
      'export-dir': { type: 'string' },
      'data-dir': { type: 'string' },
      renderer: { type: 'string' },
      'demo-customers': { type: 'string' },
      'demo-contacts': { type: 'string' },
      'demo-agreements': { type: 'string' },
      'demo-rate': { type: 'string' },
      'demo-burst': { type: 'string' },
      'demo-latency-ms': { type: 'string' },
      'demo-changes-per-minute': { type: 'string' },
      'search-memory-mib': { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  const count = (flag: keyof typeof flags): number | undefined => {
    const value = flags[flag];
    if (value === undefined) return undefined;
    const number = Number(value);
    if (typeof value !== 'string' || !/^\d+$/.test(value) || !Number.isSafeInteger(number)) {
      throw new Error(`--${flag} must be a whole number, got "${String(value)}"`);
    }
    return number;
  };
  const size = {
    customers: count('demo-customers'),
    contacts: count('demo-contacts'),
    agreements: count('demo-agreements'),
  };
  const searchMemory = count('search-memory-mib');
  const rate = count('demo-rate');
  const burst = count('demo-burst');
  const port = flags.port === undefined ? undefined : Number(flags.port);
  if (port !== undefined && (!Number.isInteger(port) || port < 0 || port > 65_535))
    throw new Error(`--port must be a whole number from 0 to 65535, got "${flags.port}"`);
  if (flags.help) {
    process.stdout.write(HELP);
    return 0;
  }
  const network = nodeNetwork();
  const dataDir = flags['data-dir'] ?? defaultDataDir();
  const core = await AppCore.open({
    dataDir,
    // The office's proxy, as a Node tool honours it (HTTPS_PROXY, NO_PROXY).
    fetch: network.fetch,
    trustCompanyRoot: network.trustFor,
    routeOf: network.routeOf,
    exportDir: flags['export-dir'] ?? join(homedir(), 'Downloads'),
    ...(searchMemory !== undefined && { searchBudgetBytes: searchMemory * 2 ** 20 }),
    startDemo: () =>
      startDemoApi({
        size: Object.fromEntries(Object.entries(size).filter(([, value]) => value !== undefined)),
        latencyMs: count('demo-latency-ms'),
        changesPerMinute: count('demo-changes-per-minute'),
        limits: {
          ...(rate !== undefined && { requestsPerSecond: rate }),
          ...(burst !== undefined && { burst }),
        },
      }),
  });
  const start = (on: number) =>
    startHost({
      core,
      rendererDir: flags.renderer ?? join(import.meta.dirname, '../../out/renderer'),
      port: on,
      // Each address opens one tab: the next one is printed when one is used.
      onAddressUsed: (next) => process.stdout.write(`For another tab or window: open ${next}\n`),
    });
  const portFile = dataFiles(dataDir).hostPort;
  const last = port === undefined ? await lastPort(portFile) : undefined;
  // The port of last time, so the tabs find their places again; taken by another program meanwhile: a free one.
  const host = await (last === undefined
    ? start(port ?? 0)
    : start(last).catch((error: unknown) => {
        if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw error;
        return start(0);
      }));
  const listening = Number(new URL(host.url).port);
  await keepPort(portFile, listening);
  // `cdb open` finds this host (and asks it for a tab's address) while it runs. A host that cannot
  // say so still serves, and says what it cannot do and why.
  const registered = await registerHost({
    port: listening,
    dataDir,
    session: host.addressCredential(),
    proofKey: host.proofKey,
  }).catch((error: unknown) => {
    process.stderr.write(
      `host: \`cdb open\` will not find this host: ${error instanceof Error ? error.message : String(error)}\n`,
    );
    return undefined;
  });
  process.stdout.write(`Customer Data Browser is running: open ${host.url}\n`);
  await new Promise((done) => {
    process.once('SIGINT', done);
    process.once('SIGTERM', done);
  });
  await registered?.forget();
  await host.close();
  await core.close();
  return 0;
}

main(process.argv.slice(2)).then(
  (code) => (process.exitCode = code),
  (error: unknown) => {
    process.stderr.write(`host: ${(error as Error).message}\n`);
    process.exitCode = 1;
  },
);
