import { describe, expect, it } from 'vitest';
import { Vault } from '../auth/vault.js';
import { testService } from '../testing/test-kit.js';
import { keychainSeal } from './typed-text.js';

/** A keychain that answers a few milliseconds late, as the system's does: its entries outlive a run. */
function slowKeychain(entries = new Map<string, string>()) {
  const late = <T>(value: T) => new Promise<T>((resolve) => setTimeout(() => resolve(value), 5));
  const backend = {
    getPassword: (service: string, account: string) => late(entries.get(`${service}/${account}`) ?? null),
    setPassword: (service: string, account: string, password: string) =>
      late(void entries.set(`${service}/${account}`, password)),
    deletePassword: (service: string, account: string) => late(entries.delete(`${service}/${account}`)),
  };
  return { backend, entries };
}

describe('text sealed with the keychain’s key', () => {
  it('sealed twice at once on first use, is opened whole at the next start (one key, not two)', async () => {
    const service = testService();
    const { backend } = slowKeychain();
    const firstRun = keychainSeal(new Vault(backend, service));
    const [one, two] = await Promise.all([firstRun.seal('Jeanne Dupontel'), firstRun.seal('06 12 34 56 78')]);
    const nextRun = keychainSeal(new Vault(backend, service));
    expect([await nextRun.open(one ?? ''), await nextRun.open(two ?? '')]).toEqual([
      'Jeanne Dupontel',
      '06 12 34 56 78',
    ]);
  });

  it('made by two processes at once, is the one the keychain kept, for both', async () => {
    const service = testService();
    const { backend } = slowKeychain();
    const [a, b] = [keychainSeal(new Vault(backend, service)), keychainSeal(new Vault(backend, service))];
    const [fromA, fromB] = await Promise.all([a.seal('from a'), b.seal('from b')]);
    const nextRun = keychainSeal(new Vault(backend, service));
    expect(await nextRun.open(fromA ?? '')).toBe('from a');
    expect(await nextRun.open(fromB ?? '')).toBe('from b');
  });
});
