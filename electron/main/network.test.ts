import { describe, expect, it, vi } from 'vitest';
import { httpCall } from '../core/api/http.js';
import { chromiumFetch } from './network.js';
import { net } from './testing/fake-electron.js';

vi.mock('electron', () => import('./testing/fake-electron.js'));

// The desktop app reaches APIs through Chromium's network (the OS proxy, PAC, trust store): the
// fetch core is given is net.fetch, with what core asked, redirects still refused.

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
