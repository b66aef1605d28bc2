import { execFile, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdir, readdir, writeFile } from 'node:fs/promises';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanUp, tempDir } from '../testing/wired.js';

// Several processes taking over the same dead locks at once (review finding M7): real processes,
// each holding a lock only while no other does (testing/lock-contender.ts).

afterEach(cleanUp);
const CONTENDER = join(import.meta.dirname, '../testing/lock-contender.ts');
const PROCESSES = 4;
const TRIALS = 40;

describe('dead locks taken over by several processes at once (M7)', () => {
  it(`${PROCESSES} processes × ${TRIALS} dead locks: never two holders at once, every task run`, async () => {
    const dir = await tempDir();
    const dead = spawn(process.execPath, ['-e', ''], { stdio: 'ignore' });
    await once(dead, 'exit');
    for (let trial = 0; trial < TRIALS; trial++) {
      const lock = join(dir, `file-${trial}.json.lock`);
      await mkdir(lock);
      await writeFile(join(lock, 'owner'), JSON.stringify({ pid: dead.pid, host: hostname() }));
    }
    const running = Promise.all(
      Array.from({ length: PROCESSES }, () =>
        promisify(execFile)(process.execPath, ['--import', 'tsx', CONTENDER, dir, String(TRIALS)]),
      ),
    );
    // Every contender ready, then all go at once: they meet at each dead lock.
    await expect
      .poll(async () => (await readdir(dir)).filter((name) => name.startsWith('ready-')).length, {
        timeout: 60_000,
        interval: 20,
      })
      .toBe(PROCESSES);
    await writeFile(join(dir, 'go'), '');
    const runs = await running;
    const results = runs.map(({ stdout }) => JSON.parse(stdout) as { ran: number; overlaps: number });
    expect(results.reduce((sum, result) => sum + result.overlaps, 0)).toBe(0);
    expect(results.reduce((sum, result) => sum + result.ran, 0)).toBe(PROCESSES * TRIALS);
  }, 120_000);
});
