import { describe, expect, it } from 'vitest';
import type { AppApi, RequestInput, RequestName } from '@shared/contract/contract';
import type { FilterCondition } from '@shared/filter';
import type { HeldListStatus } from '@shared/held-list';
import { HeldListStatuses } from './held-list-statuses';
import { HeldSearchLoader } from './held-search-loader';
import { SKELETON_ROWS } from './row-loader';

/**
 * The app as the loader sees it: `matches` rows matched out of `read` read so far; answers wait for
 * `answerAll`, and say the state when they are given (or, `madeWhenAsked`, when they were asked).
 */
function fakeApp({ connectionId = 'c', madeWhenAsked = false } = {}) {
  const state = { read: 0, matches: 0, serial: 1 };
  /** The window's lists as told (one window per fake app). */
  const lists = new HeldListStatuses();
  const asked: { name: RequestName; input: Record<string, unknown> }[] = [];
  const waiting: (() => void)[] = [];
  const status = (): HeldListStatus => ({
    connectionId,
    resource: 'customers',
    lang: 'en',
    state: state.read < 1_000 ? 'reading' : 'held',
    read: state.read,
    total: 1_000,
    rereading: false,
    bytes: 0,
    budgetBytes: 1,
  });
  const api: AppApi = {
    invoke: (<N extends RequestName>(name: N, input: RequestInput<N>) => {
      const record = input as Record<string, unknown>;
      asked.push({ name, input: record });
      if (name === 'data.cancel') return Promise.resolve({ ok: true, value: { cancelled: true } });
      const from = record.from as number;
      const count = record.count as number;
      const made = madeWhenAsked ? answerOf(from, count, record) : undefined;
      return new Promise((resolve) =>
        waiting.push(() => resolve({ ok: true, value: made ?? answerOf(from, count, record) })),
      );
    }) as unknown as AppApi['invoke'],
    on: () => () => undefined,
  };
  function answerOf(from: number, count: number, record: Record<string, unknown>) {
    return {
      rows: Array.from({ length: Math.max(0, Math.min(count, state.matches - from)) }, (_, index) => ({
        id: `m${from + index}@${state.read}`,
      })),
      from,
      matches: state.matches,
      version: `${state.serial}:${state.read}`,
      list: status(),
      ...(record.sample === true && { sample: [{ id: 'first' }] }),
    };
  }
  const answerAll = async () => {
    while (waiting.length) waiting.shift()?.();
    await new Promise((resolve) => setTimeout(resolve, 0));
  };
  /** A filtered table over this app's list (its connection's customers, in English), opened. */
  const openLoader = (filter: FilterCondition[] = []) => {
    const loader = new HeldSearchLoader(api, lists, connectionId, { resource: 'customers' }, 'en', filter);
    loader.open();
    return loader;
  };
  return { api, lists, asked, state, status, waiting, answerAll, openLoader };
}

const searches = (asked: ReturnType<typeof fakeApp>['asked']) =>
  asked.filter((one) => one.name === 'search.rows');

