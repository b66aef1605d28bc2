// What making a held list fresh costs the office's address when one record is dated ahead of the
// server's clock (a writer whose clock runs ahead, a time a client set), before (the commit given by
// --before, 6488508 by default: such a record refused every catch-up, and the list was read whole)
// and now (the record read and passed over), in one run on this machine: the requests of each of
// three Refreshes of 100,000 customers, a rename made before each, against an API on 127.0.0.1 that
// sorts by time and sends its clock; the floor: the same Refreshes with no record dated ahead.
// Run: node --import tsx bench/catch-up-ahead.ts [--before REV] [--customers N]
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import type { ApiRecord } from '../electron/shared/schema.js';
import { report, type Figure } from './lib/report.js';
import { worktreeOf } from './lib/renderer-of.js';

const { values } = parseArgs({
  options: {
    before: { type: 'string', default: '6488508' },
    customers: { type: 'string', default: '100000' },
  },
});
const CUSTOMERS = Number(values.customers);
const DAY = 86_400_000;
const iso = (at: number) => new Date(at).toISOString();

interface HeldListLike {
  reading: boolean;
  state: string;
}
interface Engine {
  HeldLists: new (options: { onStatus: () => void; errorPayloadOf: (error: unknown) => unknown }) => {
    use(source: unknown, view: { resource: 'customers' }, lang: 'en'): HeldListLike | Promise<HeldListLike>;
    refresh(connectionId: string): void;
    close(): void;
  };
  wire: (
    options: unknown,
  ) => Promise<{ api: { received: { path: string }[] }; connection: { client: unknown } }>;
  cleanUp: () => Promise<void>;
  toErrorPayload: (error: unknown) => unknown;
}

async function engineAt(root: string): Promise<Engine> {
  const load = (path: string) =>
    import(pathToFileURL(join(root, path)).href) as Promise<Record<string, unknown>>;
  return {
    ...(await load('electron/core/search/lists/held-lists.ts')),
    ...(await load('electron/core/testing/wired.ts')),
    ...(await load('electron/core/service/error-payload.ts')),
  } as unknown as Engine;
}

async function settled(list: HeldListLike): Promise<void> {
  for (let tries = 0; tries < 60_000 && (list.reading || list.state === 'reading'); tries++) await sleep(5);
}

/** The requests to the customers of each of three Refreshes, one record dated ahead or not. */
async function refreshes(engine: Engine, ahead: boolean): Promise<number[]> {
  const now = Date.now();
  const records: ApiRecord[] = Array.from({ length: CUSTOMERS }, (_, index) => ({
    id: `CUS-${String(index).padStart(8, '0')}`,
    name: `Customer ${index}`,
    createdAt: iso(now - 400 * DAY + index * 60_000),
    updatedAt: iso(now - 30 * DAY + index * 10_000),
  }));
  const { api, connection } = await engine.wire({ recordsOf: { customers: records }, sorts: true });
  const lists = new engine.HeldLists({ onStatus: () => undefined, errorPayloadOf: engine.toErrorPayload });
  const source = { connectionId: 'bench', client: connection.client };
  const list = await lists.use(source, { resource: 'customers' }, 'en');
  await settled(list);
  if (ahead) records[3]!.updatedAt = iso(Date.now() + DAY);
  const requests = () => api.received.filter((request) => request.path === '/v1/customers').length;
  const counts: number[] = [];
  for (const refresh of [1, 2, 3]) {
    Object.assign(records[1_000 * refresh]!, { name: `Renamed ${refresh}`, updatedAt: iso(Date.now()) });
    const before = requests();
    lists.refresh('bench');
    await sleep(20);
    await settled(list);
    counts.push(requests() - before);
  }
  lists.close();
  await engine.cleanUp();
  return counts;
}

const before = await worktreeOf(values.before ?? '6488508');
const figures: Figure[] = [];
try {
  for (const [when, root] of [
    [`before (${values.before})`, before.tree],
    ['now', process.cwd()],
  ] as const) {
    const engine = await engineAt(root);
    for (const ahead of [false, true]) {
      const counts = await refreshes(engine, ahead);
      counts.forEach((count, index) =>
        figures.push({
          figure: `${when}: ${ahead ? 'one record dated a day ahead' : 'floor: none ahead'}, Refresh ${index + 1} of ${CUSTOMERS.toLocaleString('en-GB')} customers, requests`,
          value: count,
          unit: '',
          ...(when === 'now' && ahead && { target: '≤ 10' as const }),
        }),
      );
    }
  }
} finally {
  await before.remove();
}
report('catch-up-ahead', figures);
