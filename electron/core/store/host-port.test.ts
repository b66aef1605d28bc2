import { stat, writeFile } from 'node:fs/promises';

import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { keepPort, lastPort } from './host-port.js';
import { tempFolders } from '../testing/temp-folder.js';

// The port the browser host listens on again after a restart: the one it kept, if the file holds a
// port it may use; anything else is no port (the host takes a free one).

const newFolder = tempFolders('cdb-port-');

describe('the host’s last port', () => {
  it('is the port kept, in a file only the user reads', async () => {
    const dir = await newFolder();
    const path = join(dir, 'host-port.json');
    expect(await lastPort(path)).toBeUndefined();
    await keepPort(path, 43_117);
    expect(await lastPort(path)).toBe(43_117);
    expect((await stat(path)).mode & 0o777).toBe(0o600);
  });

  it.each([
    'not json',
    '{"port": 80}',
    '{"port": 70000}',
    '{"port": "8080"}',
    '{"port": 8080, "also": 1}',
    '[8080]',
  ])('is none when the file holds %s', async (text) => {
    const dir = await newFolder();
    const path = join(dir, 'host-port.json');
    await writeFile(path, text);
    expect(await lastPort(path)).toBeUndefined();
  });
});
