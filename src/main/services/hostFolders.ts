/**
 * The folders the desktop features remember (downloads, the last transcript-export folder), kept in a small JSON file
 * of the host's data folder rather than in the shared settings schema.
 */
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join, resolve, sep } from 'node:path';
import { z } from 'zod';

const FoldersSchema = z.object({
  downloadDirectory: z.string().optional(),
  exportDirectory: z.string().optional(),
  /** Folders the person chose with the folder picker: the only places outside the app's own folders it writes to. */
  pickedDirectories: z.array(z.string()).optional(),
});
/** How many picked folders are remembered (the oldest is forgotten first). */
const PICKED_KEPT = 50;
export type RememberedFolders = z.infer<typeof FoldersSchema>;

export interface HostFolders {
  /** The download folder: the remembered one, else the host's default. */
  downloadDirectory(): Promise<string>;
  /** The last folder transcripts were exported to, or null. */
  exportDirectory(): Promise<string | null>;
  /** Remembers a folder for next time. */
  remember(patch: Omit<RememberedFolders, 'pickedDirectories'>): Promise<void>;
  /** Records a folder the person chose with the picker, so files may be written into it. */
  allowPicked(directory: string): Promise<void>;
  /**
   * True when files may be written into `directory`: it is (inside) the app's data folder, its default download or
   * export folder, or a folder the person picked. Anything else a caller names is refused, so a program that got
   * hold of the web host's token cannot make the host write into any folder it likes.
   */
  mayWrite(directory: string): Promise<boolean>;
}

function isWithin(directory: string, root: string): boolean {
  const base = resolve(root);
  return directory === base || directory.startsWith(base.endsWith(sep) ? base : base + sep);
}

/** Folders stored in `<stateDir>/desktop-folders.json`; an unreadable file counts as empty. */
export function createHostFolders(stateDir: string, defaultDownloadDir: string, defaultExportDir: string): HostFolders {
  const file = join(stateDir, 'desktop-folders.json');
  let cached: RememberedFolders | null = null;
  const read = async (): Promise<RememberedFolders> => {
    if (cached) return cached;
    try {
      cached = FoldersSchema.parse(JSON.parse(await readFile(file, 'utf8')));
    } catch {
      cached = {};
    }
    return cached;
  };
  return {
    async downloadDirectory() {
      return (await read()).downloadDirectory ?? defaultDownloadDir;
    },
    async exportDirectory() {
      return (await read()).exportDirectory ?? null;
    },
    async remember(patch) {
      await save({ ...(await read()), ...patch });
    },
    async allowPicked(directory) {
      const current = await read();
      const picked = [resolve(directory), ...(current.pickedDirectories ?? []).filter((dir) => dir !== resolve(directory))];
      await save({ ...current, pickedDirectories: picked.slice(0, PICKED_KEPT) });
    },
    async mayWrite(directory) {
      const target = resolve(directory);
      const roots = [stateDir, defaultDownloadDir, defaultExportDir, ...((await read()).pickedDirectories ?? [])];
      return roots.some((root) => isWithin(target, root));
    },
  };

  async function save(next: RememberedFolders): Promise<void> {
    cached = next;
    await mkdir(stateDir, { recursive: true, mode: 0o700 });
    const temp = `${file}.${process.pid}.tmp`;
    await writeFile(temp, JSON.stringify(next), { mode: 0o600 });
    await rename(temp, file);
  }
}
