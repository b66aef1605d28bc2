import { describe, expect, it } from 'vitest';
import type { HeldListStatus } from '@shared/held-list';
import { fakeApi } from '../testing/fake-api';
import { RowsStore } from './rows-store';

const status = (connectionId: string): HeldListStatus => ({
  connectionId,
  resource: 'customers',
  lang: 'en',
  state: 'reading',
  read: 500,
  total: 1_000,
  rereading: false,
  bytes: 0,
  budgetBytes: 1,
});
const customers = { resource: 'customers' } as const;
const sampleKey = (connectionId: string) => JSON.stringify([connectionId, 'customers', null, 'en']);

describe("a window's rows store", () => {
  it('forgets all of an edited connection, its views, lists, samples and offset depths, and nothing of another', () => {
    const store = new RowsStore();
    const { api } = fakeApi(10);
    let told = 0;
    store.lists.subscribe(() => told++);
    for (const connectionId of ['edited', 'other']) {
      store.lists.note(status(connectionId));
      store.lists.keepSample(sampleKey(connectionId), [{ id: 'CUS-1' }]);
      store.offsetDepths.reachOf(connectionId, customers).refused(10_000);
    }
    const otherView = store.views.traversalOf(api, 'other', customers, 'en', 100);
    const editedView = store.views.traversalOf(api, 'edited', customers, 'en', 100);

    store.forgetConnection('edited');

    expect(store.lists.of('edited', customers, 'en')).toBeUndefined();
    expect(store.lists.reading('edited')).toEqual([]);
    expect(store.lists.sampleOf(sampleKey('edited'))).toBeUndefined();
    expect(store.offsetDepths.reachOf('edited', customers).allows(20_000)).toBe(true);
    expect(store.views.traversalOf(api, 'edited', customers, 'en', 100)).not.toBe(editedView);
    // Those following the lists hear of it (the status bar drops the edited connection's reads).
    expect(told).toBe(3);

    expect(store.lists.of('other', customers, 'en')).toEqual(status('other'));
    expect(store.lists.sampleOf(sampleKey('other'))).toEqual([{ id: 'CUS-1' }]);
    expect(store.offsetDepths.reachOf('other', customers).allows(20_000)).toBe(false);
    expect(store.views.traversalOf(api, 'other', customers, 'en', 100)).toBe(otherView);
  });

  it('is one per window: what one learns, another does not hold', () => {
    const [first, second] = [new RowsStore(), new RowsStore()];
    first.lists.note(status('c'));
    first.offsetDepths.reachOf('c', customers).refused(0);
    expect(second.lists.of('c', customers, 'en')).toBeUndefined();
    expect(second.offsetDepths.reachOf('c', customers).allows(0)).toBe(true);
  });
});
