import { afterEach, describe, expect, it, vi } from 'vitest';
import { LinkInbox } from '../core/service/link-inbox.js';
import type { ParsedLink } from '../shared/links.js';
import { linksInArgv, listenForLinks, registerLinkScheme } from './system-links.js';
import { app, fake } from './testing/fake-electron.js';

vi.mock('electron', () => import('./testing/fake-electron.js'));

// How main takes cdb:// links from the system (against a fake `electron`): only the words after
// "--" of a command line, the cold start's and a second launch's; macOS's open-url, before the
// window is ready (kept) and after (pushed); and the scheme registered with the link after "--".

afterEach(() => fake.reset());

const LINK = 'cdb://customer/CUS-1?connection=Prod';
const opened = { ok: true, link: { action: 'customer', connection: 'Prod', customerId: 'CUS-1' } };

/** An inbox as the core makes it, and what it pushed to the windows. */
function inbox() {
  const pushed: ParsedLink[] = [];
  return { links: new LinkInbox((link) => pushed.push(link)), pushed };
}

describe('links from the system', () => {
  it('reads only the words after "--": a link before it, or a switch, is never taken', () => {
    expect(linksInArgv(['/opt/cdb/app', LINK])).toEqual([]);
    expect(linksInArgv(['/opt/cdb/app', '--gpu-launcher=calc', '--', LINK])).toEqual([LINK]);
    expect(linksInArgv(['/opt/cdb/app', '--', '--inspect=9229'])).toEqual(['--inspect=9229']);
  });

  it('keeps the links of a cold start and of open-url before the window is ready, in order, then pushes the next', () => {
    const { links, pushed } = inbox();
    listenForLinks((text) => links.receive(text), ['/opt/cdb/app', '--no-sandbox', '--', LINK]);
    const event = { defaultPrevented: false, preventDefault: () => (event.defaultPrevented = true) };
    app.emit('open-url', event, 'cdb://view/agreements?connection=Prod');
    expect(event.defaultPrevented).toBe(true);
    expect(pushed).toEqual([]);
    expect(links.take()).toEqual([
      opened,
      {
        ok: true,
        link: { action: 'view', connection: 'Prod', view: { resource: 'agreements' }, filter: [] },
      },
    ]);
    // The window is ready: open-url after it is pushed at once.
    app.emit('open-url', { preventDefault: () => undefined }, LINK);
    expect(pushed).toEqual([opened]);
    expect(links.take()).toEqual([]);
  });

  it('takes a second launch’s link (after "--"), refuses a hostile one with its reason, and ignores its switches', () => {
    const { links, pushed } = inbox();
    listenForLinks((text) => links.receive(text), ['/opt/cdb/app']);
    links.take();
    app.emit('second-instance', {}, ['/opt/cdb/app', '--remote-debugging-port=9222', '--', LINK]);
    app.emit('second-instance', {}, ['/opt/cdb/app', '--', 'cdb://customer/../contacts?connection=Prod']);
    app.emit('second-instance', {}, ['/opt/cdb/app', '--inspect']);
    expect(pushed).toEqual([opened, { ok: false, problem: 'a link has no "." or ".." in its path' }]);
  });

  it('registers the scheme with the link after "--"', () => {
    registerLinkScheme();
    const [scheme, , args] = app.setAsDefaultProtocolClient.mock.calls.at(-1) ?? [];
    expect(scheme).toBe('cdb');
    expect(args?.at(-1)).toBe('--');
  });
});
