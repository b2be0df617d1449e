/**
 * The small interfaces through which host services reach the outside world.
 * Electron main fills them with Electron-backed adapters, the web host with plain Node ones,
 * and tests with the real Node adapters (or a declared double where the real thing cannot exist here).
 */

/** An OS keychain (macOS Keychain, Windows Credential Manager, Secret Service) scoped to one service name. */
export interface SecretStore {
  /** The stored secret for the account, or null when none is stored. Rejects when the keychain is locked or missing. */
  get(account: string): Promise<string | null>;
  /** Stores (or replaces) the secret. Rejects when the keychain is locked or missing. */
  set(account: string, secret: string): Promise<void>;
  /** Removes the secret; resolves true when one was removed. Rejects when the keychain is locked or missing. */
  delete(account: string): Promise<boolean>;
}

/** Electron safeStorage, or anything that encrypts with an OS-held key. */
export interface EncryptedFileStore {
  /** False when no OS key is available (encrypt/decrypt would throw). */
  isAvailable(): boolean;
  /**
   * Name of the key backend (Linux: gnome_libsecret, kwallet*, basic_text; elsewhere the platform name).
   * `basic_text` means a fixed, publicly known key: plaintext in all but name.
   */
  backend(): string;
  encrypt(plain: string): Buffer;
  decrypt(cipher: Buffer): string;
}

/** One file written atomically (temp file + rename), used for settings and the encrypted token file. */
export interface AtomicFile {
  /** Absolute path of the file (shown to the person when it had to be moved aside). */
  readonly path: string;
  /** The contents, or null when the file does not exist. */
  read(): Promise<Buffer | null>;
  /** Replaces the contents so that a crash leaves either the old or the new file, never half of one. */
  write(data: Buffer | string): Promise<void>;
  /** Removes the file; no error when it does not exist. */
  remove(): Promise<void>;
  /** Renames the file to `name` in the same folder and answers the new absolute path. */
  moveAside(name: string): Promise<string>;
}

/** A running child process started by a ProcessSpawner. */
export interface SpawnedProcess {
  /** Called with each message the child sends to its parent. */
  onMessage(listener: (message: unknown) => void): void;
  /** Called once when the child has exited, with its exit code (null when killed by a signal). */
  onExit(listener: (code: number | null) => void): void;
  /** The last few kilobytes the child wrote to stderr, to explain a failure. */
  stderrTail(): string;
  /** Asks the child to stop (SIGTERM); `force` ends it at once (SIGKILL) when it did not listen. */
  kill(force?: boolean): void;
}

/** Starts a JavaScript or TypeScript entry as a child process with a message channel. */
export interface ProcessSpawner {
  /** Forks `entry` with the given extra environment variables. */
  fork(entry: string, env: Record<string, string>): SpawnedProcess;
}

/** Tells the person something happened outside the window they look at (OS notification, or the console). */
export interface Notifier {
  /** Shows a short notice. Must never throw. */
  notify(title: string, body: string): void;
}

/** The app's count on the dock or taskbar (Electron); absent where there is none. */
export interface BadgePort {
  setCount(count: number): void;
}

/** Time, so services can stamp files and wait without reaching for globals. */
export interface Clock {
  /** Milliseconds since the epoch. */
  now(): number;
  /** Resolves after `ms` milliseconds. */
  sleep(ms: number): Promise<void>;
}

/** The real clock. Its timers never keep the process alive on their own (a start-up timeout must not delay quitting). */
export const systemClock: Clock = {
  now: () => Date.now(),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms).unref()),
};

/** The native folder chooser (downloads and transcript exports will use it). */
export interface DirectoryPicker {
  /** The chosen folder, or null when the person cancelled. Rejects when the dialog could not open. */
  pick(title: string): Promise<string | null>;
}

/** The native file chooser (own-storage uploads). */
export interface FilePicker {
  /** The chosen absolute paths, or null when the person cancelled. Rejects when the dialog could not open. */
  pick(options: { title: string; filters: { name: string; extensions: string[] }[]; multiple: boolean }): Promise<string[] | null>;
}
