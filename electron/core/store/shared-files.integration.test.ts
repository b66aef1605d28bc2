import { spawn, type ChildProcess } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { once } from 'node:events';
import {
  chmod,
  chown,
  lstat,
  mkdir,
  readdir,
  readFile,
  rename,
  rm,
  stat,
  symlink,
  utimes,
  writeFile,
} from 'node:fs/promises';
import { setTimeout as sleep } from 'node:timers/promises';
import { hostname } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { abandonedLock, FileLockError, Silence, takeOver, withFileLock } from './file-lock.js';
import { OriginPeers } from '../rate/origin-peers.js';
import { cleanUp, closeLater, tempDir } from '../testing/wired.js';
import { TokenFile } from '../auth/token-file.js';

// Files other processes leave in the data folder (locks, rate heartbeats, the token file), as a
// crash, a clock that is off or another user can leave them: judged by whether the process that
// wrote them runs, never by their clock (docs/architecture.md, "Files shared between processes").

afterEach(cleanUp);
const folder = tempDir;

/** A process that runs until the test ends. */
async function liveProcess(): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
  closeLater(async () => {
    child.kill();
    if (child.exitCode === null) await once(child, 'exit');
  });
  await once(child, 'spawn');
  return child;
}

/** The pid of a process that has ended. */
async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', ''], { stdio: 'ignore' });
  await once(child, 'exit');
  return child.pid ?? 0;
}

/** A pid that ran and ended (one per test file: spawning costs). */
let endedPid: number | undefined;
async function deadPidOnce(): Promise<number> {
  endedPid ??= await deadPid();
  return endedPid;
}

/** Makes a FIFO at `path` (mkfifo(1)): reading it would wait for a writer forever. */
async function mkfifo(path: string): Promise<void> {
  const child = spawn('mkfifo', [path], { stdio: 'ignore' });
  const [code] = (await once(child, 'exit')) as [number];
  expect(code).toBe(0);
}

const IN_A_YEAR = new Date(Date.now() + 365 * 24 * 3_600_000);
const owner = (pid: number) => JSON.stringify({ pid, host: hostname() });

describe('locks', () => {
  it('takes over a lock whose folder is dated a year ahead and names no owner, instead of waiting forever', async () => {
    const path = join(await folder(), 'profiles.json');
    await mkdir(`${path}.lock`);
    await utimes(`${path}.lock`, IN_A_YEAR, IN_A_YEAR);
    expect(await withFileLock(path, () => Promise.resolve('done'), { waitMs: 2_000 })).toBe('done');
  });

  it('takes over at once the lock of a process that no longer runs, whatever its date', async () => {
    const path = join(await folder(), 'settings.json');
    await mkdir(`${path}.lock`);
    await writeFile(join(`${path}.lock`, 'owner'), owner(await deadPid()));
    await utimes(`${path}.lock`, IN_A_YEAR, IN_A_YEAR);
    const started = performance.now();
    await withFileLock(path, () => Promise.resolve(), { waitMs: 2_000 });
    expect(performance.now() - started).toBeLessThan(1_000);
  });

  it('waits for the lock of a process that runs, however old its folder, then says it could not have it', async () => {
    const path = join(await folder(), 'token-grants.json');
    await mkdir(`${path}.lock`);
    await writeFile(join(`${path}.lock`, 'owner'), owner((await liveProcess()).pid ?? 0));
    await utimes(`${path}.lock`, new Date(0), new Date(0));
    await expect(withFileLock(path, () => Promise.resolve(), { waitMs: 300 })).rejects.toThrow(FileLockError);
    await expect(withFileLock(path, () => Promise.resolve(), { waitMs: 300 })).rejects.toThrow(
      /another process of this app kept .*token-grants\.json locked for over 1 s; try again/,
    );
  });

  it('removes a file standing where the lock folder goes (debris), instead of failing with ENOTDIR', async () => {
    const path = join(await folder(), 'profiles.json');
    await writeFile(`${path}.lock`, 'not a lock');
    expect(await withFileLock(path, () => Promise.resolve(1), { waitMs: 2_000 })).toBe(1);
    expect(await lstat(`${path}.lock`).catch(() => undefined)).toBeUndefined();
  });

  it('still keeps out another holder in this process until the first one is done', async () => {
    const path = join(await folder(), 'ledger.json');
    const order: string[] = [];
    await Promise.all(
      ['a', 'b', 'c'].map((name) =>
        withFileLock(path, async () => {
          order.push(`${name}+`);
          await new Promise((resolve) => setTimeout(resolve, 20));
          order.push(`${name}-`);
        }),
      ),
    );
    for (let i = 0; i < order.length; i += 2) expect(order[i]?.[0]).toBe(order[i + 1]?.[0]);
  });
});

