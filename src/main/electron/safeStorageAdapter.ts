import { safeStorage } from 'electron';
import type { EncryptedFileStore } from '../services/ports';

/**
 * Electron safeStorage as an EncryptedFileStore. On Linux the backend name matters: `basic_text` means
 * Chromium fell back to a hard-coded key, which the secrets service treats as no protection at all.
 * Only meaningful after app 'ready'.
 */
export function createSafeStorageAdapter(): EncryptedFileStore {
  return {
    isAvailable: () => safeStorage.isEncryptionAvailable(),
    backend: () => (process.platform === 'linux' ? safeStorage.getSelectedStorageBackend() : process.platform),
    encrypt: (plain) => safeStorage.encryptString(plain),
    decrypt: (cipher) => safeStorage.decryptString(cipher),
  };
}
