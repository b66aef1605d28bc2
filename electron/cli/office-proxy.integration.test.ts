import { afterEach, describe, expect, it } from 'vitest';
import { exportCustomers } from './testing/office-export.js';
import { startForwardProxy } from '../core/testing/forward-proxy.js';
import { officeHost } from '../core/testing/office-host.js';
import { makeTestCa } from '../core/testing/test-ca.js';
import { cleanUp, closeLater, otherApi, tempDir } from '../core/testing/wired.js';

// `cdb` in an office: an HTTPS API reached by a name of the office network (this machine's host
// name) through the office's forward proxy (a real tinyproxy, whose log says what it was asked), with
// and without proxy credentials, and NO_PROXY; and an API on this machine, which no proxy may carry.
// Real cdb processes, their environment as a shell sets it.

afterEach(cleanUp);

/** An HTTPS API at this machine's host name, its certificate from a company root (given by NODE_EXTRA_CA_CERTS), and a tinyproxy. */
async function office(rows: number, credentials?: { user: string; password: string }) {
  const dir = await tempDir();
  const host = await officeHost();
  const ca = makeTestCa(dir);
  const api = await otherApi({ rows, host, tls: ca.certificate(`DNS:${host.name}`) });
  const proxy = await startForwardProxy(dir, credentials);
  closeLater(() => proxy.close());
  const tunnel = `CONNECT ${new URL(api.url).host} HTTP/1.1`;
  /** How many tunnels to the API the proxy was asked for. */
  const tunnels = async () => (await proxy.requests()).filter((line) => line === tunnel).length;
  return { api, proxy, tunnels, trust: { NODE_EXTRA_CA_CERTS: ca.caFile } };
}

describe('cdb behind an office proxy', () => {
  it('goes through the proxy HTTP_PROXY names (upper or lower case), and exports every row', async () => {
    const { api, proxy, tunnels, trust } = await office(1_200);
    const counted: number[] = [];
    for (const name of ['HTTP_PROXY', 'http_proxy']) {
      const before = await tunnels();
      const run = await exportCustomers(api, { ...trust, [name]: proxy.url });
      expect(run.code, run.stderr).toBe(0);
      expect(run.rows).toBe(1_200);
      expect(await tunnels(), name).toBeGreaterThan(before);
      counted.push(run.counted);
    }
    // One token, asked through the proxy by the first run; the second takes it from the keychain.
    expect(counted).toEqual([1, 0]);
  }, 60_000);

  it('without the proxy, or with NO_PROXY naming the API, goes direct: the proxy is asked nothing', async () => {
    const { api, proxy, tunnels, trust } = await office(10);
    const direct = await exportCustomers(api, trust);
    expect(direct.code, direct.stderr).toBe(0);
    const bypassed = await exportCustomers(api, {
      ...trust,
      HTTP_PROXY: proxy.url,
      NO_PROXY: new URL(api.url).hostname,
    });
    expect(bypassed.code, bypassed.stderr).toBe(0);
    expect(bypassed.rows).toBe(10);
    expect(await tunnels()).toBe(0);
  }, 60_000);

  it('never hands an API on this machine to the proxy, whatever NO_PROXY says: its secret stays off the network', async () => {
    const api = await otherApi({ rows: 300 });
    const proxy = await startForwardProxy(await tempDir());
    closeLater(() => proxy.close());
    const settings: Record<string, string>[] = [
      { HTTP_PROXY: proxy.url },
      { http_proxy: proxy.url, NO_PROXY: 'localhost' },
    ];
    for (const env of settings) {
      const run = await exportCustomers(api, env);
      expect(run.code, run.stderr).toBe(0);
      expect(run.rows).toBe(300);
    }
    expect(await proxy.requests()).toEqual([]);
    // The one token request (the second run takes the token from the keychain) reached the API itself.
    expect(api.received.filter((request) => request.body.includes(api.clientSecret))).toHaveLength(1);
  }, 60_000);

  it('gives the proxy its credentials from the proxy URL; without them it says the proxy refused (407)', async () => {
    const { api, proxy, trust } = await office(300, { user: 'desk', password: 's3cret-proxy' });
    const refused = await exportCustomers(api, { ...trust, HTTP_PROXY: proxy.url });
    expect(refused.code).toBe(1);
    expect(refused.counted).toBe(0);
    expect(refused.stderr).toMatch(
      /the office proxy refused to forward the request to the token endpoint .*asks for credentials \(HTTP 407\)/,
    );
    const withCredentials = await exportCustomers(api, {
      ...trust,
      HTTP_PROXY: `http://desk:s3cret-proxy@127.0.0.1:${proxy.port}`,
    });
    expect(withCredentials.code, withCredentials.stderr).toBe(0);
    expect(withCredentials.rows).toBe(300);
    expect(withCredentials.stderr).not.toContain('s3cret-proxy');
  }, 60_000);
});