describe('locks taken over by several waiters at once (M7)', () => {
  it('6 callers × 100 dead locks: never two holders at once, and no caller fails', async () => {
    const dir = await folder();
    let holders = 0;
    let most = 0;
    for (let trial = 0; trial < 100; trial++) {
      const path = join(dir, `ledger-${trial}.json`);
      await mkdir(`${path}.lock`);
      await writeFile(join(`${path}.lock`, 'owner'), owner(await deadPidOnce()));
      await Promise.all(
        Array.from({ length: 6 }, () =>
          withFileLock(
            path,
            async () => {
              most = Math.max(most, ++holders);
              await new Promise((resolve) => setImmediate(resolve));
              holders--;
            },
            { waitMs: 10_000 },
          ),
        ),
      );
    }
    expect(most).toBe(1);
  }, 60_000);
});

describe('a waiter whose judgement went stale touches nothing', () => {
  // Two waiters judge the same dead lock; one removes it, a live holder takes the name, then the
  // other acts on its judgement. Moving that lock aside, even to put it back, would free the name
  // for a third caller while the live holder still holds: two holders at once.
  const judgedThenReplaced = async (plant: (lock: string) => Promise<void>) => {
    const path = join(await folder(), 'desks.json');
    const lock = `${path}.lock`;
    await plant(lock);
    const judged = await abandonedLock(lock, new Silence(20_000));
    expect(judged).toBeDefined();
    await rm(lock, { recursive: true, force: true });
    await withFileLock(path, async () => {
      const before = await stat(lock, { bigint: true });
      const names = await readdir(lock);
      if (judged) await takeOver(lock, judged);
      const after = await stat(lock, { bigint: true });
      // Not moved, not renamed (a rename changes the folder's ctime), nothing in it claimed.
      expect([after.ino, after.ctimeNs, after.mtimeNs]).toEqual([before.ino, before.ctimeNs, before.mtimeNs]);
      expect(await readdir(lock)).toEqual(names);
    });
    expect(await readdir(dirname(lock))).toEqual([]);
  };

  it('judged a dead process’s lock: the live lock at its name stays where it is', () =>
    judgedThenReplaced(async (lock) => {
      await mkdir(lock);
      await writeFile(join(lock, 'owner'), owner(await deadPidOnce()));
    }));

  it('judged a nameless folder or a file as debris: the live lock at its name stays where it is', async () => {
    await judgedThenReplaced(async (lock) => {
      await mkdir(lock);
      await writeFile(join(lock, 'half-written'), '');
      await utimes(lock, new Date(0), new Date(0));
    });
    await judgedThenReplaced(async (lock) => {
      await mkdir(lock);
      await utimes(lock, new Date(0), new Date(0));
    });
    await judgedThenReplaced((lock) => writeFile(lock, 'not a lock'));
  });
});

