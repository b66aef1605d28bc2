import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { AppApi, RequestName } from '@shared/contract/contract';
import { sessionQuery } from '../data/queries';
import { deskOn, sessionOn } from '../testing/desk-fixtures';
import { restoreDesk } from './restore';

// What a window reopens: its desk on its connection (chosen again when the app opened on another),
// nothing but the desk when the connection is the one shown, the first list with a word when the
// connection is gone.

/** An app that knows the connections `known`, and records what it was asked. */
function appKnowing(known: string[]) {
  const asked: RequestName[] = [];
  const api: AppApi = {
    invoke: ((name: RequestName, input: { id?: string }) => {
      asked.push(name);
      if (name !== 'connection.select') throw new Error(`not expected: ${name}`);
      const id = input.id ?? '';
      return Promise.resolve(
        known.includes(id)
          ? { ok: true, value: sessionOn(id) }
          : { ok: false, error: { code: 'not-found', message: `no connection ${id}` } },
      );
    }) as AppApi['invoke'],
    on: () => () => undefined,
  };
  return { api, asked };
}

describe('restoreDesk', () => {
  it('takes the desk as it is on the connection shown, asking nothing', async () => {
    const { api, asked } = appKnowing(['prod']);
    expect(await restoreDesk(api, new QueryClient(), { desk: deskOn('prod') }, sessionOn('prod'))).toEqual({
      desk: deskOn('prod'),
    });
    expect(asked).toEqual([]);
  });

  it('says when the search and filters typed in it were not kept', async () => {
    const { api } = appKnowing(['prod']);
    expect(
      await restoreDesk(
        api,
        new QueryClient(),
        { desk: deskOn('prod'), typedLeftOut: true },
        sessionOn('prod'),
      ),
    ).toEqual({ desk: deskOn('prod'), typedLeftOut: true });
  });

  it('chooses the desk’s connection again when the app opened on another', async () => {
    const { api, asked } = appKnowing(['prod', 'staging']);
    const client = new QueryClient();
    expect(await restoreDesk(api, client, { desk: deskOn('staging') }, sessionOn('prod'))).toEqual({
      desk: deskOn('staging'),
    });
    expect(asked).toEqual(['connection.select']);
    expect(client.getQueryData(sessionQuery(api).queryKey)).toEqual(sessionOn('staging'));
  });

  it('drops a desk whose connection is gone, and says so', async () => {
    const { api } = appKnowing(['prod']);
    expect(await restoreDesk(api, new QueryClient(), { desk: deskOn('deleted') }, sessionOn('prod'))).toEqual(
      {
        connectionGone: true,
      },
    );
    expect(await restoreDesk(api, new QueryClient(), null, sessionOn('prod'))).toEqual({});
  });
});
