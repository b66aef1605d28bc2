import type { ProxyChallenge, ProxyAnswer } from '../../shared/contract/connection-requests.js';
import { treatAsSecret } from '../redact.js';
import type { ProxyLogin, Vault } from '../auth/vault.js';

/** A proxy that asks again this soon after a login was given refused that login. */
const REFUSED_WITHIN_MS = 10_000;
/** The longest the network waits for the user's answer: unanswered (no window), the login is cancelled. */
const ANSWER_WAIT_MS = 5 * 60_000;

/**
 * The logins of the proxies that ask for one (docs/architecture.md, "In an office"): Chromium asks
 * Electron main (the `login` event), main asks here. A login the user chose to keep in the keychain
 * is given without asking; one the proxy refused (it asks again at once) is not given again: the
 * window asks the user, in their language, saying the last one was refused. One question per proxy
 * at a time, whatever number of requests wait on it; no answer in five minutes cancels.
 */
export class ProxyLogins {
  /** The question waiting for each proxy (host:port): its answer settles every request waiting. */
  private readonly waiting = new Map<
    string,
    { promise: Promise<ProxyLogin | undefined>; settle: (login?: ProxyLogin) => void }
  >();
  /** When a login was last given to each proxy. */
  private readonly givenAt = new Map<string, number>();

  constructor(
    private readonly vault: Pick<Vault, 'getProxyLogin' | 'setProxyLogin'>,
    private readonly ask: (challenge: ProxyChallenge) => void,
    private readonly now: () => number = Date.now,
  ) {}

  /** The login to give `challenge`'s proxy: the kept one, else the user's; none when the user cancels. */
  async loginFor(challenge: Omit<ProxyChallenge, 'refused'>): Promise<ProxyLogin | undefined> {
    const proxy = `${challenge.host}:${challenge.port}`;
    const given = this.givenAt.get(proxy);
    const refused = given !== undefined && this.now() - given < REFUSED_WITHIN_MS;
    this.givenAt.delete(proxy);
    if (!refused && !this.waiting.has(proxy)) {
      const kept = await this.vault.getProxyLogin(proxy);
      if (kept) return this.give(proxy, kept);
    }
    let question = this.waiting.get(proxy);
    if (!question) {
      let settle!: (login?: ProxyLogin) => void;
      const promise = new Promise<ProxyLogin | undefined>((resolve) => (settle = resolve));
      const timer = setTimeout(() => this.settle(proxy, undefined), ANSWER_WAIT_MS);
      timer.unref();
      void promise.finally(() => clearTimeout(timer));
      this.waiting.set(proxy, (question = { promise, settle }));
      this.ask({ ...challenge, refused });
    }
    const login = await question.promise;
    return login && this.give(proxy, login);
  }

  /** The user's answer (connection.proxyAnswer): a login, kept in the keychain when asked to, or Cancel. */
  async answer({ host, port, login }: ProxyAnswer): Promise<{ answered: boolean }> {
    const proxy = `${host}:${port}`;
    if (!this.waiting.has(proxy)) return { answered: false };
    if (login) {
      treatAsSecret(login.password);
      if (login.remember)
        await this.vault.setProxyLogin(proxy, { username: login.username, password: login.password });
    }
    this.settle(proxy, login && { username: login.username, password: login.password });
    return { answered: true };
  }

  private settle(proxy: string, login: ProxyLogin | undefined): void {
    this.waiting.get(proxy)?.settle(login);
    this.waiting.delete(proxy);
  }

  private give(proxy: string, login: ProxyLogin): ProxyLogin {
    this.givenAt.set(proxy, this.now());
    return login;
  }
}
