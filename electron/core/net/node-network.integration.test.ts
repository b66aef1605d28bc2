import { readFile } from 'node:fs/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { makeTestCa } from '../testing/test-ca.js';
import { cleanUp, otherApi, tempDir } from '../testing/wired.js';
import { nodeNetwork } from './node-network.js';

// The route a connection Test reports in cdb and the browser host names who issued the API's
// certificate, as the TLS connection met it (an API whose certificate a company-style root signs).

afterEach(cleanUp);

describe('the route through Node’s network', () => {
  it('names the issuer of the certificate the API showed, once a request met it', async () => {
    const ca = makeTestCa(await tempDir());
    const api = await otherApi({ rows: 1, tls: ca.certificate('IP:127.0.0.1') });
    const network = nodeNetwork();
    network.trustFor([api.url], await readFile(ca.caFile, 'utf8'));
    expect(network.routeOf(api.url)).toEqual({});
    await (await network.fetch(`${api.url}/v1/schemas`)).text();
    expect(network.routeOf(api.url)).toEqual({ issuer: 'Test Company Root' });
  }, 30_000);
});