describe('locks whose owner this machine cannot judge (M8)', () => {
  const elsewhere = (beats: number) =>
    JSON.stringify({ pid: 4242, host: 'another-host.example', token: 'theirs', beats });

  it('a lock left on another host (a renamed machine, a shared home) is taken over once it stops beating', async () => {
    const path = join(await folder(), 'token-grants.json');
    await mkdir(`${path}.lock`);
    await writeFile(join(`${path}.lock`, 'owner'), elsewhere(7));
    const started = performance.now();
    expect(
      await withFileLock(path, () => Promise.resolve('mine'), { waitMs: 5_000, silentStaleMs: 400 }),
    ).toBe('mine');
    expect(performance.now() - started).toBeGreaterThanOrEqual(400);
  });

  it('a lock on another host that still beats is waited for, and the error names the folder to remove', async () => {
    const path = join(await folder(), 'token-grants.json');
    await mkdir(`${path}.lock`);
    let beats = 0;
    await writeFile(join(`${path}.lock`, 'owner'), elsewhere(beats));
    const beating = setInterval(
      () => void writeFile(join(`${path}.lock`, 'owner'), elsewhere(++beats)).catch(() => undefined),
      100,
    );
    closeLater(() => Promise.resolve(clearInterval(beating)));
    await expect(
      withFileLock(path, () => Promise.resolve(), { waitMs: 1_500, silentStaleMs: 600 }),
    ).rejects.toThrow(/remove the folder .*token-grants\.json\.lock/);
  });

  it('a FIFO as a lock’s owner file or as the token file never hangs a read (L3)', async () => {
    const dir = await folder();
    const path = join(dir, 'settings.json');
    await mkdir(`${path}.lock`);
    await mkfifo(join(`${path}.lock`, 'owner'));
    const started = performance.now();
    await expect(withFileLock(path, () => Promise.resolve(), { waitMs: 500 })).rejects.toThrow(FileLockError);
    expect(performance.now() - started).toBeLessThan(3_000);
    const tokens = join(dir, 'token-cache.json');
    await mkfifo(tokens);
    await expect(new TokenFile(tokens).get('account')).rejects.toThrow(/is not a regular file/);
  });
});

describe('rate heartbeats', () => {
  /** A heartbeat as a process of the user leaves it, with its process, at the given time. */
  async function heartbeat(dir: string, pid: number, at: Date, name = `${pid}-${'0'.repeat(7)}1`) {
    await writeFile(join(dir, name), owner(pid));
    await utimes(join(dir, name), at, at);
    return join(dir, name);
  }

  /** The count a new process calling the origin sees after its first beat. */
  function countSeen(dir: string): number {
    const peers = new OriginPeers(dir);
    peers.setActive(true);
    const count = peers.count;
    peers.setActive(false);
    return count;
  }

  it('do not count a file dated in the future, even of a running process: 200 of them cannot starve this one', async () => {
    const dir = await folder();
    const { pid = 0 } = await liveProcess();
    for (let i = 0; i < 200; i++)
      await heartbeat(dir, pid, IN_A_YEAR, `${pid}-${i.toString(16).padStart(8, '0')}`);
    expect(countSeen(dir)).toBe(1);
  });

  it('do not count, and remove, the fresh file of a process that no longer runs', async () => {
    const dir = await folder();
    const file = await heartbeat(dir, await deadPid(), new Date());
    expect(countSeen(dir)).toBe(1);
    expect(await lstat(file).catch(() => undefined)).toBeUndefined();
  });

  it('count every running peer past debris they cannot remove; at most 16, whatever the folder holds', async () => {
    const dir = await folder();
    const dead = await deadPid();
    // Folders named like heartbeats of a dead process: the sweep cannot remove them as files.
    for (let i = 0; i < 20; i++) {
      const debris = join(dir, `${dead}-${i.toString(16).padStart(8, '0')}`);
      await mkdir(debris);
      await writeFile(join(debris, 'x'), '');
      await utimes(debris, new Date(0), new Date(0));
    }
    const peers = await Promise.all([liveProcess(), liveProcess()]);
    for (const peer of peers) await heartbeat(dir, peer.pid ?? 0, new Date());
    expect(countSeen(dir)).toBe(3);
    for (let i = 0; i < 30; i++)
      await heartbeat(dir, peers[0]?.pid ?? 0, new Date(), `${peers[0]?.pid}-f${String(i).padStart(7, '0')}`);
    expect(countSeen(dir)).toBe(16);
  });
});

