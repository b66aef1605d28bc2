import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { issuedByOneOf, certificatesIn } from '../core/net/company-roots.js';
import { makeTestCa } from '../core/testing/test-ca.js';
import { cleanUp, tempDir } from '../core/testing/wired.js';
import { chromiumCertificates } from './network.js';
import { session } from './testing/fake-electron.js';

vi.mock('electron', () => import('./testing/fake-electron.js'));

// A connection's company root in the desktop app: Chromium's verify proc accepts a certificate its
// root signs, for that connection's hosts only and only when the authority was Chromium's one
// fault. Certificates made by openssl, as a company's would be.

afterEach(cleanUp);

const AUTHORITY_INVALID = -202;
const EXPIRED = -201;

/** Trusts `root` for `url`'s host, and returns Chromium's verify proc as main set it. */
function verifyProcTrusting(url: string, root: string) {
  session.defaultSession.setCertificateVerifyProc.mockClear();
  chromiumCertificates(session.defaultSession).trustCompanyRoot([url], root);
  const [proc] = session.defaultSession.setCertificateVerifyProc.mock.calls[0] as [
    (request: object, callback: (verdict: number) => void) => void,
  ];
  return (request: { hostname: string; certificate: object; errorCode: number }) => {
    let verdict: number | undefined;
    proc(request, (given) => (verdict = given));
    return verdict;
  };
}

describe('a connection’s company root in Chromium', () => {
  it('accepts what the root signs for the connection’s host, and keeps Chromium’s verdict everywhere else', async () => {
    const company = makeTestCa(await tempDir());
    const stranger = makeTestCa(await tempDir());
    const root = readFileSync(company.caFile, 'utf8');
    const verify = verifyProcTrusting('https://127.0.0.1:8443/v1', root);
    const signed = { data: company.certificate('IP:127.0.0.1').cert, issuerCert: { data: root } };
    expect(verify({ hostname: '127.0.0.1', certificate: signed, errorCode: AUTHORITY_INVALID })).toBe(0);
    // Without the chain: the root signs the server's certificate itself.
    const alone = { data: company.certificate('IP:127.0.0.1').cert };
    expect(verify({ hostname: '127.0.0.1', certificate: alone, errorCode: AUTHORITY_INVALID })).toBe(0);
    // Another authority, another host, another fault: Chromium's verdict (-3) stands.
    const foreign = { data: stranger.certificate('IP:127.0.0.1').cert };
    expect(verify({ hostname: '127.0.0.1', certificate: foreign, errorCode: AUTHORITY_INVALID })).toBe(-3);
    expect(verify({ hostname: '127.0.0.2', certificate: signed, errorCode: AUTHORITY_INVALID })).toBe(-3);
    expect(verify({ hostname: '127.0.0.1', certificate: signed, errorCode: EXPIRED })).toBe(-3);
    const elsewhere = { data: company.certificate('DNS:api.elsewhere.example').cert };
    expect(verify({ hostname: '127.0.0.1', certificate: elsewhere, errorCode: AUTHORITY_INVALID })).toBe(-3);
  });

  it('refuses a chain out of its dates, or whose links do not sign each other', async () => {
    const company = makeTestCa(await tempDir());
    const stranger = makeTestCa(await tempDir());
    const roots = certificatesIn(readFileSync(company.caFile, 'utf8'));
    const leaf = { data: company.certificate('DNS:api.office.example').cert };
    expect(issuedByOneOf(leaf, 'api.office.example', roots)).toBe(true);
    expect(issuedByOneOf(leaf, 'api.office.example', roots, new Date(Date.now() + 30 * 86_400_000))).toBe(
      false,
    );
    // A stranger's certificate claiming the company's root as its issuer.
    const forged = {
      data: stranger.certificate('DNS:api.office.example').cert,
      issuerCert: { data: readFileSync(company.caFile, 'utf8') },
    };
    expect(issuedByOneOf(forged, 'api.office.example', roots)).toBe(false);
    expect(issuedByOneOf({ data: 'not a certificate' }, 'api.office.example', roots)).toBe(false);
  });

  it('refuses a certificate whose extended key usage is not a server’s (a client’s, code signing’s)', async () => {
    const company = makeTestCa(await tempDir());
    const roots = certificatesIn(readFileSync(company.caFile, 'utf8'));
    const made = (usage?: string) => ({
      data: company.certificate('DNS:api.office.example', 1, usage ? [`extendedKeyUsage=${usage}`] : []).cert,
    });
    expect(issuedByOneOf(made(), 'api.office.example', roots)).toBe(true);
    expect(issuedByOneOf(made('serverAuth'), 'api.office.example', roots)).toBe(true);
    expect(issuedByOneOf(made('serverAuth,clientAuth'), 'api.office.example', roots)).toBe(true);
    expect(issuedByOneOf(made('clientAuth'), 'api.office.example', roots)).toBe(false);
    expect(issuedByOneOf(made('codeSigning'), 'api.office.example', roots)).toBe(false);
  });
});
