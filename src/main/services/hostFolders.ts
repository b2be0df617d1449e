/**
 * The folders the desktop features remember (downloads, the last transcript-export folder), kept in a small JSON file
 * of the host's data folder rather than in the shared settings schema.
 */
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';

const FoldersSchema = z.object({ downloadDirectory: z.string().optional(), exportDirectory: z.string().optional() });
export type RememberedFolders = z.infer<typeof FoldersSchema>;

export interface HostFolders {
  /** The download folder: the remembered one, else the host's default. */
  downloadDirectory(): Promise<string>;
  /** The last folder transcripts were exported to, or null. */
  exportDirectory(): Promise<string | null>;
  /** Remembers a folder for next time. */
  remember(patch: RememberedFolders): Promise<void>;
}

/** Folders stored in `<stateDir>/desktop-folders.json`; an unreadable file counts as empty. */
export function createHostFolders(stateDir: string, defaultDownloadDir: string): HostFolders {
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
      cached = { ...(await read()), ...patch };
      await mkdir(stateDir, { recursive: true });
      const temp = `${file}.${process.pid}.tmp`;
      await writeFile(temp, JSON.stringify(cached));
      await rename(temp, file);
    },
  };
}
