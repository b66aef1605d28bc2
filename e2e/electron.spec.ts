import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { _electron as electron, expect, test } from '@playwright/test';
import { installedElectronBinary } from '../scripts/electron-runtime.mjs';

// The desktop window itself. It needs the Electron runtime, which is downloaded on first use; where
// that download cannot happen, the spec is skipped and says why.
const binary = installedElectronBinary();

test.skip(
  binary === undefined,
  'The Electron runtime is not installed on this machine (its download host is unreachable), so the desktop window cannot open here; e2e/host.spec.ts makes the same start-up check through the browser host.',
);

test('opens the main window on the Demo connection', async () => {
  const userData = await mkdtemp(join(tmpdir(), 'cdb-electron-'));
  const app = await electron.launch({ executablePath: binary, args: ['.', `--user-data-dir=${userData}`] });
  try {
    const window = await app.firstWindow();
    await expect(window.getByRole('heading', { level: 1 })).toHaveText('Customer Data Browser');
    await expect(window.getByTestId('connection')).toHaveText('Connection: Demo');
    // Sandboxed and isolated: the page sees neither Node's require nor process.
    expect(await window.evaluate(() => [typeof globalThis.require, typeof globalThis.process])).toEqual([
      'undefined',
      'undefined',
    ]);
  } finally {
    await app.close();
    await rm(userData, { recursive: true, force: true });
  }
});
