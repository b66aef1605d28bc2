import { homedir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { defaultDataDir } from '../core/app-paths.js';
import { AppCore } from '../core/app/app-core.js';
import { startHost } from './server.js';

const HELP = `Usage: npm run host -- [options]

Serves the app to a browser on this machine (where the Electron runtime is not installed).

Options:
  --port N            port on 127.0.0.1 (default: a free one)
  --export-dir PATH   where exports are written (default: ~/Downloads)
  --data-dir PATH     profiles, settings and logs (default: the app's data folder)
  --renderer PATH     the built renderer (default: out/renderer)
`;

/** Starts the browser host and runs until interrupted. */
async function main(argv: string[]): Promise<number> {
  const { values: flags } = parseArgs({
    args: argv,
    strict: true,
    options: {
      port: { type: 'string', default: '0' },
      'export-dir': { type: 'string' },
      'data-dir': { type: 'string' },
      renderer: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  const port = Number(flags.port);
  if (!Number.isInteger(port) || port < 0 || port > 65_535)
    throw new Error(`--port must be a whole number from 0 to 65535, got "${flags.port}"`);
  if (flags.help) {
    process.stdout.write(HELP);
    return 0;
  }
  const core = await AppCore.open({
    dataDir: flags['data-dir'] ?? defaultDataDir(),
    exportDir: flags['export-dir'] ?? join(homedir(), 'Downloads'),
  });
  const host = await startHost({
    core,
    rendererDir: flags.renderer ?? join(import.meta.dirname, '../../out/renderer'),
    port,
  });
  process.stdout.write(`Customer Data Browser is running: open ${host.url}\n`);
  await new Promise((done) => {
    process.once('SIGINT', done);
    process.once('SIGTERM', done);
  });
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
