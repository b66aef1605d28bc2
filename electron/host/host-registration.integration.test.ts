import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdir, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterEach, describe, expect, it } from 'vitest';
import { runningHostsDir } from '../core/store/running-hosts.js';
import { makeTempFolder } from '../core/testing/temp-folder.js';

// Where the browser hosts say they run (for `cdb open`): never a fixed name in the shared temporary
// folder, which another user could take first; and a host that cannot say so still serves.

const roots: string[] = [];
afterEach(async () => {
  for (const root of roots.splice(0)) await rm(root, { recursive: true, force: true });
});

async function tempRoot(): Promise<string> {
  const root = await makeTempFolder('cdb-hosts-');
  roots.push(root);
  return root;
}

describe('the running hosts’ folder', () => {
  it('without a runtime folder, is under the user’s home, the user’s alone (not /tmp/cdb-hosts-<uid>)', async () => {
    const home = await tempRoot();
    const folder = await runningHostsDir({ HOME: home });
    expect(folder).toBe(join(home, '.local', 'state', 'cdb-hosts'));
    expect((await stat(folder)).mode & 0o777).toBe(0o700);
  });

  it('when it cannot be had, the host still starts, prints its address and says `cdb open` will not find it', async () => {
    const root = await tempRoot();
    const runtime = join(root, 'runtime');
    await mkdir(runtime, { mode: 0o700 });
    // Another program's file where the folder would be.
    await writeFile(join(runtime, 'cdb-hosts'), 'not a folder');
    const child = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        'electron/host/index.ts',
        '--data-dir',
        join(root, 'data'),
        '--export-dir',
        join(root, 'exports'),
      ],
      { stdio: 'pipe', env: { ...process.env, XDG_RUNTIME_DIR: runtime } },
    );
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    try {
      const [line] = (await once(
        createInterface({ input: child.stdout }).on('line', () => undefined),
        'line',
      )) as [string];
      expect(line).toMatch(/^Customer Data Browser is running: open http:\/\/127\.0\.0\.1:\d+\/#session=/);
      expect(stderr).toMatch(/`cdb open` will not find this host: .*cdb-hosts/);
    } finally {
      child.kill('SIGINT');
      if (child.exitCode === null) await once(child, 'exit');
    }
  }, 60_000);
});
