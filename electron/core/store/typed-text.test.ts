import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Vault } from '../auth/vault.js';
import { tempFolders } from '../testing/temp-folder.js';
import { testService } from '../testing/test-kit.js';
import { keychainSeal } from './typed-text.js';

const folder = tempFolders('cdb-typed-text-');

/** A keychain that answers a few milliseconds late, as the system's does: its entries outlive a run. */
function slowKeychain(entries = new Map<string, string>(), delayMs: () => number = () => 5) {
  const late = <T>(value: T) => new Promise<T>((resolve) => setTimeout(() => resolve(value), delayMs()));
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

  it('made by two processes at once on a keychain that answers 1–12 ms late, opens at the next start: 20 trials of 20', async () => {
    // The data folder's lock is held while the key is asked and made: one process makes it, the
    // other reads it (without it, 14 of 50 such starts sealed with a key the keychain lost).
    let seed = 7;
    const delay = () => 1 + ((seed = (seed * 48_271) % 2_147_483_647) % 12);
    let unreadable = 0;
    for (let trial = 0; trial < 20; trial++) {
      const service = testService();
      const lock = join(await folder(), 'typed-text-key');
      const { backend } = slowKeychain(new Map(), delay);
      const [a, b] = [
        keychainSeal(new Vault(backend, service), lock),
        keychainSeal(new Vault(backend, service), lock),
      ];
      const [fromA, fromB] = await Promise.all([a.seal('from a'), b.seal('from b')]);
      const nextRun = keychainSeal(new Vault(backend, service), lock);
      if ((await nextRun.open(fromA ?? '')) !== 'from a' || (await nextRun.open(fromB ?? '')) !== 'from b')
        unreadable++;
    }
    expect(unreadable).toBe(0);
  });
});
