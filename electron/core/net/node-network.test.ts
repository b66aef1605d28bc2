import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { officeHost } from '../testing/office-host.js';
import { nodeNetwork } from './node-network.js';

// What the connection Test reports of the route (proxyFor) is held to what the fetch does: for
// each setting, a request goes out through nodeNetwork's fetch, and a stand-in proxy on 127.0.0.1
// (it answers whatever is forwarded to it) or the API says who got it. The API is reached by this
// machine's host name, which a proxy may carry; and by its loopback names, which none may.

const PROXY_VARIABLES = ['HTTP_PROXY', 'http_proxy', 'HTTPS_PROXY', 'https_proxy', 'NO_PROXY', 'no_proxy'];
let proxy: { server: Server; port: number; received: number };
let api: { server: Server; port: number; received: number };
let host: { name: string; address: string };

async function recorder(address: string) {
  const server = createServer((_request, response) => {
    record.received++;
    response.end('{}');
  });
  const record = { server, port: 0, received: 0 };
  await new Promise<void>((resolve) => server.listen(0, address, resolve));
  record.port = (server.address() as AddressInfo).port;
  return record;
}

beforeAll(async () => {
  host = await officeHost();
  proxy = await recorder('127.0.0.1');
  api = await recorder(host.address);
});
afterAll(() => {
  proxy.server.close();
  api.server.close();
});

/** Sends one request to `url` with `env` as the process's proxy settings: who got it, and what proxyFor said. */
async function routeWith(env: Record<string, string>, url = `http://${host.name}:${api.port}/v1/customers`) {
  const saved = Object.fromEntries(PROXY_VARIABLES.map((name) => [name, process.env[name]]));
  for (const name of PROXY_VARIABLES) delete process.env[name];
  Object.assign(process.env, env);
  try {
    const network = nodeNetwork();
    const before = { proxy: proxy.received, api: api.received };
    await (await network.fetch(url)).text();
    const through = proxy.received > before.proxy ? 'proxy' : api.received > before.api ? 'direct' : 'none';
    return { through, reported: network.routeOf(url).proxy };
  } finally {
    for (const name of PROXY_VARIABLES) delete process.env[name];
    for (const [name, value] of Object.entries(saved)) if (value !== undefined) process.env[name] = value;
  }
}

describe('the route a Test reports', () => {
  it('names the proxy undici goes through, and says direct where undici goes direct', async () => {
    const at = () => `http://127.0.0.1:${proxy.port}`;
    const cases: [Record<string, string>, 'proxy' | 'direct'][] = [
      [{}, 'direct'],
      [{ HTTP_PROXY: at() }, 'proxy'],
      [{ http_proxy: at(), HTTP_PROXY: 'http://127.0.0.1:9' }, 'proxy'],
      [{ HTTPS_PROXY: at() }, 'direct'],
      [{ HTTP_PROXY: at(), NO_PROXY: host.name }, 'direct'],
      [{ HTTP_PROXY: at(), no_proxy: `localhost, ${host.name.toUpperCase()}` }, 'direct'],
      [{ HTTP_PROXY: at(), NO_PROXY: `${host.name}:${api.port}` }, 'direct'],
      [{ HTTP_PROXY: at(), NO_PROXY: `${host.name}:${api.port + 1}` }, 'proxy'],
      [{ HTTP_PROXY: at(), NO_PROXY: `.${host.name}` }, 'direct'],
      [{ HTTP_PROXY: at(), NO_PROXY: '*' }, 'direct'],
      [{ HTTP_PROXY: at(), NO_PROXY: 'api.example.com' }, 'proxy'],
    ];
    for (const [env, expected] of cases) {
      const { through, reported } = await routeWith(env);
      expect(through, JSON.stringify(env)).toBe(expected);
      expect(reported, JSON.stringify(env)).toBe(
        expected === 'proxy' ? `127.0.0.1:${proxy.port}` : undefined,
      );
    }
  });

  it('never sends a request for this machine to a proxy, whatever NO_PROXY says, and says it goes direct', async () => {
    const loopback = await recorder('127.0.0.1');
    try {
      const at = `http://127.0.0.1:${proxy.port}`;
      const settings: Record<string, string>[] = [
        { HTTP_PROXY: at },
        { http_proxy: at, HTTPS_PROXY: at, NO_PROXY: 'api.example.com' },
      ];
      for (const url of [`http://127.0.0.1:${loopback.port}/v1`, `http://localhost:${loopback.port}/v1`]) {
        for (const env of settings) {
          const before = { proxy: proxy.received, loopback: loopback.received };
          const { reported } = await routeWith(env, url);
          expect(proxy.received - before.proxy, url).toBe(0);
          expect(loopback.received - before.loopback, url).toBe(1);
          expect(reported, url).toBeUndefined();
        }
      }
    } finally {
      loopback.server.close();
    }
  });

  it('reports a proxy’s address, never the credentials in its URL', async () => {
    const { through, reported } = await routeWith({
      HTTP_PROXY: `http://agent:s3cret@127.0.0.1:${proxy.port}`,
    });
    expect(through).toBe('proxy');
    expect(reported).toBe(`127.0.0.1:${proxy.port}`);
  });
});
