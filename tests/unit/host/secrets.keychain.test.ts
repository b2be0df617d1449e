import { execFileSync } from 'node:child_process';
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { KEYCHAIN_SERVICE } from '../../../src/shared/constants';
import { HostError } from '../../../src/shared/ipc/handlers';
import { createKeytarSecretStore } from '../../../src/main/adapters/keytarSecretStore';
import { createAtomicFile } from '../../../src/main/adapters/nodeAtomicFile';
import type { EncryptedFileStore, SecretStore } from '../../../src/main/services/ports';
import { createSecretsService, KEYCHAIN_ACCOUNT, SECRET_WARNINGS } from '../../../src/main/services/secrets.service';
import { useTempDir } from './helpers';

const tempDir = useTempDir();
const TOKENS = { jwt: 'eyJhbGciOiJIUzI1NiJ9.test.signature', refreshToken: 'refresh-123' };

/** What another program (or the person) sees in the keyring. */
function secretToolLookup(): string {
  try {
    return execFileSync('secret-tool', ['lookup', 'service', KEYCHAIN_SERVICE, 'account', KEYCHAIN_ACCOUNT], { encoding: 'utf8' });
  } catch {
    return '';
  }
}

/** A keychain that refuses like a locked GNOME keyring whose unlock prompt was dismissed. */
const lockedKeychain: SecretStore = {
  get: () => Promise.reject(new Error('Cannot get secret: The operation was cancelled (org.freedesktop.Secret.Error.IsLocked)')),
  set: () => Promise.reject(new Error('Cannot create an item in a locked collection')),
  delete: () => Promise.reject(new Error('Cannot delete: collection is locked')),
};

/**
 * Test double for Electron's safeStorage (the Electron binary cannot run on this machine): AES-256-GCM with a
 * per-test key, reporting whichever Linux backend name the test needs.
 */
function safeStorageLike(backend: string): EncryptedFileStore {
  const key = randomBytes(32);
  return {
    isAvailable: () => true,
    backend: () => backend,
    encrypt(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return Buffer.concat([iv, cipher.getAuthTag(), body]);
    },
    decrypt(data) {
      const decipher = createDecipheriv('aes-256-gcm', key, data.subarray(0, 12));
      decipher.setAuthTag(data.subarray(12, 28));
      return Buffer.concat([decipher.update(data.subarray(28)), decipher.final()]).toString('utf8');
    },
  };
}

const NO_KEYRING = 'No Secret Service session: run these tests with `bash scripts/with-keyring.sh npx vitest run --project unit tests/unit/host` (gnome-keyring, dbus).';

// Without a session bus there is no keychain to test: a failure of its own says how to get one, rather than a skip.
it('has a Secret Service session to keep the secrets in', () => {
  if (!process.env.DBUS_SESSION_BUS_ADDRESS) throw new Error(NO_KEYRING);
});

describe('secrets in the real OS keychain (gnome-keyring)', () => {
  let keychain: SecretStore;
  beforeAll(async () => {
    if (!process.env.DBUS_SESSION_BUS_ADDRESS) throw new Error(NO_KEYRING);
    const store = await createKeytarSecretStore(KEYCHAIN_SERVICE);
    if (!store) throw new Error('keytar could not be loaded');
    keychain = store;
    await keychain.delete(KEYCHAIN_ACCOUNT);
  });

  it('keeps the tokens in the keychain, where the OS shows them under Reelscope/session, and clears them', async () => {
    const secrets = createSecretsService({ keychain, encrypted: null, allowInsecure: () => false });
    const status = await secrets.set(TOKENS);
    expect(status).toEqual({ storage: 'keychain', persistent: true, warning: null });
    expect(JSON.parse(secretToolLookup())).toEqual(TOKENS);

    // A new start of the app (a new service over the same keychain) finds the person still signed in.
    const nextStart = createSecretsService({ keychain, encrypted: null, allowInsecure: () => false });
    expect(await nextStart.get()).toEqual(TOKENS);
    expect(await nextStart.status()).toEqual({ storage: 'keychain', persistent: true, warning: null });

    await nextStart.clear();
    expect(secretToolLookup()).toBe('');
    expect(await secrets.get()).toBeNull();
  });

  it('removes an older encrypted-file copy once the keychain answers again', async () => {
    const dir = tempDir();
    const encrypted = { store: safeStorageLike('gnome_libsecret'), file: createAtomicFile(join(dir, 'session.enc')) };
    await createSecretsService({ keychain: lockedKeychain, encrypted, allowInsecure: () => false }).set(TOKENS);
    expect(existsSync(join(dir, 'session.enc'))).toBe(true);
    const secrets = createSecretsService({ keychain, encrypted, allowInsecure: () => false });
    expect((await secrets.set(TOKENS)).storage).toBe('keychain');
    expect(existsSync(join(dir, 'session.enc'))).toBe(false);
    await secrets.clear();
  });
});

