import type { X509Certificate } from 'node:crypto';
import { app, net, type Session } from 'electron';
import { certificatesIn, issuedByOneOf } from '../core/net/company-roots.js';
import type { ConnectionRoute, ProxyChallenge } from '../shared/contract/connection-requests.js';
import type { ProxyLogin } from '../core/auth/vault.js';
import type { Fetch } from '../core/net/http.js';

/**
 * The network of the desktop app: Chromium's (`net.fetch` of the main process), so every API and
 * token endpoint is reached as the browser would — the OS proxy settings, PAC and WPAD, Kerberos or
 * NTLM where the OS signs in, and the OS trust store (a company's root IT installed). The engine
 * takes it as its fetch (AppCoreOptions.fetch): the choice is made here, the behaviour is core's.
 */
export function chromiumFetch(): Fetch {
  return (input, init) => net.fetch(input instanceof URL ? input.href : input, init);
}

/**
 * Answers the proxies that ask Chromium for a login (the app's `login` event, `authInfo.isProxy`):
 * `loginFor` gives the kept login or asks the window (core's ProxyLogins); no login cancels. A
 * site's own login (not a proxy's) keeps Electron's default: cancelled, the API's 401 is core's.
 */
export function answerProxyLogins(
  loginFor: (challenge: Omit<ProxyChallenge, 'refused'>) => Promise<ProxyLogin | undefined>,
): void {
  app.on('login', (event, _webContents, _details, authInfo, callback) => {
    if (!authInfo.isProxy) return;
    event.preventDefault();
    const { host, port, realm } = authInfo;
    loginFor({ host, port, realm: realm ?? '' }).then(
      (login) => (login ? callback(login.username, login.password) : callback()),
      () => callback(),
    );
  });
}

/** Chromium's verdicts in a certificate verify proc: accept, or keep its own. */
const ACCEPT = 0;
const CHROMIUM_VERDICT = -3;
/** net::ERR_CERT_AUTHORITY_INVALID: the only fault a connection's company root can mend. */
const CERT_AUTHORITY_INVALID = -202;

/**
 * Chromium's certificate checks, as the app needs them: a connection's company root trusted
 * (AppCoreOptions.trustCompanyRoot) for that connection's hosts only — Chromium trusts a root for
 * every site or none, so its verdict is kept everywhere except where a profile names a root and
 * Chromium's one fault with the certificate is its authority; there the chain is checked against
 * that root (core/api/company-roots.ts), and an expired certificate or one for another name stays
 * refused — and who issued each host's certificate, for the connection Test's route.
 */
export function chromiumCertificates(session: Pick<Session, 'setCertificateVerifyProc'>): {
  trustCompanyRoot: (urls: string[], pem: string) => void;
  issuerOf: (hostname: string) => string | undefined;
} {
  // By host name, not origin as in Node's network: Chromium's verify proc is told the host name of
  // a TLS connection and not its port, so a root named for a host holds for its TLS ports.
  const rootsByHost = new Map<string, X509Certificate[]>();
  const issuers = new Map<string, string>();
  // electronegativity CERTIFICATE_VERIFY_PROC_JS_CHECK: nothing is opted out of; Chromium's verdict stands
  // except an untrusted authority, for a profile's hosts, whose chain issuedByOneOf proves ends at its root.
  session.setCertificateVerifyProc((request, callback) => {
    issuers.set(request.hostname, request.certificate.issuerName);
    const roots = rootsByHost.get(request.hostname);
    if (!roots || request.errorCode !== CERT_AUTHORITY_INVALID) return callback(CHROMIUM_VERDICT);
    callback(issuedByOneOf(request.certificate, request.hostname, roots) ? ACCEPT : CHROMIUM_VERDICT);
  });
  return {
    trustCompanyRoot: (urls, pem) => {
      for (const url of urls) {
        const { hostname } = new URL(url);
        const known = rootsByHost.get(hostname) ?? [];
        const added = certificatesIn(pem).filter(
          (root) => !known.some((other) => other.fingerprint256 === root.fingerprint256),
        );
        rootsByHost.set(hostname, [...known, ...added]);
      }
    },
    issuerOf: (hostname) => issuers.get(hostname),
  };
}

/**
 * The way Chromium takes to a URL, for the connection Test's report: the proxy its settings or PAC
 * choose first (`resolveProxy`: "PROXY host:port; DIRECT"; none when direct), and who issued the
 * host's certificate as Chromium last checked it (`issuerOf`).
 */
export function chromiumRouteOf(
  session: Pick<Session, 'resolveProxy'>,
  issuerOf: (hostname: string) => string | undefined,
): (url: string) => Promise<Pick<ConnectionRoute, 'proxy' | 'issuer'>> {
  return async (url) => {
    const [first = 'DIRECT'] = (await session.resolveProxy(url)).split(';').map((choice) => choice.trim());
    const [kind = 'DIRECT', address] = first.split(/\s+/);
    const proxy =
      kind === 'DIRECT' || !address ? undefined : kind === 'PROXY' ? address : `${address} (${kind})`;
    const issuer = issuerOf(new URL(url).hostname);
    return { ...(proxy !== undefined && { proxy }), ...(issuer !== undefined && { issuer }) };
  };
}
