import { afterEach, describe, expect, it, vi } from 'vitest';
import { httpCall } from '../core/net/http.js';
import { answerProxyLogins, chromiumFetch, chromiumRouteOf } from './network.js';
import { app, net, session } from './testing/fake-electron.js';

vi.mock('electron', () => import('./testing/fake-electron.js'));

// The desktop app reaches APIs through Chromium's network (the OS proxy, PAC, trust store): the
// fetch core is given is net.fetch, with what core asked, redirects still refused; a proxy that
// asks for a login is answered with core's, a site's own login is not.

describe('the desktop app’s network', () => {
  it('is net.fetch of the main process, given the request as core made it', async () => {
    net.fetch.mockClear();
    const answer = await httpCall(chromiumFetch(), 'https://api.example/v1/customers?size=5', {
      headers: { authorization: 'Bearer t', accept: 'application/json' },
      timeoutMs: 1_000,
      what: 'the API',
    });
    expect(answer.status).toBe(200);
    expect(net.fetch).toHaveBeenCalledTimes(1);
    const [url, init] = net.fetch.mock.calls[0] ?? [];
    expect(url).toBe('https://api.example/v1/customers?size=5');
    expect(init).toMatchObject({ method: 'GET', redirect: 'manual', headers: { authorization: 'Bearer t' } });
  });

  it('refuses a redirect Chromium hides as opaque (status 0), never following it', async () => {
    const opaque = Object.assign(new Response(null, { status: 200 }), {});
    Object.defineProperty(opaque, 'type', { value: 'opaqueredirect' });
    net.fetch.mockResolvedValueOnce(opaque);
    await expect(
      httpCall(chromiumFetch(), 'https://auth.example/oauth/token', {
        headers: {},
        timeoutMs: 1_000,
        what: 'the token endpoint',
      }),
    ).rejects.toMatchObject({
      code: 'http',
      retryable: false,
      message: expect.stringMatching(/redirects .*follows no redirect/),
    });
  });
});

describe('a proxy asking the desktop app for a login', () => {
  afterEach(() => app.removeAllListeners('login'));
  /** Emits Electron's `login` event as Chromium does, with what the handler did with it. */
  function challenge(isProxy: boolean) {
    const event = { preventDefault: vi.fn() };
    const callback = vi.fn();
    const authInfo = { isProxy, scheme: 'basic', host: 'proxy.office', port: 3128, realm: 'Office' };
    app.emit('login', event, null, { url: 'https://api.example/v1/customers' }, authInfo, callback);
    return { event, callback };
  }
  const settled = () => new Promise((resolve) => setTimeout(resolve, 0));

  it('answers a proxy with the login core gives (kept or typed), and cancels when there is none', async () => {
    const loginFor = vi
      .fn()
      .mockResolvedValueOnce({ username: 'agent', password: 'p4ss' })
      .mockResolvedValueOnce(undefined)
      .mockRejectedValueOnce(new Error('window closed'));
    answerProxyLogins(loginFor);
    const given = challenge(true);
    await settled();
    expect(given.event.preventDefault).toHaveBeenCalled();
    expect(loginFor).toHaveBeenCalledWith({ host: 'proxy.office', port: 3128, realm: 'Office' });
    expect(given.callback).toHaveBeenCalledWith('agent', 'p4ss');
    const cancelled = challenge(true);
    await settled();
    expect(cancelled.callback).toHaveBeenCalledWith();
    const failed = challenge(true);
    await settled();
    expect(failed.callback).toHaveBeenCalledWith();
  });

  it('leaves a site’s own login to Electron’s default (cancelled): only proxies are answered', async () => {
    const loginFor = vi.fn();
    answerProxyLogins(loginFor);
    const site = challenge(false);
    await settled();
    expect(site.event.preventDefault).not.toHaveBeenCalled();
    expect(site.callback).not.toHaveBeenCalled();
    expect(loginFor).not.toHaveBeenCalled();
  });
});

describe('the route the desktop app’s Test reports', () => {
  it('names the proxy Chromium chose (its settings or PAC), or none when it goes direct, and the issuer it met', async () => {
    const routeOf = chromiumRouteOf(session.defaultSession, (hostname) =>
      hostname === 'api.example' ? 'Company Root' : undefined,
    );
    session.defaultSession.resolveProxy.mockResolvedValueOnce('PROXY proxy.office:3128; DIRECT');
    expect(await routeOf('https://api.example/v1')).toEqual({
      proxy: 'proxy.office:3128',
      issuer: 'Company Root',
    });
    session.defaultSession.resolveProxy.mockResolvedValueOnce('SOCKS5 socks.office:1080');
    expect(await routeOf('https://other.example/v1')).toEqual({ proxy: 'socks.office:1080 (SOCKS5)' });
    session.defaultSession.resolveProxy.mockResolvedValueOnce('DIRECT');
    expect(await routeOf('https://other.example/v1')).toEqual({});
    expect(session.defaultSession.resolveProxy).toHaveBeenLastCalledWith('https://other.example/v1');
  });
});
