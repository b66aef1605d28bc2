import { describe, expect, it } from 'vitest';
import type { CachedToken } from './vault.js';
import { TokenPermissions } from './token-permissions.js';

const HOUR = 3_600_000;
/** A token stated to live 3 s, asked at `at` (used on for 10 h unless refused: token-endpoint.ts). */
function shortLived(name: string, at: number): CachedToken {
  return { accessToken: name, receivedAt: at, expiresAt: at + 10 * HOUR, statedEnd: at + 3_000 };
}

describe('what a 401 means', () => {
  it('a list read across tokens stated to live seconds: each ended token is renewed, even one another process got', () => {
    const permissions = new TokenPermissions();
    const first = shortLived('first', 0);
    permissions.acceptedBy(first.accessToken, 'contacts');
    expect(permissions.judge(first, 'contacts', 4_000)).toBe('renew');
    // Another process renewed first; its token is past its stated end when this one first uses it.
    const theirs = shortLived('theirs', 2_000);
    expect(permissions.judge(theirs, 'contacts', 6_000)).toBe('renew');
    expect(permissions.refuses('contacts')).toBe(false);
  });

  it('a list never answered: one forced renewal in five minutes, then "not permitted" without a grant', () => {
    const permissions = new TokenPermissions();
    permissions.acceptedBy('first', 'customers');
    expect(permissions.judge(shortLived('first', 0), 'contacts', 4_000)).toBe('renew');
    expect(permissions.judge(shortLived('second', 4_000), 'contacts', 60_000)).toBe('not-permitted');
    expect(permissions.refuses('contacts')).toBe(true);
  });

  it('a token refused before the soonest end its server stated is valid: not permitted there', () => {
    const permissions = new TokenPermissions();
    expect(permissions.judge(shortLived('fresh', 0), 'agreements', 2_999)).toBe('not-permitted');
    expect(permissions.judge(shortLived('fresh', 0), 'agreements', 3_000)).toBe('not-permitted');
    // Known not permitted, the next refusal asks no grant, even past the stated end.
    expect(permissions.refuses('agreements')).toBe(true);
  });

  it('every resource refusing tokens never answered: the tokens themselves are refused', () => {
    const permissions = new TokenPermissions();
    const token: CachedToken = { accessToken: 't', receivedAt: 0, expiresAt: 10 * HOUR };
    expect(permissions.judge(token, 'customers', 10)).toBe('not-permitted');
    expect(permissions.judge(token, 'contacts', 20)).toBe('not-permitted');
    expect(permissions.judge(token, 'agreements', 30)).toBe('tokens-refused');
  });
});
