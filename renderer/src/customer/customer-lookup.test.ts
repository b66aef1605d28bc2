import { describe, expect, it } from 'vitest';
import { AppFailure } from '../api/call';
import { fakeApi } from '../testing/fake-api';
import { lookUpCustomer } from './customer-lookup';

// Looking a customer's name up by its id: the customers' pages read in the API's order at
// background priority, until it is found, the list ends, the user cancels, or a cursor repeats.

/** Lets the fake API answer until `promise` settles; its outcome. */
async function settle<T>(promise: Promise<T>, answerAll: () => Promise<void>) {
  let outcome: { value?: T; error?: unknown } | undefined;
  promise.then(
    (value) => (outcome = { value }),
    (error: unknown) => (outcome = { error }),
  );
  for (let round = 0; round < 50 && !outcome; round++) await answerAll();
  return outcome;
}

describe('looking a customer up by its id', () => {
  it('reads pages at background priority until it finds the record, saying how far it got', async () => {
    const { api, asked, answerAll, change } = fakeApi(1_200);
    change(1_100, { id: 1_100, name: 'Acme' });
    const progress: number[] = [];
    const found = await settle(
      lookUpCustomer(api, '1100', 'fr', {
        signal: new AbortController().signal,
        onProgress: ({ scanned }) => progress.push(scanned),
      }),
      answerAll,
    );
    expect(found).toEqual({ value: { id: 1_100, name: 'Acme' } });
    expect(progress).toEqual([500, 1_000, 1_200]);
    const pages = asked.filter((request) => request.name === 'data.listPage').map((request) => request.input);
    expect(pages.map((input) => [input.cursor, input.priority, input.size, input.lang])).toEqual([
      [undefined, 'prefetch', 500, 'fr'],
      ['500', 'prefetch', 500, 'fr'],
      ['1000', 'prefetch', 500, 'fr'],
    ]);
    expect(pages.every((input) => (input.view as { resource: string }).resource === 'customers')).toBe(true);
  });

  it('ends with nothing when the whole list was read without it', async () => {
    const { api, answerAll } = fakeApi(700);
    const options = { signal: new AbortController().signal, onProgress: () => undefined };
    expect(await settle(lookUpCustomer(api, 'CUS-404', 'en', options), answerAll)).toEqual({
      value: undefined,
    });
  });

  it('stops when cancelled, and cancels the page being read', async () => {
    const { api, asked, answerAll } = fakeApi(5_000);
    const controller = new AbortController();
    const lookup = lookUpCustomer(api, 'CUS-404', 'en', {
      signal: controller.signal,
      onProgress: () => undefined,
    });
    await answerAll();
    controller.abort();
    const outcome = await settle(lookup, answerAll);
    expect((outcome?.error as Error).name).toBe('AbortError');
    const reading = asked.filter((request) => request.name === 'data.listPage').at(-1)?.input.requestId;
    expect(asked.filter((request) => request.name === 'data.cancel').map((request) => request.input)).toEqual(
      [{ requestId: reading }],
    );
    expect(asked.filter((request) => request.name === 'data.listPage')).toHaveLength(2);
  });

  it('ends with an error when the API hands out a cursor it gave before', async () => {
    const { api, answerAll } = fakeApi(5_000, { cycle: { at: 500, backTo: 0 } });
    const options = { signal: new AbortController().signal, onProgress: () => undefined };
    const outcome = await settle(lookUpCustomer(api, 'CUS-404', 'en', options), answerAll);
    expect(outcome?.error).toBeInstanceOf(AppFailure);
    expect((outcome?.error as AppFailure).message).toMatch(
      /after 3 pages it handed out a cursor it had already given/,
    );
  });
});
