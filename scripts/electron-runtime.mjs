// Where the Electron runtime is, without triggering its download: `require('electron')` fetches
// the binary on first use, and on machines with no route to its host that fails.
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/**
 * The path of the installed Electron executable, or undefined when it is not installed.
 * @returns {string | undefined}
 */
export function installedElectronBinary() {
  const require = createRequire(import.meta.url);
  let packageDir;
  try {
    packageDir = dirname(require.resolve('electron/package.json'));
  } catch {
    return undefined;
  }
  const pathFile = join(packageDir, 'path.txt');
  if (!existsSync(pathFile)) return undefined;
  const binary = join(packageDir, 'dist', readFileSync(pathFile, 'utf8').trim());
  return existsSync(binary) ? binary : undefined;
}
