// The browser host of a tree as a desk's benches run it: its own process, on a fresh data folder,
// connected by a saved profile to a Demo API running in the bench's process (another process, as
// the real API is), with the finder's lists prepared at idle as the app does.
import { readFileSync } from 'node:fs';
import { startHostProcess, type HostProcess } from '../../e2e/host-process.js';
import type { DemoApi } from '../../electron/demo-api/index.js';

/** A host of the tree at `root` on a fresh data folder, `env` added to its environment, connected to `demo`. */
export async function deskHost(
  demo: DemoApi,
  root: string,
  env: NodeJS.ProcessEnv = {},
): Promise<HostProcess> {
  const host = await startHostProcess([], env, { prepareSearch: true, tree: root });
  const saved = (await host.call('connection.save', {
    profile: {
      name: 'Desk',
      baseUrl: demo.baseUrl,
      authUrl: demo.authUrl,
      audience: demo.audience,
      clientId: demo.clientId,
    },
    secret: demo.clientSecret,
  })) as { id: string };
  await host.call('connection.select', { id: saved.id });
  return host;
}

/** Resolves once `host` holds the three lists whole, none being read again. */
export async function allHeld(host: HostProcess): Promise<void> {
  for (;;) {
    const lists = (await host.call('lists.status', {})) as { state: string; rereading: boolean }[];
    if (lists.length >= 3 && lists.every((list) => list.state === 'held' && !list.rereading)) return;
    await new Promise((done) => setTimeout(done, 500));
  }
}

/** A process's resident memory from Linux's /proc, MiB: in all, and its anonymous and file-backed parts. */
export function residentOf(pid: number): { rss: number; anon: number; file: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kib = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(status)?.[1] ?? NaN);
  return { rss: kib('VmRSS') / 1024, anon: kib('RssAnon') / 1024, file: kib('RssFile') / 1024 };
}

/**
 * `host`'s resident memory once the lists' reading garbage is collected: the lowest of `looks`,
 * a second apart (by RSS).
 */
export async function settledResident(host: HostProcess, looks = 5) {
  let lowest = residentOf(host.pid);
  for (let look = 1; look < looks; look++) {
    await new Promise((done) => setTimeout(done, 1_000));
    const now = residentOf(host.pid);
    if (now.rss < lowest.rss) lowest = now;
  }
  return lowest;
}
