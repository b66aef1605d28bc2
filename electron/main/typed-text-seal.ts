import type { SafeStorage } from 'electron';
import type { TypedTextSeal } from '../core/store/typed-text.js';

/** What a text sealed by safeStorage starts with (the browser host's seal writes another). */
const FORMAT = 'safe-storage:';

/**
 * The desktop app's seal for what a person typed (core/store/typed-text.ts): Electron's safeStorage,
 * whose key the OS keychain holds (macOS Keychain, Windows DPAPI, the Secret Service or KWallet on
 * Linux). On Linux without a keyring safeStorage falls back to a password written in Chromium's code
 * (`basic_text`): that protects nothing, so it counts as no keychain and nothing typed is kept.
 */
export function safeStorageSeal(
  storage: Pick<
    SafeStorage,
    'isEncryptionAvailable' | 'encryptString' | 'decryptString' | 'getSelectedStorageBackend'
  >,
  platform: NodeJS.Platform = process.platform,
): TypedTextSeal {
  const available = () =>
    storage.isEncryptionAvailable() &&
    !(platform === 'linux' && ['basic_text', 'unknown'].includes(storage.getSelectedStorageBackend()));
  // safeStorage has no associated data: what the text is bound to (a desk and its connection) is
  // sealed with it, and a text opened elsewhere than it was sealed for is not given back.
  return {
    knows: (sealed) => sealed.startsWith(FORMAT),
    seal: (text, boundTo = '') =>
      Promise.resolve(
        available()
          ? FORMAT + storage.encryptString(JSON.stringify([boundTo, text])).toString('base64')
          : undefined,
      ),
    open(sealed, boundTo = '') {
      if (!sealed.startsWith(FORMAT) || !available()) return Promise.resolve(undefined);
      try {
        const [bound, text] = JSON.parse(
          storage.decryptString(Buffer.from(sealed.slice(FORMAT.length), 'base64')),
        ) as unknown[];
        return Promise.resolve(bound === boundTo && typeof text === 'string' ? text : undefined);
      } catch {
        // Sealed by another user or machine, by an older version, or damaged.
        return Promise.resolve(undefined);
      }
    },
  };
}