describe('a heartbeat folder flooded with files (L4)', () => {
  it('a beat looks at a bounded number of files: of 2,000 left by a dead process, one beat removes at most 256', async () => {
    const dir = await folder();
    const text = owner(await deadPid());
    for (let i = 0; i < 2_000; i++)
      writeFileSync(join(dir, `${i + 1}-${i.toString(16).padStart(8, '0')}`), text);
    const peers = new OriginPeers(dir);
    peers.setActive(true);
    peers.setActive(false);
    // The work of one beat on the main thread is bounded, whatever the folder holds; later beats go on.
    expect((await readdir(dir)).length).toBeGreaterThanOrEqual(2_000 - 256);
  });
});

describe('the opted-in token file', () => {
  it('is never written through a link planted in its place: the link’s target keeps its content', async () => {
    const dir = await folder();
    const target = join(dir, 'target.txt');
    await writeFile(target, 'the user’s own file');
    const path = join(dir, 'token-cache.json');
    await symlink(target, path);
    const file = new TokenFile(path);
    await expect(file.set('cred-1', 'a-token')).rejects.toThrow(
      /token-cache\.json is a symbolic link: it is not used/,
    );
    await expect(file.get('cred-1')).rejects.toThrow(/is a symbolic link/);
    expect(await readFile(target, 'utf8')).toBe('the user’s own file');
  });

  it('is refused when others may read it, and written readable by the user only', async () => {
    const path = join(await folder(), 'token-cache.json');
    const file = new TokenFile(path);
    await file.set('cred-1', 'a-token');
    expect((await lstat(path)).mode & 0o777).toBe(0o600);
    expect(await file.get('cred-1')).toBe('a-token');
    await chmod(path, 0o644);
    await expect(file.get('cred-1')).rejects.toThrow(
      /may be read or written by other users \(mode 644\); make it private with chmod 600/,
    );
  });

  it('holds no token when its content is not a token file, and is written whole again', async () => {
    const path = join(await folder(), 'token-cache.json');
    await writeFile(path, '{ half a file', { mode: 0o600 });
    const file = new TokenFile(path);
    expect(await file.get('cred-1')).toBeUndefined();
    await file.set('cred-1', 'a-token');
    expect(await file.get('cred-1')).toBe('a-token');
    // Nothing of it was kept aside: a copy of a token file is one more place a secret lies.
    expect((await readdir(dirname(path))).filter((name) => name.includes('damaged'))).toEqual([]);
  });

  it.runIf(process.getuid?.() === 0)('is refused when another user owns it', async () => {
    const path = join(await folder(), 'token-cache.json');
    const file = new TokenFile(path);
    await file.set('cred-1', 'a-token');
    await chown(path, 65_534, 65_534);
    await expect(file.get('cred-1')).rejects.toThrow(/belongs to another user/);
  });
});

describe('a lock’s holder never touches another holder’s lock (L2)', () => {
  it('beats into a file of its own token, and its release leaves another’s lock where it stands', async () => {
    const path = join(await folder(), 'desks.json');
    const lock = `${path}.lock`;
    const theirs = JSON.stringify({ pid: 4242, host: 'another-host.example', token: 'theirs', beats: 3 });
    let replaced = '';
    await withFileLock(path, async () => {
      const ownerFile = (await readdir(lock)).find((name) => name.startsWith('owner-')) ?? 'none';
      const owner = await readFile(join(lock, ownerFile), 'utf8');
      // Two beats' time: the owner file is as written, the beats counted beside it.
      await sleep(4_500);
      expect(await readFile(join(lock, ownerFile), 'utf8')).toBe(owner);
      const { token } = JSON.parse(owner) as { token: string };
      expect(Number(await readFile(join(lock, `beats-${token}`), 'utf8'))).toBeGreaterThanOrEqual(2);
      // Taken over meanwhile (as a waiter does when it judged this holder silent): another's lock at the name.
      await rename(lock, `${lock}.gone`);
      await mkdir(lock);
      await writeFile(join(lock, 'owner'), theirs);
      replaced = (await stat(lock)).ino.toString();
    });
    // The release moved nothing: the other's lock is the same folder, untouched.
    expect((await stat(lock)).ino.toString()).toBe(replaced);
    expect(await readFile(join(lock, 'owner'), 'utf8')).toBe(theirs);
    expect((await readdir(dirname(lock))).filter((name) => name.includes('.stale-'))).toEqual([]);
  }, 20_000);
});
