import { execFileSync } from 'node:child_process';
import { lstat, readdir, symlink, truncate, writeFile } from 'node:fs/promises';

import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { SettingsStore } from './settings-store.js';
import { GrantLedger } from '../auth/grant-ledger.js';
import { DeskStore } from './desks.js';
import { ProfileStore } from './profiles.js';
import { tempFolders } from '../testing/temp-folder.js';

// A data file replaced by what is not one (a FIFO another process left, a link, a file grown huge):
// every store opens at once, says the file was damaged, and sets it aside, as for a file that is
// not JSON. Before, a FIFO at desks.json or settings.json made the read wait forever.

const newFolder = tempFolders('cdb-unreadable-');
let dir: string;
beforeEach(async () => {
  dir = await newFolder();
});

/** Fails a read that waits: a FIFO's read never ends on its own. */
function within<T>(promise: Promise<T>, ms = 3_000): Promise<T> {
  return Promise.race([
    promise,
    new Promise<never>((_, reject) =>
      setTimeout(() => reject(new Error(`still waiting after ${ms} ms`)), ms),
    ),
  ]);
}

const fifoAt = (path: string) => execFileSync('mkfifo', [path]);

describe('a data file that is not a regular file', () => {
  it('a FIFO at desks.json: get answers no desk, and the next put sets it aside and writes a file', async () => {
    const path = join(dir, 'desks.json');
    fifoAt(path);
    const desks = new DeskStore(path);
    expect(await within(desks.get('window-1'))).toBeUndefined();
    await within(
      desks.put('window-1', {
        connectionId: 'demo',
        screen: { kind: 'list', resource: 'customers' },
        places: {},
      }),
    );
    const names = await readdir(dir);
    expect(names.filter((name) => name.startsWith('desks.json.damaged-'))).toHaveLength(1);
    if (names.includes('desks.json')) expect((await lstat(path)).isFile()).toBe(true);
  });

  it('a FIFO at settings.json: the settings open with their defaults, and the FIFO is moved aside (a copy would block)', async () => {
    const path = join(dir, 'settings.json');
    fifoAt(path);
    const { store, damaged } = await within(SettingsStore.open(path));
    expect(damaged?.reason).toMatch(/not a regular file/);
    expect(damaged?.movedTo).toMatch(/settings\.json\.damaged-/);
    expect(store.get()).toBeDefined();
    expect(await readdir(dir)).not.toContain('settings.json');
  });

  it('a FIFO at profiles.json or the token ledger: opened at once, reported damaged, set aside', async () => {
    fifoAt(join(dir, 'profiles.json'));
    const { damaged } = await within(ProfileStore.open(dir));
    expect(damaged?.reason).toMatch(/not a regular file/);
    fifoAt(join(dir, 'token-grants.json'));
    const ledger = await within(GrantLedger.open(join(dir, 'token-grants.json')));
    expect(ledger.damaged).toBeDefined();
  });

  it('a link at profiles.json is not followed, and a file past its cap is not read whole', async () => {
    const elsewhere = join(dir, 'elsewhere.json');
    await writeFile(elsewhere, '{"version":1,"profiles":[]}');
    await symlink(elsewhere, join(dir, 'profiles.json'));
    expect((await ProfileStore.open(dir)).damaged?.reason).toMatch(/a link, not a file/);
    const huge = join(dir, 'settings.json');
    await writeFile(huge, '{}');
    await truncate(huge, 64 * 1024 * 1024);
    expect((await SettingsStore.open(huge)).damaged?.reason).toMatch(/larger than \d+ bytes/);
  });
});
