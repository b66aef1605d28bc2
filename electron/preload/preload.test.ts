import { beforeAll, describe, expect, it, vi } from 'vitest';
import { EVENT_CHANNEL, requestChannel } from '../shared/contract/wire.js';
import { fake, ipcRenderer } from '../main/testing/fake-electron.js';
import type { AppApi } from '../shared/contract/contract.js';

vi.mock('electron', () => import('../main/testing/fake-electron.js'));

// The sandboxed preload (electron/preload/index.ts): it exposes the contract's invoke and on as
// window.api, and nothing else; no raw ipcRenderer crosses into the page.

let api: AppApi;
beforeAll(async () => {
  fake.reset();
  await import('./index.js');
  api = fake.exposed.get('api') as AppApi;
});

describe('the preload', () => {
  it('exposes window.api with exactly invoke and on', () => {
    expect([...fake.exposed.keys()]).toEqual(['api']);
    expect(Object.keys(api).sort()).toEqual(['invoke', 'on']);
  });

  it('sends a contract request on its channel, and refuses a name the contract does not have', async () => {
    expect(await api.invoke('settings.get', {})).toEqual({ ok: true, value: 'answered' });
    expect(fake.invoked).toEqual([{ channel: requestChannel('settings.get'), argument: {} }]);
    const refused = await api.invoke('shell.openExternal' as never, {} as never);
    expect(refused).toMatchObject({ ok: false, error: { code: 'unknown-request' } });
    expect(fake.invoked).toHaveLength(1);
  });

  it('passes on the events of one name to its listener, and stops when asked', () => {
    const listener = vi.fn();
    const stop = api.on('token.state', listener);
    const [channel, handler] = ipcRenderer.on.mock.calls.at(-1) as [string, (...args: unknown[]) => void];
    expect(channel).toBe(EVENT_CHANNEL);
    handler({}, 'limiter.stats', { rate: 1 });
    handler({}, 'token.state', { state: 'valid' });
    expect(listener).toHaveBeenCalledExactlyOnceWith({ state: 'valid' });
    stop();
    expect(ipcRenderer.removeListener).toHaveBeenCalledWith(EVENT_CHANNEL, handler);
  });
});
