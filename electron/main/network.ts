import type { X509Certificate } from 'node:crypto';
import { app, net, type Session } from 'electron';
import { certificatesIn, issuedByOneOf } from '../core/api/company-roots.js';
import type { ProxyChallenge } from '../shared/contract.js';
import type { ProxyLogin } from '../core/auth/vault.js';
import type { Fetch } from '../core/api/http.js';

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
 * Trusts a connection's company root (AppCoreOptions.trustCompanyRoot) in Chromium's network, for
 * that connection's hosts only: Chromium trusts a root for every site or none, so its verdict is
 * kept everywhere except where a profile names a root and Chromium's one fault with the certificate
 * is its authority; there the chain is checked against that root (core/api/company-roots.ts). An
 * expired certificate, or one for another name, stays refused.
 */
export function trustCompanyRoots(
  session: Pick<Session, 'setCertificateVerifyProc'>,
): (urls: string[], pem: string) => void {
  const rootsByHost = new Map<string, X509Certificate[]>();
  session.setCertificateVerifyProc((request, callback) => {
    const roots = rootsByHost.get(request.hostname);
    if (!roots || request.errorCode !== CERT_AUTHORITY_INVALID) return callback(CHROMIUM_VERDICT);
    callback(issuedByOneOf(request.certificate, request.hostname, roots) ? ACCEPT : CHROMIUM_VERDICT);
  });
  return (urls, pem) => {
    for (const url of urls) {
      const { hostname } = new URL(url);
      const known = rootsByHost.get(hostname) ?? [];
      const added = certificatesIn(pem).filter(
        (root) => !known.some((other) => other.fingerprint256 === root.fingerprint256),
      );
      rootsByHost.set(hostname, [...known, ...added]);
    }
  };
}

/**
 * The proxy Chromium sends a URL through, as its settings or PAC decide (`resolveProxy`: "PROXY
 * host:port; DIRECT"), for the connection Test's report: the first choice, or undefined when direct.
 */
export function chromiumProxyFor(
  session: Pick<Session, 'resolveProxy'>,
): (url: string) => Promise<string | undefined> {
  return async (url) => {
    const [first = 'DIRECT'] = (await session.resolveProxy(url)).split(';').map((choice) => choice.trim());
    const [kind = 'DIRECT', address] = first.split(/\s+/);
    if (kind === 'DIRECT' || !address) return undefined;
    return kind === 'PROXY' ? address : `${address} (${kind})`;
  };
}
