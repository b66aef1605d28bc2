import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { withFileLock } from './file-lock.js';

/**
 * Encrypts what a person typed (a table's search, a filter's values) before it reaches the disk,
 * with a key the OS keychain holds (docs/decisions/0012-typed-text-on-disk.md). Without such a key
 * nothing is sealed, and the text is not kept at all.
 */
export interface TypedTextSeal {
  /**
   * `text` encrypted, or undefined when no keychain-held key can be had (the text is then not kept).
   * `boundTo` names what it belongs to (a desk and its connection): authenticated with it, so a
   * sealed text copied to another entry of a file is not opened there.
   */
  seal(text: string, boundTo?: string): Promise<string | undefined>;
  /**
   * The text `sealed` held, or undefined when it cannot be read (another key, another machine,
   * damaged, or sealed for another `boundTo`).
   */
  open(sealed: string, boundTo?: string): Promise<string | undefined>;
  /**
   * Whether `sealed` is of a kind this seal makes or opens (its format). One it knows and cannot
   * open, with a key to hand, was sealed by a key lost for good; one it does not know is another
   * program's (the desktop app's older seal on a folder a browser host shares), left as it is.
   */
  knows(sealed: string): boolean;
}

/** The key's name in the keychain (Vault.keychainKey). */
const KEY_NAME = 'typed-text';
/** What a sealed text starts with: the cipher, so that another one can come later. */
const FORMAT = 'aes-256-gcm:';
const IV_BYTES = 12;
const TAG_BYTES = 16;

/** Where the key is kept: the OS keychain (auth/vault.ts's Vault), or nothing when none answers. */
export interface KeyKeeper {
  keychainKey(name: string): Promise<string | undefined>;
}

/**
 * The seal of the app, the browser host and `cdb`: AES-256-GCM (authenticated: a text changed on
 * disk is not opened) with a random key made once and kept in the keychain. `lockPath` (a file in
 * the data folder) is locked while the key is asked for: two processes using it first at once would
 * each make one, and what one sealed would not open at the next start.
 */
export function keychainSeal(vault: KeyKeeper, lockPath?: string): TypedTextSeal {
  // One key promise for the process: two seals at once on first use would else each make a key,
  // and what the first sealed could not be opened at the next start.
  let key: Promise<Buffer | undefined> | undefined;
  const asked = () => vault.keychainKey(KEY_NAME);
  const keyNow = (): Promise<Buffer | undefined> =>
    (key ??= (lockPath ? withFileLock(lockPath, asked) : asked())
      .catch(() => undefined)
      .then((kept) => {
        const bytes = kept === undefined ? undefined : Buffer.from(kept, 'base64');
        if (bytes?.length === 32) return bytes;
        // None to be had now (no keychain answered): asked again at the next seal.
        key = undefined;
        return undefined;
      }));
  return {
    async seal(text, boundTo = '') {
      const secret = await keyNow();
      if (!secret) return undefined;
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', secret, iv);
      cipher.setAAD(Buffer.from(boundTo, 'utf8'));
      const body = Buffer.concat([cipher.update(text, 'utf8'), cipher.final()]);
      return FORMAT + Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64');
    },
    knows: (sealed) => sealed.startsWith(FORMAT),
    async open(sealed, boundTo = '') {
      if (!sealed.startsWith(FORMAT)) return undefined;
      const secret = await keyNow();
      if (!secret) return undefined;
      const bytes = Buffer.from(sealed.slice(FORMAT.length), 'base64');
      if (bytes.length < IV_BYTES + TAG_BYTES) return undefined;
      try {
        const decipher = createDecipheriv('aes-256-gcm', secret, bytes.subarray(0, IV_BYTES));
        decipher.setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
        decipher.setAAD(Buffer.from(boundTo, 'utf8'));
        return Buffer.concat([
          decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES)),
          decipher.final(),
        ]).toString('utf8');
      } catch {
        return undefined;
      }
    },
  };
}

/**
 * A seal that seals with `current` and still opens what `older` sealed (the desktop app sealed
 * with Electron's safeStorage before it shared the keychain's key with the browser host and `cdb`):
 * what the person kept is read, and written again under the current seal at its next change.
 */
export function withOlderSeal(current: TypedTextSeal, older: TypedTextSeal | undefined): TypedTextSeal {
  if (!older) return current;
  return {
    seal: (text, boundTo) => current.seal(text, boundTo),
    open: (sealed, boundTo) =>
      current.knows(sealed) ? current.open(sealed, boundTo) : older.open(sealed, boundTo),
    knows: (sealed) => current.knows(sealed) || older.knows(sealed),
  };
}
