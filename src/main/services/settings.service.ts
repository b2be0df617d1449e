import type { Settings, SettingsPatch } from '../../shared/ipc/settings.schemas';
import { DEFAULT_SETTINGS, SettingsSchema } from '../../shared/ipc/settings.schemas';
import type { AtomicFile, Clock } from './ports';

/** What happened when the stored settings could not be used and defaults took their place. */
export interface SettingsRecovery {
  /** Where the unusable file was moved, so the person (or support) can look at it. */
  movedTo: string;
  /** Why it could not be used: not JSON, or JSON that does not match the settings schema. */
  reason: string;
  at: number;
}

export interface SettingsService {
  /** Reads the file once; missing → defaults, unusable → moved aside and defaults. Idempotent. */
  load(): Promise<Settings>;
  /** The current settings (defaults until load() has run). */
  get(): Settings;
  /** Merges each group of the patch shallowly, writes atomically, notifies listeners, answers the result. */
  update(patch: SettingsPatch): Promise<Settings>;
  /** Subscribes to changes; answers the unsubscribe function. */
  onChange(listener: (settings: Settings) => void): () => void;
  /** The last recovery from an unusable file, or null. */
  readonly lastRecovery: SettingsRecovery | null;
}

/** A file-system-safe timestamp (no ':' so the name is valid on Windows too). */
function stamp(ms: number): string {
  return new Date(ms).toISOString().replace(/[:.]/g, '-');
}

function clone(settings: Settings): Settings {
  return structuredClone(settings);
}

/** Applies a patch: every group present in the patch is merged shallowly; absent groups stay untouched. */
export function mergeSettings(current: Settings, patch: SettingsPatch): Settings {
  return {
    ...current,
    backend: { ...current.backend, ...patch.backend },
    layout: { ...current.layout, ...patch.layout },
    markers: { ...current.markers, ...patch.markers },
    allowInsecureTokenStorage: patch.allowInsecureTokenStorage ?? current.allowInsecureTokenStorage,
    assistant: { ...current.assistant, ...patch.assistant },
    chat: { ...current.chat, ...patch.chat },
    shop: { ...current.shop, ...patch.shop },
    integrations: { ...current.integrations, ...patch.integrations },
  };
}

/**
 * Settings kept as one JSON file validated by SettingsSchema.
 * Chosen over electron-store so Electron and the web host share one tested code path, and because a
 * corrupted file must be kept (moved aside) for inspection rather than silently cleared.
 */
export function createSettingsService(deps: { file: AtomicFile; clock: Clock }): SettingsService {
  let current = clone(DEFAULT_SETTINGS);
  let loading: Promise<Settings> | null = null;
  let recovery: SettingsRecovery | null = null;
  // Updates are chained so two quick ones can never interleave their merges or temp-file renames.
  let writes: Promise<unknown> = Promise.resolve();
  const listeners = new Set<(settings: Settings) => void>();

  async function recover(reason: string): Promise<Settings> {
    const movedTo = await deps.file.moveAside(`settings.corrupt-${stamp(deps.clock.now())}.json`);
    recovery = { movedTo, reason, at: deps.clock.now() };
    current = clone(DEFAULT_SETTINGS);
    await deps.file.write(JSON.stringify(current, null, 2));
    return clone(current);
  }

  async function readFromDisk(): Promise<Settings> {
    let raw: Buffer | null;
    try {
      raw = await deps.file.read();
    } catch (error) {
      // A folder named settings.json (EISDIR), a file the person may not read: start on defaults and say so.
      const code = (error as NodeJS.ErrnoException).code ?? 'error';
      return recover(`The settings file could not be read (${code}: ${error instanceof Error ? error.message : String(error)}).`).catch(() => {
        recovery = { movedTo: deps.file.path, reason: `The settings file could not be read or moved aside (${code}); defaults are used and changes are not saved.`, at: deps.clock.now() };
        current = clone(DEFAULT_SETTINGS);
        return clone(current);
      });
    }
    if (raw === null) {
      current = clone(DEFAULT_SETTINGS);
      return clone(current);
    }
    let json: unknown;
    try {
      json = JSON.parse(raw.toString('utf8'));
    } catch (error) {
      return recover(`The settings file is not valid JSON (${error instanceof Error ? error.message : String(error)}).`);
    }
    const parsed = SettingsSchema.safeParse(json);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const where = issue && issue.path.length > 0 ? ` at ${issue.path.join('.')}` : '';
      return recover(`The settings file does not match the expected shape${where}: ${issue?.message ?? 'rejected'}.`);
    }
    current = parsed.data;
    return clone(current);
  }

  return {
    load() {
      loading ??= readFromDisk();
      return loading;
    },
    get: () => clone(current),
    async update(patch) {
      await this.load();
      // Merged inside the chain so each update builds on the previous one's result (no lost updates).
      const run = writes.then(async () => {
        const next = SettingsSchema.parse(mergeSettings(current, patch));
        await deps.file.write(JSON.stringify(next, null, 2));
        current = next;
        for (const listener of listeners) listener(clone(next));
        return clone(next);
      });
      writes = run.catch(() => undefined);
      return run;
    },
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    get lastRecovery() {
      return recovery;
    },
  };
}
