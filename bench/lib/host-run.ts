import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { ADDRESS_PATH, API_PATH, SESSION_HEADER, SESSION_PATH } from '../../electron/shared/wire.js';

/** The browser host of a tree (this repository, or a worktree of an earlier commit) as a process of its own. */
export interface HostRun {
  /** When the process was spawned (performance.now()). */
  spawnedAt: number;
  /** A new one-time address of the app. */
  address(): Promise<string>;
  /** Calls the app's contract, as a page does; the value. */
  call<T = unknown>(name: string, argument: unknown): Promise<T>;
  /** Stops it as the app is quit (SIGINT: what it holds is written first). */
  stop(): Promise<void>;
}

/** Starts `electron/host/index.ts` of `root` with `args`, and waits for the address it prints. */
export async function startHostRun(root: string, args: string[]): Promise<HostRun> {
  const spawnedAt = performance.now();
  const child: ChildProcessWithoutNullStreams = spawn(
    process.execPath,
    ['--import', 'tsx', 'electron/host/index.ts', ...args],
    { cwd: root, stdio: 'pipe' },
  );
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const [line] = (await Promise.race([
    once(createInterface({ input: child.stdout }), 'line'),
    once(child, 'exit').then(() => {
      throw new Error(`the host of ${root} exited: ${stderr}`);
    }),
  ])) as [string];
  const url = /open (http:\/\/\S+)/.exec(line)?.[1];
  if (!url) throw new Error(`the host printed no address: ${line}`);
  const origin = new URL(url).origin;
  const key = new URLSearchParams(new URL(url).hash.slice(1)).get('session') ?? '';
  const exchanged = await fetch(`${origin}${SESSION_PATH}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ key }),
  });
  const { session } = (await exchanged.json()) as { session: string };
  return {
    spawnedAt,
    address: async () => {
      const answer = await fetch(`${origin}${ADDRESS_PATH}`, {
        method: 'POST',
        headers: { [SESSION_HEADER]: session },
      });
      return ((await answer.json()) as { url: string }).url;
    },
    call: async <T>(name: string, argument: unknown) => {
      const response = await fetch(`${origin}${API_PATH}${name}`, {
        method: 'POST',
        headers: { [SESSION_HEADER]: session, 'content-type': 'application/json' },
        body: JSON.stringify(argument),
      });
      const result = (await response.json()) as { ok: boolean; value?: T; error?: { message: string } };
      if (!result.ok) throw new Error(`${name}: ${result.error?.message ?? 'failed'}`);
      return result.value as T;
    },
    stop: async () => {
      if (child.exitCode !== null) return;
      child.kill('SIGINT');
      await once(child, 'exit');
    },
  };
}
