import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { addProfile, exportCustomers } from './testing/office-export.js';
import { makeTestCa } from '../core/testing/test-ca.js';
import { cleanUp, otherApi, tempDir } from '../core/testing/wired.js';

// `cdb` against an API whose certificate a company-style root signs (made by openssl for the test):
// trusted by file (NODE_EXTRA_CA_CERTS), refused without it, and refused when expired or made for
// another name: each refusal said with the host and what to do, and no token counted for any.

afterEach(cleanUp);

describe('cdb and the company’s certificates', () => {
  it('trusts the company root NODE_EXTRA_CA_CERTS names; without it, says the authority is not trusted and how to add it', async () => {
    const ca = makeTestCa(await tempDir());
    const api = await otherApi({ rows: 250, tls: ca.certificate('IP:127.0.0.1') });
    const trusted = await exportCustomers(api, { NODE_EXTRA_CA_CERTS: ca.caFile });
    expect(trusted.code, trusted.stderr).toBe(0);
    const refused = await exportCustomers(api, {});
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(
      /cannot connect securely to the (token endpoint|API) at https:\/\/127\.0\.0\.1:\d+: its certificate is signed by an authority this computer does not trust .*NODE_EXTRA_CA_CERTS/,
    );
    expect(refused.counted).toBe(0);
  }, 60_000);

  it('trusts a company root the system’s store holds (read as system-ca reads it: here SSL_CERT_FILE)', async () => {
    const ca = makeTestCa(await tempDir());
    const api = await otherApi({ rows: 40, tls: ca.certificate('IP:127.0.0.1') });
    const trusted = await exportCustomers(api, { SSL_CERT_FILE: ca.caFile });
    expect(trusted.code, trusted.stderr).toBe(0);
    expect(trusted.rows).toBe(40);
  }, 60_000);

  it('trusts the root --ca-file names for this run, with a connection given by flags; refuses a file it cannot read', async () => {
    const dir = await tempDir();
    const ca = makeTestCa(dir);
    const api = await otherApi({ rows: 120, tls: ca.certificate('IP:127.0.0.1') });
    const run = await exportCustomers(api, {}, ['--ca-file', ca.caFile]);
    expect(run.code, run.stderr).toBe(0);
    expect(run.counted).toBe(1);
    const missing = await exportCustomers(api, {}, ['--ca-file', join(dir, 'no-such-root.pem')]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/--ca-file: cannot read/);
  }, 60_000);

  it('trusts the root a saved profile keeps (cdb profile add --ca-file), for that API only', async () => {
    const dataDir = await tempDir();
    const ca = makeTestCa(await tempDir());
    const api = await otherApi({ rows: 80, tls: ca.certificate('IP:127.0.0.1') });
    const other = await otherApi({ rows: 5, tls: ca.certificate('IP:127.0.0.1') });
    const saved = await addProfile(api, dataDir, 'office', ['--ca-file', ca.caFile]);
    expect(saved.code, saved.stderr).toBe(0);
    const plain = await addProfile(other, dataDir, 'elsewhere');
    expect(plain.code, plain.stderr).toBe(0);
    const trusted = await exportCustomers(api, {}, [], { name: 'office', dataDir });
    expect(trusted.code, trusted.stderr).toBe(0);
    expect(trusted.rows).toBe(80);
    // Another profile of the same data folder, on another API the same root signs: not trusted by it.
    const refused = await exportCustomers(other, {}, [], { name: 'elsewhere', dataDir });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/signed by an authority this computer does not trust/);
    const notPem = join(dataDir, 'notes.txt');
    await writeFile(notPem, 'our root is on the intranet\n');
    const refusedFile = await addProfile(api, dataDir, 'broken', ['--ca-file', notPem]);
    expect(refusedFile.code).toBe(2);
    expect(refusedFile.stderr).toMatch(/--ca-file: ".*" holds no certificate/);
  }, 60_000);

  it('refuses a --ca-file holding a private key (a combined PEM) or a server’s own certificate: nothing saved, no key anywhere', async () => {
    const dir = await tempDir();
    const dataDir = await tempDir();
    const ca = makeTestCa(dir);
    const api = await otherApi({ rows: 5, tls: ca.certificate('IP:127.0.0.1') });
    // As many tools export it: the certificate, then its key (openssl req -x509 -newkey … -nodes).
    const combined = join(dir, 'bundle.pem');
    await writeFile(
      combined,
      (await readFile(ca.caFile, 'utf8')) + (await readFile(join(dir, 'company-root.key'), 'utf8')),
    );
    const withKey = await addProfile(api, dataDir, 'office', ['--ca-file', combined]);
    expect(withKey.code).toBe(2);
    expect(withKey.stderr).toMatch(
      /--ca-file: ".*bundle\.pem" holds a private key: give a file with the company's root certificate only/,
    );
    const exported = await exportCustomers(api, {}, ['--ca-file', combined]);
    expect(exported.code).toBe(2);
    expect(exported.counted).toBe(0);
    const serverOwn = join(dir, 'server.pem');
    await writeFile(serverOwn, ca.certificate('IP:127.0.0.1').cert);
    const notRoot = await addProfile(api, dataDir, 'office', ['--ca-file', serverOwn]);
    expect(notRoot.code).toBe(2);
    expect(notRoot.stderr).toMatch(/holds a certificate that is not an authority's \(CN=test server\)/);
    const files = await readdir(dataDir);
    for (const name of files)
      expect(await readFile(join(dataDir, name), 'utf8').catch(() => ''), name).not.toContain('PRIVATE KEY');
    expect(files).not.toContain('profiles.json');
  }, 60_000);

  it('refuses an expired certificate and one for another name, saying which', async () => {
    const ca = makeTestCa(await tempDir());
    const expired = await otherApi({ rows: 10, tls: ca.certificate('IP:127.0.0.1', 0) });
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    const old = await exportCustomers(expired, { NODE_EXTRA_CA_CERTS: ca.caFile });
    expect(old.code).toBe(1);
    expect(old.stderr).toMatch(/its certificate is not valid now \(CERT_HAS_EXPIRED\): it has expired/);
    expect(old.counted).toBe(0);
    const elsewhere = await otherApi({ rows: 10, tls: ca.certificate('DNS:api.elsewhere.example') });
    const named = await exportCustomers(elsewhere, { NODE_EXTRA_CA_CERTS: ca.caFile });
    expect(named.code).toBe(1);
    expect(named.stderr).toMatch(/its certificate is for another name \(ERR_TLS_CERT_ALTNAME_INVALID\)/);
  }, 60_000);
});
