import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startDemoApi } from '../../demo-api/testing/faults.js';
import { appCalls, whenHeld } from '../testing/app-calls.js';
import { openTestCore } from '../testing/test-kit.js';

// Every folder the app makes is the user's alone (0700): they hold the lists held for search,
// exports of customers' personal data, and files that name this computer's processes.

/** Every folder under `folder`, itself included. */
async function foldersUnder(folder: string): Promise<string[]> {
  const found = [folder];
  for (const entry of await readdir(folder, { withFileTypes: true }))
    if (entry.isDirectory()) found.push(...(await foldersUnder(join(folder, entry.name))));
  return found;
}

describe('the folders the app makes', () => {
  it('are 0700 after a day’s first moves: a list read and kept, an export, the limiter’s peers', async () => {
    const { core, root, close } = await openTestCore({
      startDemo: () => startDemoApi({ size: { customers: 600 } }),
    });
    try {
      const { ok, exported } = appCalls(core);
      await whenHeld(() =>
        ok('search.rows', {
          view: { resource: 'customers' },
          lang: 'en',
          filter: [],
          from: 0,
          count: 1,
          sample: false,
        }),
      );
      const end = await exported({
        view: { resource: 'customers', lang: 'en' },
        options: { format: 'csv' },
        fileName: 'customers.csv',
      });
      expect(end.state).toBe('completed');
      const folders = (await foldersUnder(root)).map((folder) => folder.slice(root.length) || '/');
      // The limiter's peers and the exports are among them (they were made 0755).
      expect(folders).toEqual(expect.arrayContaining(['/data/limiter-peers', '/exports']));
      const modes = await Promise.all(
        folders.map(async (folder) => [folder, (await stat(join(root, folder))).mode & 0o777] as const),
      );
      expect(modes.filter(([, mode]) => mode !== 0o700)).toEqual([]);
    } finally {
      await close();
    }
  });
});
