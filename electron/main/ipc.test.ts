import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { AppCore } from '../core/service/app-core.js';
import { requestSchemas, type RequestName } from '../shared/contract/contract.js';
import { requestChannel } from '../shared/contract/wire.js';
import { serveContract } from './ipc.js';
import { fake } from './testing/fake-electron.js';

vi.mock('electron', () => import('./testing/fake-electron.js'));

// Main's side of the contract (electron/main/ipc.ts): every request is served, and only to our own
// renderer's frame (Electron's checklist #17); what passes goes to core through the validated dispatch.

const OWN = 'file:///app/out/renderer/index.html';
const names = Object.keys(requestSchemas) as RequestName[];
let called: string[];

beforeEach(() => {
  fake.reset();
  called = [];
  const serve = (name: string, _input: unknown, caller: string) => (
    called.push(`${name} for ${caller}`),
    Promise.resolve({ served: name })
  );
  serveContract({ serve } as unknown as AppCore, (frame) => frame !== null && frame.url === OWN);
});

const ask = (name: RequestName, frame: { url: string } | null, argument: unknown = {}) =>
  fake.handlers.get(requestChannel(name))?.({ senderFrame: frame, sender: { id: 7 } }, argument);

describe('the contract over IPC', () => {
  it('has a handler for every request of the contract', () => {
    expect([...fake.handlers.keys()].sort()).toEqual(names.map(requestChannel).sort());
  });

  it('refuses every request from a frame that is not ours, before core sees it', async () => {
    for (const name of names) {
      for (const frame of [{ url: 'https://evil.example/' }, { url: `${OWN}.evil` }, null]) {
        expect(await ask(name, frame)).toEqual({
          ok: false,
          error: { code: 'forbidden', message: 'this window may not call the app' },
        });
      }
    }
    expect(called).toEqual([]);
  });

  it('serves our renderer through the validated dispatch, naming the window as the caller', async () => {
    expect(await ask('settings.get', { url: OWN })).toEqual({ ok: true, value: { served: 'settings.get' } });
    expect(await ask('data.cancel', { url: OWN }, { requestId: 42 })).toMatchObject({
      ok: false,
      error: { code: 'invalid-argument' },
    });
    expect(called).toEqual(['settings.get for window-7']);
  });
});
