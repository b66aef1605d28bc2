import { describe, expect, it } from 'vitest';
import type { AppApi } from '@shared/contract/contract';
import { onConnection } from './on-connection';

function recordingApi() {
  const asked: { name: string; input: unknown }[] = [];
  const api = {
    invoke: (name: string, input: unknown) => {
      asked.push({ name, input });
      return Promise.resolve({ ok: true, value: null });
    },
    on: () => () => undefined,
  } as unknown as AppApi;
  return { api, asked };
}

describe('requests that act on a connection name the one the window shows', () => {
  it('adds the connection to data, search, lists, views and export requests, and to no other', async () => {
    const { api, asked } = recordingApi();
    const shown = onConnection(api, 'prod');
    await shown.invoke('data.count', { view: { resource: 'customers' } });
    await shown.invoke('lists.refresh', {});
    await shown.invoke('settings.get', {});
    await shown.invoke('connection.select', { id: 'staging' });
    expect(asked).toEqual([
      { name: 'data.count', input: { view: { resource: 'customers' }, connectionId: 'prod' } },
      { name: 'lists.refresh', input: { connectionId: 'prod' } },
      { name: 'settings.get', input: {} },
      { name: 'connection.select', input: { id: 'staging' } },
    ]);
  });

  it('before the session says which connection, requests go as they are', () => {
    const { api } = recordingApi();
    expect(onConnection(api, undefined)).toBe(api);
  });
});
