import { afterEach, describe, expect, it } from 'vitest';
import type { EventName, RequestName } from '../../shared/contract/contract.js';
import type { SavedView } from '../../shared/saved-view.js';
import { ANY_FIELD } from '../../shared/filter.js';
import { profileOf } from '../testing/app-calls.js';
import { openTestCore } from '../testing/test-kit.js';
import { cleanUp, closeLater, otherApi } from '../testing/wired.js';
import { dispatch } from './dispatch.js';

// Each window or tab has its own connection (review finding H2): one tab choosing Staging never
// sends another tab's pages, counts, searches, exports or saved views there, and a tab is told
// when its connection is edited or deleted.

afterEach(cleanUp);

const records = (prefix: string, count: number) =>
  Array.from({ length: count }, (_, index) => ({
    id: `${prefix}-${index + 1}`,
    name: `${prefix} ${index + 1}`,
  }));

async function twoApis() {
  const prod = await otherApi({ records: records('PROD', 3) });
  const staging = await otherApi({ records: records('STAGING', 7) });
  const { core, close } = await openTestCore();
  closeLater(close);
  const events: { name: EventName; payload: any }[] = [];
  core.onEvent((name, payload) => events.push({ name, payload }));
  const tab = (caller: string) => async (name: RequestName, argument: unknown) => {
    const result = await dispatch(core, name, argument, caller);
    if (!result.ok) throw new Error(`${name}: ${result.error.code}: ${result.error.message}`);
    return result.value as any;
  };
  const setUp = tab('setting-up');
  const prodId = (
    await setUp('connection.save', { profile: profileOf(prod, 'Prod'), secret: prod.clientSecret })
  ).id as string;
  const stagingId = (
    await setUp('connection.save', { profile: profileOf(staging, 'Staging'), secret: staging.clientSecret })
  ).id as string;
  return { core, prod, staging, prodId, stagingId, tab, events };
}

const firstIds = async (call: ReturnType<Awaited<ReturnType<typeof twoApis>>['tab']>) =>
  (await call('data.listPage', { view: { resource: 'customers' }, size: 10, lang: 'en' })).rows.map(
    (row: { id: string }) => row.id,
  );

describe('a connection per window or tab', () => {
  it('tab 2 choosing Staging leaves tab 1 on Prod: its pages, count, session and saved views', async () => {
    const { prodId, stagingId, tab } = await twoApis();
    const [one, two] = [tab('tab-1'), tab('tab-2')];
    await one('connection.select', { id: prodId });
    expect(await firstIds(one)).toEqual(['PROD-1', 'PROD-2', 'PROD-3']);
    await two('connection.select', { id: stagingId });
    expect(await firstIds(two)).toHaveLength(7);
    // Nothing changed on tab 1's side: it still reads Prod.
    expect(await firstIds(one)).toEqual(['PROD-1', 'PROD-2', 'PROD-3']);
    expect(await one('data.count', { view: { resource: 'customers' } })).toEqual({ total: 3 });
    expect((await one('connection.status', {})).connection).toMatchObject({ id: prodId, name: 'Prod' });
    const worklist: SavedView = {
      name: 'Prod worklist',
      resource: 'customers',
      filter: [],
      columns: ['id'],
      layout: { order: ['id'], hidden: [], sizes: {} },
    };
    await one('views.save', { view: worklist });
    const views = (await one('settings.get', {})).views as Record<string, SavedView[]>;
    expect(views[prodId]).toEqual([worklist]);
    expect(views[stagingId]).toBeUndefined();
    // The held list of a search is Prod's too.
    await expect
      .poll(async () => (await one('search.rows', searchOf('PROD'))).matches, { timeout: 5_000 })
      .toBe(3);
    expect((await one('search.rows', searchOf('STAGING'))).matches).toBe(0);
  });

  it('a request made for the connection a tab showed before it chose another is refused, and reads nothing', async () => {
    const { prodId, stagingId, tab, core, staging, prod } = await twoApis();
    await tab('tab-1')('connection.select', { id: prodId });
    await tab('tab-1')('connection.select', { id: stagingId });
    const asked = { prod: prod.received.length, staging: staging.received.length };
    const page = { view: { resource: 'customers' }, size: 10, lang: 'en', connectionId: prodId };
    expect(await dispatch(core, 'data.listPage', page, 'tab-1')).toMatchObject({
      ok: false,
      error: { code: 'connection-changed' },
    });
    expect(
      await dispatch(core, 'data.count', { view: { resource: 'customers' }, connectionId: prodId }, 'tab-1'),
    ).toMatchObject({ ok: false, error: { code: 'connection-changed' } });
    expect({ prod: prod.received.length, staging: staging.received.length }).toEqual(asked);
    // Named as the one it shows, it is served.
    expect(
      await dispatch(
        core,
        'data.count',
        { view: { resource: 'customers' }, connectionId: stagingId },
        'tab-1',
      ),
    ).toEqual({ ok: true, value: { total: 7 } });
    // A setting that happens to be called connectionId is not a request about a connection.
    expect(await dispatch(core, 'settings.set', { connectionId: prodId }, 'tab-1')).toMatchObject({
      ok: true,
    });
  });

  it('a tab that has not chosen starts on the connection chosen last, and keeps it when another tab chooses', async () => {
    const { prodId, stagingId, tab } = await twoApis();
    await tab('tab-1')('connection.select', { id: stagingId });
    const three = tab('tab-3');
    expect((await three('connection.status', {})).connection.id).toBe(stagingId);
    await tab('tab-1')('connection.select', { id: prodId });
    expect((await three('connection.status', {})).connection.id).toBe(stagingId);
    expect(await firstIds(three)).toHaveLength(7);
  });

  it('token and limiter events name their connection, so a tab shows its own', async () => {
    const { prodId, stagingId, tab, events } = await twoApis();
    await tab('tab-1')('connection.select', { id: prodId });
    await tab('tab-2')('connection.select', { id: stagingId });
    await firstIds(tab('tab-1'));
    await firstIds(tab('tab-2'));
    const named = (name: EventName) =>
      new Set(events.filter((event) => event.name === name).map((event) => event.payload.connectionId));
    expect(named('token.state')).toEqual(new Set([prodId, stagingId]));
    await expect.poll(() => named('limiter.stats')).toEqual(new Set([prodId, stagingId]));
  });

  it('editing a connection’s address tells the tabs, and they read the new address; deleting it leaves its tabs with none', async () => {
    const { prodId, stagingId, tab, events, staging } = await twoApis();
    const one = tab('tab-1');
    await one('connection.select', { id: prodId });
    expect(await firstIds(one)).toHaveLength(3);
    const before = events.length;
    await tab('setting-up')('connection.save', {
      id: prodId,
      profile: profileOf(staging, 'Prod'),
      secret: staging.clientSecret,
    });
    expect(
      events
        .slice(before)
        .filter((event) => event.name === 'connection.changed')
        .map((event) => event.payload),
    ).toEqual([{ connectionId: prodId }]);
    expect(await firstIds(one)).toHaveLength(7);
    await tab('setting-up')('connection.delete', { id: stagingId });
    await tab('tab-2')('connection.select', { id: prodId });
    await tab('setting-up')('connection.delete', { id: prodId });
    await expect(one('data.count', { view: { resource: 'customers' } })).rejects.toThrow(/no-connection/);
  });
});

function searchOf(text: string) {
  const filter = [{ field: ANY_FIELD, op: 'contains', value: text }];
  return { view: { resource: 'customers' }, lang: 'en', filter, from: 0, count: 10 };
}
