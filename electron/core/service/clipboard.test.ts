import { afterEach, describe, expect, it } from 'vitest';
import { openTestCore } from '../testing/test-kit.js';
import type { AppCoreOptions } from './app-core.js';
import { dispatch } from './dispatch.js';

// Copying in Electron: the window may not write the clipboard (security.ts denies the permission),
// so the page asks the app (clipboard.write), and main writes it. The browser host has no clipboard
// of its own: its page writes the clipboard itself, and the request says so.

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function app(options: Partial<AppCoreOptions>) {
  const { core, close } = await openTestCore(options);
  cleanups.push(close);
  return core;
}

describe('copying through the app', () => {
  it('writes what the page copied with the clipboard main handed in, and says it does', async () => {
    const written: string[] = [];
    const core = await app({ writeClipboard: (text) => Promise.resolve(void written.push(text)) });
    expect(await dispatch(core, 'connection.status', {})).toMatchObject({
      ok: true,
      value: { writesClipboard: true },
    });
    expect(await dispatch(core, 'clipboard.write', { text: 'CUS-1\tAcme\nCUS-2\tBeta' })).toEqual({
      ok: true,
      value: { written: true },
    });
    expect(written).toEqual(['CUS-1\tAcme\nCUS-2\tBeta']);
  });

  it('reports a clipboard that fails, and refuses without one', async () => {
    const failing = await app({ writeClipboard: () => Promise.reject(new Error('clipboard busy')) });
    expect(await dispatch(failing, 'clipboard.write', { text: 'x' })).toMatchObject({ ok: false });
    const none = await app({});
    expect(await dispatch(none, 'connection.status', {})).toMatchObject({
      value: { writesClipboard: false },
    });
    expect(await dispatch(none, 'clipboard.write', { text: 'x' })).toMatchObject({
      ok: false,
      error: { code: 'not-found', message: 'this app has no clipboard of its own: the page writes it' },
    });
    expect(await dispatch(none, 'clipboard.write', { text: 42 })).toMatchObject({
      ok: false,
      error: { code: 'invalid-argument' },
    });
  });
});
