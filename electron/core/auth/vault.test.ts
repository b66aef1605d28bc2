import { stat } from 'node:fs/promises';

import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { textOfFilesUnder } from '../testing/test-kit.js';
import { TokenFile } from './token-file.js';
import { Vault, type KeychainBackend } from './vault.js';
import { tempFolders } from '../testing/temp-folder.js';

// The vault's own rules, over keychains of the test's own; the system keychain is proven in
// vault.integration.test.ts.
const newHome = tempFolders('cdb-vault-');

describe('a keychain that fails, or none', () => {
  it('switches to memory when the keychain starts failing mid-session, once, without leaking the secret', async () => {
    let failing = false;
    const stored = new Map<string, string>();
    const backend: KeychainBackend = {
      getPassword: (_service, account) =>
        failing
          ? Promise.reject(new Error('The name is not activatable'))
          : Promise.resolve(stored.get(account) ?? null),
      setPassword: (_service, account, password) => {
        if (failing) return Promise.reject(new Error('The name is not activatable'));
        stored.set(account, password);
        return Promise.resolve();
      },
      deletePassword: (_service, account) => Promise.resolve(stored.delete(account)),
    };
    const vault = new Vault(backend, 'test');
    const reports: string[] = [];
    vault.onUnavailable((error) => reports.push(`${error.message} (${error.reason})`));
    await vault.setSecret('p', 'first-secret');
    expect(stored.get('p:secret')).toBe('first-secret');
    failing = true;
    await vault.setSecret('p', 'second-secret');
    expect(await vault.getSecret('p')).toBe('second-secret');
    expect(reports).toEqual([
      'no system keychain: secrets kept for this session only (The name is not activatable)',
    ]);
    expect(reports.join()).not.toContain('second-secret');
  });

  it('caches tokens, never secrets, in the opted-in token file (0600), shared by a second vault', async () => {
    const home = await newHome();
    const file = new TokenFile(join(home, 'token-cache.json'));
    const vault = new Vault(undefined, 'test', 'no keychain here');
    vault.cacheTokensIn(file);
    expect(vault.tokensKept).toBe('file');
    await vault.setSecret('p', 'secret-in-memory-only');
    await vault.setToken('cred-1', { accessToken: 'token-in-file', expiresAt: 1, receivedAt: 0 });
    const otherRun = new Vault(undefined, 'test', 'no keychain here');
    otherRun.cacheTokensIn(file);
    expect(await otherRun.getToken('cred-1')).toEqual({
      accessToken: 'token-in-file',
      expiresAt: 1,
      receivedAt: 0,
    });
    expect(await otherRun.getSecret('p')).toBeUndefined();
    expect((await stat(file.path)).mode & 0o777).toBe(0o600);
    const text = await textOfFilesUnder(home);
    expect(text).toContain('token-in-file');
    expect(text).not.toContain('secret-in-memory-only');
    await otherRun.deleteToken('cred-1');
    expect(await vault.getToken('cred-1')).toBeUndefined();
  });
});
