// `npm start`: build, then open the desktop app on the built-in Demo connection. Where the Electron
// runtime cannot be installed (no route to its download host), say so in one sentence and start
// the browser host instead, which prints the address to open.
import { spawn, spawnSync } from 'node:child_process';
import { installedElectronBinary } from './electron-runtime.mjs';

const build = spawnSync('npx', ['electron-vite', 'build'], { stdio: ['ignore', 'ignore', 'inherit'] });
if (build.status !== 0) {
  console.error('npm start: the build failed (see above).');
  process.exit(build.status ?? 1);
}

/** Asks the electron package for its binary, which downloads it when missing; quiet either way. */
function electronBinary() {
  const installed = installedElectronBinary();
  if (installed) return installed;
  const probe = spawnSync(process.execPath, ['-e', "process.stdout.write(require('electron'))"], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'ignore'],
    timeout: 300_000,
  });
  return probe.status === 0 ? probe.stdout : undefined;
}

const binary = electronBinary();
if (!binary) {
  console.error(
    'The Electron runtime could not be installed on this machine (its download host is unreachable), so the app opens in your browser instead:',
  );
}
const child = binary
  ? spawn(binary, ['.'], { stdio: 'inherit' })
  : spawn(process.execPath, ['--import', 'tsx', 'electron/host/index.ts', ...process.argv.slice(2)], {
      stdio: 'inherit',
    });

for (const signal of /** @type {const} */ (['SIGINT', 'SIGTERM']))
  process.on(signal, () => child.kill(signal));
child.on('exit', (code) => process.exit(code ?? 0));
