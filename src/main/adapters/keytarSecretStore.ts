/**
 * The OS keychain through keytar.
 *
 * Deliberate deviation from the design brief ("only main/electron imports keytar"): this adapter lives in
 * main/adapters so the web host, which runs the same host services in plain Node, exercises the real keychain
 * too (and the unit tests can drive it against a real gnome-keyring). It contains no Electron code.
 * keytar is loaded with a dynamic import so a missing or mis-built native module becomes a clean
 * fallback (`null`) instead of a crash at start-up.
 */
import type { SecretStore } from '../services/ports';

type Keytar = {
  getPassword(service: string, account: string): Promise<string | null>;
  setPassword(service: string, account: string, password: string): Promise<void>;
  deletePassword(service: string, account: string): Promise<boolean>;
};

/** A locked keychain can wait forever on an unlock prompt nobody answers; past this we fall back. */
const KEYCHAIN_TIMEOUT_MS = 15_000;

function withTimeout<T>(work: Promise<T>, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`The system keychain did not answer (${what}).`)), KEYCHAIN_TIMEOUT_MS);
    timer.unref();
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/** Loads keytar, or answers null (with the reason passed to `log`) when the native module cannot load. */
async function loadKeytar(log: (message: string) => void): Promise<Keytar | null> {
  try {
    const mod = (await import('keytar')) as Keytar & { default?: Keytar };
    return mod.default ?? mod;
  } catch (error) {
    log(`keytar unavailable: ${error instanceof Error ? error.message : String(error)}`);
    return null;
  }
}

/** A SecretStore for `service` backed by the OS keychain, or null when keytar cannot be loaded here. */
export async function createKeytarSecretStore(service: string, log: (message: string) => void = () => undefined): Promise<SecretStore | null> {
  const keytar = await loadKeytar(log);
  if (!keytar) return null;
  return {
    get: (account) => withTimeout(keytar.getPassword(service, account), 'read'),
    set: (account, secret) => withTimeout(keytar.setPassword(service, account, secret), 'write'),
    delete: (account) => withTimeout(keytar.deletePassword(service, account), 'delete'),
  };
}