describe('secrets when the keychain fails', () => {
  it('falls back to the safeStorage-encrypted file, with a plain warning, and reads it back after a restart', async () => {
    const dir = tempDir();
    const encrypted = { store: safeStorageLike('gnome_libsecret'), file: createAtomicFile(join(dir, 'session.enc')) };
    const status = await createSecretsService({ keychain: lockedKeychain, encrypted, allowInsecure: () => false }).set(TOKENS);
    expect(status).toEqual({ storage: 'safeStorage', persistent: true, warning: SECRET_WARNINGS.keychainUnavailable });
    const onDisk = createAtomicFile(join(dir, 'session.enc'));
    expect((await onDisk.read())?.toString('utf8')).not.toContain(TOKENS.jwt);
    expect(await createSecretsService({ keychain: lockedKeychain, encrypted, allowInsecure: () => false }).get()).toEqual(TOKENS);
  });

  it('keeps tokens in memory only when safeStorage has just the basic_text key, and says so', async () => {
    const dir = tempDir();
    const encrypted = { store: safeStorageLike('basic_text'), file: createAtomicFile(join(dir, 'session.enc')) };
    const secrets = createSecretsService({ keychain: lockedKeychain, encrypted, allowInsecure: () => false });
    const status = await secrets.set(TOKENS);
    expect(status).toEqual({ storage: 'memory', persistent: false, warning: SECRET_WARNINGS.onlyWeakStorage });
    expect(existsSync(join(dir, 'session.enc'))).toBe(false);
    expect(await secrets.get()).toEqual(TOKENS);
    // Next start: nothing survived, the person signs in again.
    expect(await createSecretsService({ keychain: lockedKeychain, encrypted, allowInsecure: () => false }).get()).toBeNull();
  });

  it('stores with basic_text only after the person opted in', async () => {
    const dir = tempDir();
    const encrypted = { store: safeStorageLike('basic_text'), file: createAtomicFile(join(dir, 'session.enc')) };
    const status = await createSecretsService({ keychain: lockedKeychain, encrypted, allowInsecure: () => true }).set(TOKENS);
    expect(status).toEqual({ storage: 'safeStorage', persistent: true, warning: SECRET_WARNINGS.weakStorageAccepted });
    expect(await createSecretsService({ keychain: lockedKeychain, encrypted, allowInsecure: () => true }).get()).toEqual(TOKENS);
  });

  it('without keychain or safeStorage (the web host) keeps tokens in memory and warns', async () => {
    const secrets = createSecretsService({ keychain: lockedKeychain, encrypted: null, allowInsecure: () => false });
    expect(await secrets.status()).toEqual({ storage: 'memory', persistent: false, warning: SECRET_WARNINGS.keychainUnavailableMemory });
    expect((await secrets.set(TOKENS)).warning).toBe(SECRET_WARNINGS.keychainUnavailableMemory);
    expect(await secrets.get()).toEqual(TOKENS);
  });

  it('reports a locked keychain on clear as a clear message, never the raw error, after clearing the rest', async () => {
    const dir = tempDir();
    const encrypted = { store: safeStorageLike('gnome_libsecret'), file: createAtomicFile(join(dir, 'session.enc')) };
    const secrets = createSecretsService({ keychain: lockedKeychain, encrypted, allowInsecure: () => false });
    await secrets.set(TOKENS);
    const failure = await secrets.clear().catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(HostError);
    expect((failure as HostError).message).toBe(SECRET_WARNINGS.keychainClearFailed);
    expect((failure as HostError).message).not.toMatch(/freedesktop|collection/);
    expect(existsSync(join(dir, 'session.enc'))).toBe(false);
    expect(await secrets.get()).toBeNull();
  });
});
