import { mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { keepPort, lastPort } from './host-port.js';

// The port the browser host listens on again after a restart: the one it kept, if the file holds a
// port it may use; anything else is no port (the host takes a free one).

let dir = '';
afterEach(() => rm(dir, { recursive: true, force: true }));

describe('the host’s last port', () => {
  it('is the port kept, in a file only the user reads', async () => {
    dir = await mkdtemp(join(tmpdir(), 'cdb-port-'));
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
    dir = await mkdtemp(join(tmpdir(), 'cdb-port-'));
    const path = join(dir, 'host-port.json');
    await writeFile(path, text);
    expect(await lastPort(path)).toBeUndefined();
  });
});
