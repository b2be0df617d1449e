import { KEYCHAIN_SERVICE } from '../../shared/constants';
import type { SecretStatus, StoredTokens } from '../../shared/ipc/contract';
import { StoredTokensSchema } from '../../shared/ipc/contract';
import { HostError } from '../../shared/ipc/handlers';
import type { AtomicFile, EncryptedFileStore, SecretStore } from './ports';

/** Keychain account under which the tokens of the signed-in person live (service name KEYCHAIN_SERVICE). */
export const KEYCHAIN_ACCOUNT = 'session';
export { KEYCHAIN_SERVICE };

/** Plain-language warnings shown by the renderer next to the sign-in form or in settings. */
export const SECRET_WARNINGS = {
  keychainUnavailable:
    'Your system keychain is locked or unavailable, so your sign-in is kept in an encrypted file protected by your operating system account instead.',
  keychainUnavailableMemory: 'Your system keychain is locked or unavailable; you will need to sign in again next time.',
  onlyWeakStorage:
    'This system offers no secure place to keep your sign-in, so you will need to sign in again next time. You can allow Reelscope to store it with weak protection in Settings.',
  weakStorageAccepted:
    'Your sign-in is stored with weak protection (readable by anyone with access to your files), as you allowed in Settings.',
  keychainClearFailed:
    'Your system keychain is locked or unavailable, so the saved sign-in could not be removed from it. Unlock the keychain and sign out again.',
} as const;

export interface SecretsService {
  /** The stored tokens, or null when signed out or nothing readable is stored. Never rejects. */
  get(): Promise<StoredTokens | null>;
  /** Keeps the tokens in the most secure store that answers and says where they went. Never rejects. */
  set(tokens: StoredTokens): Promise<SecretStatus>;
  /** Removes the tokens from every store; rejects with a HostError when the keychain could not be reached. */
  clear(): Promise<void>;
  /** Where tokens are (or would be) kept and the warning to show. Never rejects. */
  status(): Promise<SecretStatus>;
}

export interface SecretsDeps {
  /** The OS keychain, or null where none can be loaded. */
  keychain: SecretStore | null;
  /** Electron safeStorage and the file it encrypts into; null in plain Node (web host). */
  encrypted: { store: EncryptedFileStore; file: AtomicFile } | null;
  /** Whether the person accepted weak (basic_text) storage after the plain warning. */
  allowInsecure: () => boolean;
  /** Where to report swallowed store errors (never shown raw to the renderer). */
  log?: (message: string) => void;
}

const KEYCHAIN_OK: SecretStatus = { storage: 'keychain', persistent: true, warning: null };

function parseTokens(raw: string | null): StoredTokens | null {
  if (raw === null) return null;
  try {
    const parsed = StoredTokensSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/**
 * Tokens live in the OS keychain; when it fails (no Secret Service, locked and refused) they fall back to a
 * safeStorage-encrypted file, unless safeStorage only has the fixed basic_text key: then memory only,
 * unless the person opted in. Every store error is caught here and turned into a status with a warning.
 */
export function createSecretsService(deps: SecretsDeps): SecretsService {
  let memory: StoredTokens | null = null;
  let lastStatus: SecretStatus | null = null;
  const log = deps.log ?? (() => undefined);

  function describe(error: unknown): string {
    return error instanceof Error ? error.message : String(error);
  }

  /** The fallback chosen when the keychain failed: encrypted file if trustworthy (or accepted), else memory. */
  function fallback(): SecretStatus {
    const enc = deps.encrypted;
    if (enc && enc.store.isAvailable()) {
      if (enc.store.backend() !== 'basic_text') return { storage: 'safeStorage', persistent: true, warning: SECRET_WARNINGS.keychainUnavailable };
      if (deps.allowInsecure()) return { storage: 'safeStorage', persistent: true, warning: SECRET_WARNINGS.weakStorageAccepted };
      return { storage: 'memory', persistent: false, warning: SECRET_WARNINGS.onlyWeakStorage };
    }
    return { storage: 'memory', persistent: false, warning: SECRET_WARNINGS.keychainUnavailableMemory };
  }

  async function keychainAnswers(): Promise<boolean> {
    if (!deps.keychain) return false;
    try {
      await deps.keychain.get(KEYCHAIN_ACCOUNT);
      return true;
    } catch (error) {
      log(`keychain read failed: ${describe(error)}`);
      return false;
    }
  }

  async function readEncrypted(): Promise<StoredTokens | null> {
    const enc = deps.encrypted;
    if (!enc || !enc.store.isAvailable()) return null;
    // A basic_text file is only trusted when the person allowed it; otherwise it should not exist at all.
    if (enc.store.backend() === 'basic_text' && !deps.allowInsecure()) return null;
    try {
      const cipher = await enc.file.read();
      return cipher ? parseTokens(enc.store.decrypt(cipher)) : null;
    } catch (error) {
      log(`encrypted token file unreadable: ${describe(error)}`);
      return null;
    }
  }

  async function removeEncrypted(): Promise<void> {
    try {
      await deps.encrypted?.file.remove();
    } catch (error) {
      log(`encrypted token file not removed: ${describe(error)}`);
    }
  }

  return {
    async get() {
      if (memory) return memory;
      if (deps.keychain) {
        try {
          const stored = parseTokens(await deps.keychain.get(KEYCHAIN_ACCOUNT));
          if (stored) return stored;
        } catch (error) {
          log(`keychain read failed: ${describe(error)}`);
        }
      }
      return readEncrypted();
    },

    async set(tokens) {
      const serialized = JSON.stringify(StoredTokensSchema.parse(tokens));
      memory = null;
      if (deps.keychain) {
        try {
          await deps.keychain.set(KEYCHAIN_ACCOUNT, serialized);
          // A copy left in the weaker file from an earlier fallback would outlive the keychain entry.
          await removeEncrypted();
          lastStatus = KEYCHAIN_OK;
          return lastStatus;
        } catch (error) {
          log(`keychain write failed: ${describe(error)}`);
        }
      }
      let status = fallback();
      if (status.storage === 'safeStorage' && deps.encrypted) {
        try {
          await deps.encrypted.file.write(deps.encrypted.store.encrypt(serialized));
        } catch (error) {
          log(`encrypted token file not written: ${describe(error)}`);
          status = { storage: 'memory', persistent: false, warning: SECRET_WARNINGS.keychainUnavailableMemory };
        }
      }
      if (status.storage === 'memory') {
        memory = tokens;
        await removeEncrypted();
      }
      lastStatus = status;
      return status;
    },

    async clear() {
      memory = null;
      await removeEncrypted();
      if (!deps.keychain) return;
      try {
        await deps.keychain.delete(KEYCHAIN_ACCOUNT);
      } catch (error) {
        log(`keychain delete failed: ${describe(error)}`);
        throw new HostError('unavailable', SECRET_WARNINGS.keychainClearFailed);
      }
    },

    async status() {
      if (lastStatus) return lastStatus;
      return (await keychainAnswers()) ? KEYCHAIN_OK : fallback();
    },
  };
}
