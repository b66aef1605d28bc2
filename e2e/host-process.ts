import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { ADDRESS_PATH, API_PATH, SESSION_HEADER, SESSION_PATH } from '../electron/shared/contract/wire.js';

/** The browser host as `npm start` runs it where Electron cannot: its own process, data and export folders. */
export interface HostProcess {
  /** The host's own address, without a key. */
  origin: string;
  /** A new one-time address to open a page at (each address opens one tab), that opens `link` if given. */
  address(link?: string): Promise<string>;
  /** This helper's own session credential (a test's raw requests carry it). */
  session: string;
  dataDir: string;
  exportDir: string;
  /** The host's process id (a bench reads its memory). */
  pid: number;
  /**
   * Calls the app's contract directly (same host, same core), as the page does; the value, or an
   * error with the app's message. Specs use it for the API's own view of the data.
   */
  call: (name: string, argument: unknown) => Promise<any>;
  /** Sends the host its stop signal without waiting for it to end (a test of what a stop does with what is under way). */
  interrupt(): void;
  /** Stops the host (or waits for the stop `interrupt` began) and starts it again on the same data and export folders. */
  restart(): Promise<HostProcess>;
  stop(): Promise<void>;
}

/**
 * Starts `electron/host/index.ts` with fresh folders and waits for the address it prints; `env` is
 * laid over this process's (a host without a keychain: no D-Bus session bus).
 */
export async function startHostProcess(
  extraArgs: string[] = [],
  env: NodeJS.ProcessEnv = {},
  {
    prepareSearch = false,
    tree = '.',
    before,
  }: {
    prepareSearch?: boolean;
    /** The tree whose host runs: this repository, or a worktree of an earlier commit (a bench's before). */
    tree?: string;
    /** Run on the data folder before the host first starts (`cdb profile add` on a new computer). */
    before?: (dataDir: string) => Promise<void>;
  } = {},
): Promise<HostProcess> {
  const root = await mkdtemp(join(tmpdir(), 'cdb-e2e-'));
  await before?.(dataDirOf(root));
  return launch(root, extraArgs, env, prepareSearch, tree);
}

/** The data folder of a host whose folders are under `root`. */
const dataDirOf = (root: string) => join(root, 'data');

/** Starts the host on the folders under `root`. */
async function launch(
  root: string,
  extraArgs: string[],
  env: NodeJS.ProcessEnv,
  prepareSearch: boolean,
  tree: string,
): Promise<HostProcess> {
  const dataDir = dataDirOf(root);
  const exportDir = join(root, 'exports');
  const child: ChildProcessWithoutNullStreams = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      'electron/host/index.ts',
      '--data-dir',
      dataDir,
      '--export-dir',
      exportDir,
      ...extraArgs,
    ],
    { stdio: 'pipe', env: { ...process.env, ...env }, cwd: tree },
  );
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const lines = createInterface({ input: child.stdout });
  const [line] = (await Promise.race([
    once(lines, 'line'),
    once(child, 'exit').then(() => {
      throw new Error(`the browser host exited: ${stderr}`);
    }),
  ])) as [string];
  const url = /open (http:\/\/\S+)/.exec(line)?.[1];
  if (!url) throw new Error(`the browser host printed no address: ${line}`);
  const origin = new URL(url).origin;
  // The printed address's key, exchanged as a page would: this helper's own session.
  const key = new URLSearchParams(new URL(url).hash.slice(1)).get('session') ?? '';
  const exchanged = await fetch(`${origin}${SESSION_PATH}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ key }),
  });
  const { session } = (await exchanged.json()) as { session: string };
  // The app reads the finder's lists a few seconds after it starts: specs that count the requests a
  // move costs turn that off (a spec of that preparation turns it on).
  await fetch(`${origin}${API_PATH}settings.set`, {
    method: 'POST',
    headers: { [SESSION_HEADER]: session, 'content-type': 'application/json' },
    body: JSON.stringify({ prepareSearch }),
  });
  const exited = child.exitCode === null ? once(child, 'exit') : Promise.resolve();
  // One signal: a second SIGINT would end the host at once, in the middle of its stop.
  const interrupt = () => {
    if (child.exitCode === null && !child.killed) child.kill('SIGINT');
  };
  const end = async () => {
    interrupt();
    await exited;
  };
  return {
    origin,
    address: async (link?: string) => {
      const answer = await fetch(`${origin}${ADDRESS_PATH}`, {
        method: 'POST',
        headers: { [SESSION_HEADER]: session, 'content-type': 'application/json' },
        body: JSON.stringify(link === undefined ? {} : { link }),
      });
      return ((await answer.json()) as { url: string }).url;
    },
    session,
    dataDir,
    exportDir,
    pid: child.pid ?? 0,
    call: async (name, argument) => {
      const send = () =>
        fetch(`${origin}${API_PATH}${name}`, {
          method: 'POST',
          headers: { [SESSION_HEADER]: session, 'content-type': 'application/json' },
          body: JSON.stringify(argument),
        });
      // A kept-alive socket the host closed while idle resets on reuse (a race of keep-alive
      // timeouts, not an answer): the request is sent again once, on a new socket.
      const response = await send().catch((error: unknown) => {
        if ((error as { cause?: { code?: string } }).cause?.code !== 'ECONNRESET') throw error;
        return send();
      });
      const result = (await response.json()) as { ok: boolean; value?: unknown; error?: { message: string } };
      if (!result.ok) throw new Error(`${name}: ${result.error?.message ?? 'failed'}`);
      return result.value;
    },
    interrupt,
    restart: async () => {
      await end();
      return launch(root, extraArgs, env, prepareSearch, tree);
    },
    stop: async () => {
      await end();
      await rm(root, { recursive: true, force: true });
    },
  };
}
