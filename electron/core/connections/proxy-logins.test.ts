import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ProxyChallenge } from '../../shared/contract/connection-requests.js';
import { Vault } from '../auth/vault.js';
import { ProxyLogins } from './proxy-logins.js';

// The logins of proxies that ask for one (Electron main's `login` event hands them here): a kept
// login without asking, never again once refused, one question per proxy, Cancel, and a bounded wait.

const PROXY = { host: 'proxy.office', port: 3128, realm: 'Office' };
const vaultInMemory = () => new Vault(undefined, 'test', 'no keychain in this test');
const settled = () => new Promise((resolve) => setTimeout(resolve, 0));

/** The proxy logins over `vault`, with the questions the window was asked and a clock of the test's own. */
function logins(vault = vaultInMemory()) {
  const asked: ProxyChallenge[] = [];
  const clock = { now: 1_000_000 };
  const proxyLogins = new ProxyLogins(
    vault,
    (challenge) => asked.push(challenge),
    () => clock.now,
  );
  return { proxyLogins, asked, clock, vault };
}

afterEach(() => vi.useRealTimers());

describe('the logins proxies ask for', () => {
  it('asks the window once for every request waiting on one proxy, and keeps the login in the keychain when asked to', async () => {
    const { proxyLogins, asked, vault } = logins();
    const first = proxyLogins.loginFor(PROXY);
    const second = proxyLogins.loginFor(PROXY);
    await settled();
    expect(asked).toEqual([{ ...PROXY, refused: false }]);
    const login = { username: 'agent', password: 'p4ss', remember: true };
    expect(await proxyLogins.answer({ host: PROXY.host, port: PROXY.port, login })).toEqual({
      answered: true,
    });
    const expected = { username: 'agent', password: 'p4ss' };
    expect(await first).toEqual(expected);
    expect(await second).toEqual(expected);
    expect(await vault.getProxyLogin('proxy.office:3128')).toEqual(expected);
  });

  it('gives a kept login without asking; asked again at once (refused), asks the window and says so', async () => {
    const { proxyLogins, asked, vault, clock } = logins();
    await vault.setProxyLogin('proxy.office:3128', { username: 'agent', password: 'old' });
    expect(await proxyLogins.loginFor(PROXY)).toEqual({ username: 'agent', password: 'old' });
    expect(asked).toEqual([]);
    clock.now += 2_000;
    const again = proxyLogins.loginFor(PROXY);
    await settled();
    expect(asked).toEqual([{ ...PROXY, refused: true }]);
    await proxyLogins.answer({
      host: PROXY.host,
      port: PROXY.port,
      login: { username: 'agent', password: 'new', remember: false },
    });
    expect(await again).toEqual({ username: 'agent', password: 'new' });
    // Not kept: the keychain still has the old one, given again later (a minute on, not a refusal).
    clock.now += 60_000;
    expect(await proxyLogins.loginFor(PROXY)).toEqual({ username: 'agent', password: 'old' });
  });

  it('cancels on Cancel, and on no answer in five minutes; an answer no proxy waits for changes nothing', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { proxyLogins, asked, vault } = logins();
    expect(await proxyLogins.answer({ host: 'elsewhere', port: 8080 })).toEqual({ answered: false });
    const cancelled = proxyLogins.loginFor(PROXY);
    await vi.advanceTimersByTimeAsync(0);
    await proxyLogins.answer({ host: PROXY.host, port: PROXY.port });
    expect(await cancelled).toBeUndefined();
    const unanswered = proxyLogins.loginFor(PROXY);
    await vi.advanceTimersByTimeAsync(5 * 60_000);
    expect(await unanswered).toBeUndefined();
    expect(asked).toHaveLength(2);
    expect(await vault.getProxyLogin('proxy.office:3128')).toBeUndefined();
  });
});
