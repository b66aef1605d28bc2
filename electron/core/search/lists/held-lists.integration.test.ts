import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { startEngine, type Engine } from '../../testing/test-kit.js';
import { HeldLists, type HeldList, type ListSource } from './held-lists.js';
import { toErrorPayload } from '../../service/error-payload.js';

// A list held for search, read while records are added and removed between its pages, over real
// HTTP at the pace of a real API (20 ms a page): cursor mode (spec rule 6) keeps every record that
// did not change exactly once, whether the read is the first or one that replaces a held list.
let engine: Engine | undefined;
let lists: HeldLists | undefined;
afterEach(async () => {
  lists?.close();
  await engine?.close();
  engine = undefined;
  lists = undefined;
});

const CUSTOMERS = { resource: 'customers' } as const;

async function untilRead(list: HeldList): Promise<void> {
  for (let tries = 0; tries < 2_000 && (list.reading || list.state === 'reading'); tries++) await sleep(10);
  expect(list.state).toBe('held');
}

/** Before each page of the customers' list: three customers added, three removed (never the same twice). */
function churnBetweenPages(target: Engine) {
  const added = new Set<string>();
  const removed = new Set<string>();
  const { store } = target.demo;
  target.demo.faults.beforeEachCall((url) => {
    if (url.pathname !== '/v1/customers' || !url.searchParams.has('cursor')) return;
    for (let count = 0; count < 3; count++) added.add(store.insert('customers'));
    for (let count = 0; count < 3; count++) {
      const size = store.count('customers');
      const victim = `CUS-${String(1 + ((removed.size * 7_919 + 13) % size)).padStart(8, '0')}`;
      if (!removed.has(victim) && !added.has(victim) && store.remove('customers', victim))
        removed.add(victim);
    }
  });
  return { added, removed };
}

/** The public id of every customer the Demo has now. */
const idsNow = (target: Engine) =>
  new Set(
    Array.from(
      { length: target.demo.store.count('customers') },
      (_, index) => `CUS-${String(target.demo.store.tables.customers.at(index)?.id).padStart(8, '0')}`,
    ),
  );

describe('a list held for search, read while the API changes', () => {
  it.each(['the first read', 'a read again that replaces the held list'])(
    'keeps each record that did not change once, and no record twice: %s',
    async (which) => {
      engine = await startEngine({
        demo: { latencyMs: 20, size: { customers: 6_000, contacts: 0, agreements: 0 } },
      });
      await engine.tokens.getToken();
      lists = new HeldLists({ onStatus: () => undefined, errorPayloadOf: toErrorPayload });
      const source: ListSource = { connectionId: 'demo', client: engine.client };
      let list: HeldList;
      if (which === 'the first read') {
        const before = idsNow(engine);
        const churn = churnBetweenPages(engine);
        list = await lists.use(source, CUSTOMERS, 'en');
        await untilRead(list);
        check(list, before, churn);
      } else {
        list = await lists.use(source, CUSTOMERS, 'en');
        await untilRead(list);
        // A deletion before the refresh: its catch-up gives way to a whole read, which meets the churn.
        engine.demo.store.remove('customers', 'CUS-00000007');
        const before = idsNow(engine);
        const churn = churnBetweenPages(engine);
        const old = list.rows;
        lists.refresh('demo');
        await untilRead(list);
        expect(list.rows).not.toBe(old);
        check(list, before, churn);
      }
    },
  );
});

describe('a held list made fresh for the cost of what changed', () => {
  it('after renames and additions reads only what changed; after a deletion, the whole list: each time exactly the server’s records', async () => {
    engine = await startEngine({ demo: { size: { customers: 20_000, contacts: 0, agreements: 0 } } });
    await engine.tokens.getToken();
    lists = new HeldLists({ onStatus: () => undefined, errorPayloadOf: toErrorPayload });
    const source: ListSource = { connectionId: 'demo', client: engine.client };
    const list = await lists.use(source, CUSTOMERS, 'en');
    await untilRead(list);
    const { store } = engine.demo;
    const asked = () => engine!.demo.requests.filter((url) => url.startsWith('/v1/customers?')).length;
    const heldNow = () =>
      new Map(
        Array.from({ length: list.rows.length }, (_, index) => [
          String(list.rows.valueAt(index, 'id')),
          String(list.rows.valueAt(index, 'name')),
        ]),
      );
    const serverNow = () =>
      new Map(
        Array.from({ length: store.count('customers') }, (_, index) => {
          const row = store.tables.customers.at(index)!;
          return [`CUS-${String(row.id).padStart(8, '0')}`, row.name];
        }),
      );

    // Five renamed (each moves its updatedAt), two added.
    for (const number of [17, 4_242, 9_999, 15_000, 19_998])
      store.rename('customers', `CUS-${String(number).padStart(8, '0')}`, `Renamed ${number}`);
    const added = [store.insert('customers'), store.insert('customers')];
    let before = asked();
    lists.refresh('demo');
    await untilRead(list);
    // The changes (updatedAt.desc), the new ones (createdAt.desc), the count: 3 requests, not 41.
    expect(asked() - before).toBeLessThanOrEqual(5);
    expect(heldNow()).toEqual(serverNow());
    expect(heldNow().get('CUS-00004242')).toBe('Renamed 4242');
    for (const id of added) expect(heldNow().has(id)).toBe(true);
    expect(list.rows.length).toBe(20_002);

    // A deletion: the count says the merge is not the list, so it is read whole.
    store.remove('customers', 'CUS-00000100');
    store.rename('customers', 'CUS-00000200', 'Renamed 200');
    before = asked();
    lists.refresh('demo');
    await untilRead(list);
    expect(asked() - before).toBeGreaterThan(40);
    expect(heldNow()).toEqual(serverNow());
    expect(heldNow().has('CUS-00000100')).toBe(false);
  }, 60_000);
});

function check(
  list: HeldList,
  before: Set<string>,
  churn: { added: Set<string>; removed: Set<string> },
): void {
  const held = Array.from({ length: list.rows.length }, (_, index) => String(list.rows.valueAt(index, 'id')));
  expect(churn.added.size).toBeGreaterThan(20);
  expect(churn.removed.size).toBeGreaterThan(20);
  // No record twice.
  expect(held.length).toBe(new Set(held).size);
  // Every record there before the read and not removed during it: held.
  const unchanged = [...before].filter((id) => !churn.removed.has(id));
  const heldSet = new Set(held);
  expect(unchanged.filter((id) => !heldSet.has(id))).toEqual([]);
  // Nothing held that never existed.
  expect(held.filter((id) => !before.has(id) && !churn.added.has(id))).toEqual([]);
}
