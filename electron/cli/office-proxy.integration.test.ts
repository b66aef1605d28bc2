import { afterEach, describe, expect, it } from 'vitest';
import { exportCustomers } from './testing/office-export.js';
import { startForwardProxy } from '../core/testing/forward-proxy.js';
import { cleanUp, closeLater, otherApi, tempDir } from '../core/testing/wired.js';

// `cdb` in an office: an API reachable only through the office's forward proxy (a real tinyproxy
// in front of a test API that refuses whatever did not come through it: its Via header), with and
// without proxy credentials, and NO_PROXY. Real cdb processes, their environment as a shell sets it.

afterEach(cleanUp);

describe('cdb behind an office proxy', () => {
  it('goes through the proxy HTTP_PROXY names (upper or lower case), every request, and exports every row', async () => {
    const api = await otherApi({ rows: 1_200, requireVia: true });
    const proxy = await startForwardProxy(await tempDir());
    closeLater(() => proxy.close());
    const counted: number[] = [];
    for (const name of ['HTTP_PROXY', 'http_proxy']) {
      const run = await exportCustomers(api, { [name]: proxy.url });
      expect(run.code, run.stderr).toBe(0);
      expect(run.rows).toBe(1_200);
      counted.push(run.counted);
    }
    // One token, asked through the proxy by the first run; the second takes it from the keychain.
    expect(counted).toEqual([1, 0]);
    expect(api.received.length).toBeGreaterThan(0);
    expect(api.received.every((request) => request.via?.includes('tinyproxy'))).toBe(true);
  }, 60_000);

  it('without the proxy, or with NO_PROXY naming the API, goes direct: the API refuses, and cdb says what it said', async () => {
    const api = await otherApi({ rows: 10, requireVia: true });
    const proxy = await startForwardProxy(await tempDir());
    closeLater(() => proxy.close());
    const direct = await exportCustomers(api, {});
    expect(direct.code).toBe(1);
    expect(direct.stderr).toMatch(/only through the office proxy/);
    const bypassed = await exportCustomers(api, { HTTP_PROXY: proxy.url, NO_PROXY: '127.0.0.1' });
    expect(bypassed.code).toBe(1);
    expect(api.received.filter((request) => request.via !== undefined)).toEqual([]);
  }, 60_000);

  it('gives the proxy its credentials from the proxy URL; without them it says the proxy refused (407)', async () => {
    const api = await otherApi({ rows: 300, requireVia: true });
    const proxy = await startForwardProxy(await tempDir(), { user: 'desk', password: 's3cret-proxy' });
    closeLater(() => proxy.close());
    const refused = await exportCustomers(api, { HTTP_PROXY: proxy.url });
    expect(refused.code).toBe(1);
    expect(refused.counted).toBe(0);
    expect(refused.stderr).toMatch(
      /the office proxy refused to forward the request to the token endpoint .*asks for credentials \(HTTP 407\)/,
    );
    const withCredentials = await exportCustomers(api, {
      HTTP_PROXY: `http://desk:s3cret-proxy@127.0.0.1:${proxy.port}`,
    });
    expect(withCredentials.code, withCredentials.stderr).toBe(0);
    expect(withCredentials.rows).toBe(300);
    expect(withCredentials.stderr).not.toContain('s3cret-proxy');
  }, 60_000);
});