describe('a filtered table over the list held for search', () => {
  it('says no count before its first answer, the matches so far while the list is read, all once whole', async () => {
    const app = fakeApp();
    app.state.read = 400;
    app.state.matches = 0;
    const loader = app.openLoader([{ field: '*', op: 'contains', value: 'sa' }]);
    // Asked, not answered: nothing is counted yet, and no "0 matches" is said.
    expect(loader.status.counted).toBe('not-yet');
    await app.answerAll();
    expect(loader.status).toMatchObject({ matches: 0, counted: 'so-far' });
    app.state.read = 1_000;
    app.state.matches = 12;
    app.lists.note(app.status());
    // Told it was read whole: the answer asked before counts part of it.
    expect(loader.status.counted).toBe('so-far');
    await app.answerAll();
    expect(loader.status).toMatchObject({ matches: 12, counted: 'all' });
  });

  it('asks for the matches on screen by blocks, with the sample the columns are typed from, once', async () => {
    const app = fakeApp();
    app.state.read = 1_000;
    app.state.matches = 250;
    const loader = app.openLoader([{ field: '*', op: 'contains', value: 'sa' }]);
    await app.answerAll();
    expect(loader.matches).toBe(250);
    expect(loader.firstRows).toEqual([{ id: 'first' }]);
    // The table's status: the matches, from the list held, and no page read with a token.
    expect(loader.status).toMatchObject({
      matches: 250,
      usesHeldList: true,
      rowsReadWithToken: undefined,
      scan: undefined,
    });
    loader.ensure(90, 130);
    await app.answerAll();
    expect(searches(app.asked).map((one) => [one.input.from, one.input.sample])).toEqual([
      [0, true],
      [100, false],
    ]);
    expect(loader.rowAt(130)).toEqual({ id: 'm130@1000' });
    // Held and drawn: scrolling back asks nothing.
    loader.ensure(0, 40);
    expect(searches(app.asked)).toHaveLength(2);
  });

  it('asks again as the list is read, keeping the rows drawn until the new answer replaces them', async () => {
    const app = fakeApp();
    app.state.read = 500;
    app.state.matches = 3;
    const loader = app.openLoader();
    await app.answerAll();
    expect(loader.hasMore).toBe(true);
    expect(loader.rowAt(0)).toEqual({ id: 'm0@500' });
    // As the table draws it: the matches so far and placeholders for those to come.
    expect([loader.rowCount, loader.held, loader.complete]).toEqual([3 + SKELETON_ROWS, 500, false]);
    app.state.read = 1_000;
    app.state.matches = 5;
    app.lists.note(app.status());
    // Still drawn while the new answer is on its way.
    expect(loader.rowAt(0)).toEqual({ id: 'm0@500' });
    await app.answerAll();
    expect(loader.matches).toBe(5);
    expect(loader.rowAt(4)).toEqual({ id: 'm4@1000' });
    expect(loader.hasMore).toBe(false);
    expect([loader.rowCount, loader.held, loader.complete]).toEqual([5, 1_000, true]);
  });

  it('a search that matches nothing asks once, and again only when the list grows', async () => {
    const app = fakeApp();
    app.state.read = 500;
    const loader = app.openLoader([{ field: '*', op: 'contains', value: 'zzzz' }]);
    await app.answerAll();
    loader.ensure(0, 40);
    await app.answerAll();
    expect(loader.matches).toBe(0);
    expect(searches(app.asked)).toHaveLength(1);
    app.state.read = 1_000;
    app.lists.note(app.status());
    await app.answerAll();
    await app.answerAll();
    expect(searches(app.asked)).toHaveLength(2);
  });

  it('an answer made before the list was read whole, arriving after the app said so, is asked again', async () => {
    const app = fakeApp({ connectionId: 'raced', madeWhenAsked: true });
    app.state.read = 500;
    const loader = app.openLoader([{ field: 'signedOn', op: 'gte', value: '2021-01-01' }]);
    // The list is read whole, and the app says so, while the first answer (0 of 500 read) is on its way.
    app.state.read = 1_000;
    app.state.matches = 15;
    app.lists.note(app.status());
    await app.answerAll();
    await app.answerAll();
    expect(loader.matches).toBe(15);
    expect(loader.list?.state).toBe('held');
    expect(searches(app.asked)).toHaveLength(2);
  });

  it('blocks asked before the app said the list is read whole: no answer of theirs settles it or says it is being read, one asked since settles it', async () => {
    const app = fakeApp({ connectionId: 'two-blocks', madeWhenAsked: true });
    app.state.read = 500;
    app.state.matches = 450;
    const loader = app.openLoader([{ field: '*', op: 'contains', value: 'sa' }]);
    await app.answerAll();
    // Two blocks on their way, both made over the first 500 rows read.
    loader.ensure(150, 320);
    expect(searches(app.asked).map((one) => one.input.from)).toEqual([0, 100, 200, 300]);
    app.state.read = 1_000;
    app.state.matches = 900;
    app.lists.note(app.status());
    // The first outdated answer asks again; the second, made as early, does not settle the table.
    const { waiting } = app;
    waiting.shift()?.();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(loader.settled).toBe(false);
    waiting.shift()?.();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect([loader.matches, loader.settled]).toEqual([450, false]);
    // Nor does it take the list back to being read, for this table or for others.
    expect(loader.list?.state).toBe('held');
    expect(app.lists.of('two-blocks', { resource: 'customers' }, 'en')?.state).toBe('held');
    await app.answerAll();
    await app.answerAll();
    expect([loader.matches, loader.settled]).toEqual([900, true]);
  });

  it('is not settled while its count may be behind the list: told it is read whole, until an answer made since comes', async () => {
    const app = fakeApp({ connectionId: 'settling' });
    app.state.read = 500;
    app.state.matches = 350;
    const loader = app.openLoader([{ field: '*', op: 'contains', value: 'sa' }]);
    await app.answerAll();
    expect([loader.matches, loader.settled]).toEqual([350, false]);
    // Read whole: the app says so before the matches of the whole list are asked for.
    app.state.read = 1_000;
    app.state.matches = 700;
    app.lists.note(app.status());
    expect([loader.matches, loader.hasMore, loader.settled]).toEqual([350, false, false]);
    await app.answerAll();
    expect([loader.matches, loader.settled]).toEqual([700, true]);
  });

  it("the next key's search starts from the first rows the last one had: the columns stay as they are", async () => {
    const app = fakeApp();
    app.state.read = 1_000;
    app.state.matches = 2;
    const first = new HeldSearchLoader(app.api, app.lists, 'c', { resource: 'contacts' }, 'en', []);
    first.open();
    await app.answerAll();
    const next = new HeldSearchLoader(app.api, app.lists, 'c', { resource: 'contacts' }, 'en', []);
    expect(next.firstRows).toBe(first.firstRows);
    next.open();
    await app.answerAll();
    expect(searches(app.asked).map((one) => one.input.sample)).toEqual([true, false]);
    // Another language is another list, with rows of its own.
    expect(
      new HeldSearchLoader(app.api, app.lists, 'c', { resource: 'contacts' }, 'fr', []).firstRows,
    ).toBeUndefined();
  });

  it('cancels the searches under way when the table goes (another filter replaces it)', () => {
    const app = fakeApp();
    const loader = app.openLoader();
    loader.close();
    const [search] = searches(app.asked);
    expect(app.asked.filter((one) => one.name === 'data.cancel').map((one) => one.input.requestId)).toEqual([
      search?.input.requestId,
    ]);
  });
});
