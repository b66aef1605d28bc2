import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { safeStorageSeal } from './typed-text-seal.js';

// safeStorage as Electron hands it over, stood in for by a cipher with a key of its own (the OS
// keychain's, in the app), and its backends as Linux reports them.

function storage(backend = 'gnome_libsecret', available = true) {
  const key = randomBytes(32);
  const iv = Buffer.alloc(16);
  return {
    isEncryptionAvailable: () => available,
    getSelectedStorageBackend: () => backend as never,
    encryptString: (text: string) => {
      const cipher = createCipheriv('aes-256-cbc', key, iv);
      return Buffer.concat([cipher.update(text, 'utf8'), cipher.final()]);
    },
    decryptString: (bytes: Buffer) => {
      const decipher = createDecipheriv('aes-256-cbc', key, iv);
      return Buffer.concat([decipher.update(bytes), decipher.final()]).toString('utf8');
    },
  };
}

describe('what a person typed, sealed by safeStorage', () => {
  it('is sealed and opened again, never written in clear', async () => {
    const seal = safeStorageSeal(storage(), 'linux');
    const sealed = await seal.seal('{"value":"Jeanne Dupont"}');
    expect(sealed).toMatch(/^safe-storage:/);
    expect(sealed).not.toContain('Dupont');
    expect(await seal.open(sealed!)).toBe('{"value":"Jeanne Dupont"}');
  });

  it('is opened only for what it was sealed for (a desk and its connection)', async () => {
    const seal = safeStorageSeal(storage(), 'linux');
    const sealed = await seal.seal('{"value":"Jeanne Dupont"}', '["desk","tab-2","demo"]');
    expect(await seal.open(sealed!, '["desk","tab-2","demo"]')).toBe('{"value":"Jeanne Dupont"}');
    expect(await seal.open(sealed!, '["desk","tab-3","demo"]')).toBeUndefined();
    expect(await seal.open(sealed!)).toBeUndefined();
  });

  it('keeps nothing where no keychain protects the key: Linux’s basic_text, or encryption unavailable', async () => {
    for (const seal of [
      safeStorageSeal(storage('basic_text'), 'linux'),
      safeStorageSeal(storage('unknown'), 'linux'),
      safeStorageSeal(storage('gnome_libsecret', false), 'linux'),
      safeStorageSeal(storage('unknown', false), 'darwin'),
    ])
      expect(await seal.seal('Dupont')).toBeUndefined();
    // macOS and Windows report no Linux backend: their keychain protects the key.
    expect(await safeStorageSeal(storage('unknown'), 'darwin').seal('Dupont')).toMatch(/^safe-storage:/);
  });

  it('opens nothing sealed with another key, by the browser host’s seal, or damaged', async () => {
    const sealed = (await safeStorageSeal(storage(), 'linux').seal('Dupont'))!;
    const other = safeStorageSeal(storage(), 'linux');
    expect(await other.open(sealed)).toBeUndefined();
    expect(await other.open('aes-256-gcm:AAAA')).toBeUndefined();
    expect(await other.open('safe-storage:%%%')).toBeUndefined();
  });
});
