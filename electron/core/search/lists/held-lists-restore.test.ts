import { describe, expect, it } from 'vitest';
import type { Resource } from '../../../shared/api-rules.js';
import type { ApiRecord } from '../../../shared/schema.js';
import type { ApiClient } from '../../api/api-client.js';
import { toErrorPayload } from '../../service/error-payload.js';
import { HeldList, listKey, type ListSource } from './held-list-state.js';
import { HeldLists } from './held-lists.js';
import { findCustomers } from '../search-answers.js';

const source: ListSource = { connectionId: 'desk', client: {} as ApiClient };

/** A list as kept from the day before: held whole, read a minute ago. */
function keptList(resource: Resource, records: ApiRecord[]): HeldList {
  const view = { resource };
  const list = new HeldList(listKey(source.connectionId, view), source, view, 'en');
  list.rows.append(records);
  list.fields.set('en', []);
  list.state = 'held';
  list.asOf = Date.now() - 60_000;
  list.wholeAt = list.asOf;
  list.clock = { server: list.asOf, local: list.asOf };
  list.total = records.length;
  return list;
}

/** Whether `promise` has settled once pending callbacks have run. */
async function settled(promise: Promise<unknown>): Promise<boolean> {
  let done = false;
  void promise.then(() => (done = true));
  await new Promise((resolve) => setTimeout(resolve, 20));
  return done;
}

describe('the lists kept from the day before, taken in one after the other', () => {
  it("answers a contact's id as soon as the customers and contacts are in, an agreement's id once the agreements are", async () => {
    const lists = new HeldLists({ onStatus: () => undefined, errorPayloadOf: toErrorPayload });
    let agreementsRead = () => {};
    const read = new Promise<void>((resolve) => (agreementsRead = resolve));
    async function* kept() {
      yield keptList('customers', [{ id: 'CUS-1', name: 'Durand Brasserie' }]);
      yield keptList('contacts', [{ id: 'CON-2', customerId: 'CUS-1', lastName: 'Martin' }]);
      await read;
      yield keptList('agreements', [{ id: 'AGR-3', customerId: 'CUS-1', name: 'Pro 2020' }]);
    }
    const restoring = lists.restore(source.connectionId, kept());
    const ask = (text: string, agreements = false) =>
      findCustomers(
        lists,
        source,
        { text, lang: 'en', limit: 8, read: false, agreements },
        new AbortController().signal,
      );

    const byContact = await ask('CON-2');
    expect(byContact.suggestions.map((each) => each.customerId)).toEqual(['CUS-1']);
    expect(byContact.contacts?.state).toBe('held');
    const byAgreement = ask('AGR-3', true);
    expect(await settled(byAgreement)).toBe(false);
    agreementsRead();
    expect((await byAgreement).suggestions.map((each) => each.customerId)).toEqual(['CUS-1']);
    await restoring;
    lists.close();
  });

  it('gives every entry the kept list, never one read again from the API, while it is taken in', async () => {
    const lists = new HeldLists({ onStatus: () => undefined, errorPayloadOf: toErrorPayload });
    let customersRead = () => {};
    const read = new Promise<void>((resolve) => (customersRead = resolve));
    const customers = keptList('customers', [{ id: 'CUS-1', name: 'Durand Brasserie' }]);
    async function* kept() {
      await read;
      yield customers;
    }
    const restoring = lists.restore(source.connectionId, kept());
    // The client is not one: a read from the API would throw, and the list would fail.
    const used = lists.use(source, { resource: 'customers' }, 'en');
    const found = lists.find(source, { resource: 'customers' }, 'en');
    const prepared = lists.prepare(source, { resource: 'customers' }, 'en');
    expect(await settled(used)).toBe(false);
    expect(lists.heldNow(source, { resource: 'customers' }, 'en')).toBeUndefined();
    customersRead();
    expect(await used).toBe(customers);
    expect(await found).toBe(customers);
    expect(await prepared).toBe(customers);
    expect(lists.statusOf(customers).state).toBe('held');
    // Once the kept lists are in, a list that had no kept copy waits no more.
    expect(await settled(lists.find(source, { resource: 'contacts' }, 'en'))).toBe(true);
    await restoring;
    lists.close();
  });
});
