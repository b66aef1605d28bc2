import { app, net } from 'electron';
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
