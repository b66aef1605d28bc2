import { _electron as electron, expect, test } from '@playwright/test';
import { installedElectronBinary } from '../scripts/electron-runtime.mjs';

// The desktop window itself. It needs the Electron runtime, which is downloaded on first use; where
// that download cannot happen, the spec is skipped and says why.
const binary = installedElectronBinary();

test.skip(
  binary === undefined,
  'The Electron runtime is not installed on this machine (its download host is unreachable), so the desktop window cannot open here.',
);

test('opens the main window on the bundled renderer', async () => {
  const app = await electron.launch({ executablePath: binary, args: ['.'] });
  try {
    const window = await app.firstWindow();
    await expect(window.getByRole('heading', { level: 1 })).toHaveText('Customer Data Browser');
    // Sandboxed and isolated: the page sees neither Node's require nor process.
    expect(await window.evaluate(() => [typeof globalThis.require, typeof globalThis.process])).toEqual([
      'undefined',
      'undefined',
    ]);
  } finally {
    await app.close();
  }
});
