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
  return {
    seal: (text) =>
      Promise.resolve(available() ? FORMAT + storage.encryptString(text).toString('base64') : undefined),
    open(sealed) {
      if (!sealed.startsWith(FORMAT) || !available()) return Promise.resolve(undefined);
      try {
        return Promise.resolve(storage.decryptString(Buffer.from(sealed.slice(FORMAT.length), 'base64')));
      } catch {
        // Sealed by another user or machine, or damaged.
        return Promise.resolve(undefined);
      }
    },
  };
}
