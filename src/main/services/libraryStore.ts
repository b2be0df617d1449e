/**
 * Files of the offline library under `<stateDir>/library`: the index (one JSON file, replaced atomically), one JSON
 * file of timed lines per video, and saved thumbnails. Plain Node, no back end needed.
 */
import { createHash, randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import { OfflineLineSchema } from '../../shared/ipc/desktop.schemas';
import type { OfflineLine } from '../../shared/ipc/desktop.schemas';

export const LibraryRecordSchema = z.object({
  itemId: z.string(),
  kind: z.enum(['video', 'transcript']),
  videoId: z.string(),
  title: z.string(),
  platform: z.string().nullable(),
  creator: z.string().nullable(),
  size: z.number(),
  savedAt: z.string(),
  fileType: z.string(),
  mime: z.string(),
  filePath: z.string(),
  thumbnailFile: z.string().nullable(),
  hasTranscript: z.boolean(),
});
export type LibraryRecord = z.infer<typeof LibraryRecordSchema>;
const IndexSchema = z.object({ version: z.literal(1), items: z.array(LibraryRecordSchema) });

async function writeAtomic(path: string, data: string): Promise<void> {
  const temp = `${path}.${randomBytes(6).toString('hex')}.tmp`;
  await writeFile(temp, data);
  await rename(temp, path);
}

/** Reading and writing the library's files. */
export function createLibraryStore(stateDir: string) {
  const root = join(stateDir, 'library');
  const indexPath = join(root, 'index.json');
  const linesDir = join(root, 'transcripts');
  const thumbsDir = join(root, 'thumbnails');
  const linesPath = (videoId: string) => join(linesDir, `${createHash('sha256').update(videoId).digest('hex').slice(0, 32)}.json`);

  return {
    thumbsDir,
    /** The index; an unreadable one is moved aside and the library starts empty. */
    async readIndex(): Promise<LibraryRecord[]> {
      let text: string;
      try {
        text = await readFile(indexPath, 'utf8');
      } catch {
        return [];
      }
      try {
        return IndexSchema.parse(JSON.parse(text)).items;
      } catch {
        await rename(indexPath, join(root, `index.corrupt-${Date.now()}.json`)).catch(() => undefined);
        return [];
      }
    },
    async writeIndex(items: readonly LibraryRecord[]): Promise<void> {
      await mkdir(root, { recursive: true });
      await writeAtomic(indexPath, JSON.stringify({ version: 1, items }));
    },
    async writeLines(videoId: string, lines: readonly OfflineLine[]): Promise<void> {
      await mkdir(linesDir, { recursive: true });
      await writeAtomic(linesPath(videoId), JSON.stringify(lines.map(({ start_time, content }) => ({ start_time, content }))));
    },
    async readLines(videoId: string): Promise<OfflineLine[]> {
      try {
        return z.array(OfflineLineSchema).parse(JSON.parse(await readFile(linesPath(videoId), 'utf8')));
      } catch {
        return [];
      }
    },
    async removeLines(videoId: string): Promise<void> {
      await rm(linesPath(videoId), { force: true });
    },
  };
}
export type LibraryStore = ReturnType<typeof createLibraryStore>;
