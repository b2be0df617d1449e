/**
 * The offline library (issue 4): an index of downloaded videos and exported transcripts kept in the host's data
 * folder, with their timed lines, so it lists, plays and searches with the back end unreachable.
 */
import { randomUUID } from 'node:crypto';
import { mkdir, rm, stat, writeFile } from 'node:fs/promises';
import { extname, join, resolve } from 'node:path';
import type { LibraryItem, OfflineLine } from '../../shared/ipc/desktop.schemas';
import { HostError } from '../../shared/ipc/handlers';
import type { MediaUrls } from './desktopPorts';
import type { LibraryRecord } from './libraryStore';
import { createLibraryStore } from './libraryStore';

/** What a new item says about itself; id and date are given by the library. */
export type NewLibraryItem = Omit<LibraryRecord, 'itemId' | 'savedAt' | 'thumbnailFile' | 'hasTranscript'> & { lines?: readonly OfflineLine[] };

export interface SearchHit {
  itemId: string;
  videoId: string;
  title: string;
  kind: LibraryRecord['kind'];
  matches: OfflineLine[];
  totalMatches: number;
}

export interface OfflineLibrary {
  /** Adds items (and stores their lines), answers the records. One index write for the whole batch; a video already
   *  in the library keeps one entry, the new one. */
  add(items: readonly NewLibraryItem[]): Promise<LibraryRecord[]>;
  /** Adds details learned later (creator, timed lines) to an item. */
  annotate(itemId: string, details: { creator?: string | null; lines?: readonly OfflineLine[] }): Promise<void>;
  /** Saves a thumbnail image for an item (best effort; the caller ignores failures). */
  saveThumbnail(itemId: string, image: Uint8Array, ext: string): Promise<void>;
  /** Every item, newest first, with URLs and whether the file is still there. */
  list(): Promise<LibraryItem[]>;
  /** Stored lines of an item. Throws HostError when the item is unknown. */
  transcript(itemId: string): Promise<{ itemId: string; videoId: string; title: string; lines: OfflineLine[] }>;
  /** Case-insensitive substring search across every stored transcript (each video's lines searched once). */
  search(query: string): Promise<SearchHit[]>;
  /** Forgets an item; `deleteFile` also removes the file. */
  remove(itemId: string, deleteFile: boolean): Promise<void>;
  /** The file (or thumbnail) of an item, for the media routes; null when unknown. */
  resolveMedia(itemId: string, part: 'file' | 'thumbnail'): Promise<{ path: string; mime: string } | null>;
  /** True when the path is a file the library knows (only those may be shown in the file manager). */
  knows(path: string): Promise<boolean>;
}

/** Matches per item returned by search; the total is still reported. */
const MAX_MATCHES_PER_ITEM = 50;
const IMAGE_MIME: Readonly<Record<string, string>> = { jpg: 'image/jpeg', jpeg: 'image/jpeg', png: 'image/png', webp: 'image/webp', gif: 'image/gif' };

/** Folds case the same way in every script; NFKC so full-width and composed forms match their plain spellings. */
function fold(text: string): string {
  return text.normalize('NFKC').toLocaleLowerCase();
}

async function sizeIfPresent(path: string): Promise<number | null> {
  try {
    const info = await stat(path);
    return info.isFile() ? info.size : null;
  } catch {
    return null;
  }
}

/**
 * One entry per downloaded video: the newest record of each video wins (an index written by an earlier version can
 * hold one per download). Transcript exports are kept as they are: each is its own file of its own type.
 */
export function oneEntryPerVideo(records: readonly LibraryRecord[]): LibraryRecord[] {
  const newest = new Map<string, LibraryRecord>();
  for (const record of records) {
    if (record.kind !== 'video') continue;
    const kept = newest.get(record.videoId);
    if (!kept || record.savedAt >= kept.savedAt) newest.set(record.videoId, record);
  }
  return records.filter((record) => record.kind !== 'video' || newest.get(record.videoId) === record);
}

export function createOfflineLibrary(deps: { stateDir: string; mediaUrls: MediaUrls; now: () => number; onChange?: (count: number) => void }): OfflineLibrary {
  const store = createLibraryStore(deps.stateDir);
  let items: LibraryRecord[] | null = null;
  // Index writes are serialised so two exports finishing together never lose each other's items.
  let queue: Promise<unknown> = Promise.resolve();
  const serial = <T>(work: () => Promise<T>): Promise<T> => {
    const next = queue.then(work, work);
    queue = next.catch(() => undefined);
    return next;
  };
  const load = async (): Promise<LibraryRecord[]> => (items ??= oneEntryPerVideo(await store.readIndex()));
  const find = async (itemId: string): Promise<LibraryRecord> => {
    const record = (await load()).find((item) => item.itemId === itemId);
    if (!record) throw new HostError('failed', 'This item is no longer in the offline library.');
    return record;
  };
  const changed = () => deps.onChange?.(items?.length ?? 0);

  return {
    add(newItems) {
      return serial(async () => {
        const current = await load();
        const savedAt = new Date(deps.now()).toISOString();
        const records: LibraryRecord[] = [];
        for (const { lines, ...item } of newItems) {
          if (lines && lines.length > 0) await store.writeLines(item.videoId, lines);
          const hasTranscript = (lines?.length ?? 0) > 0 || current.some((other) => other.videoId === item.videoId && other.hasTranscript);
          records.push({ ...item, itemId: randomUUID(), savedAt, thumbnailFile: null, hasTranscript });
        }
        // A video downloaded again replaces its entry (its earlier file stays on disk, untouched).
        items = oneEntryPerVideo([...current, ...records]);
        await store.writeIndex(items);
        changed();
        return records;
      });
    },

    annotate(itemId, details) {
      return serial(async () => {
        const record = (await load()).find((item) => item.itemId === itemId);
        if (!record) return;
        if (details.creator !== undefined) record.creator = details.creator;
        if (details.lines && details.lines.length > 0) {
          await store.writeLines(record.videoId, details.lines);
          record.hasTranscript = true;
        }
        await store.writeIndex(items ?? []);
        changed();
      });
    },

    saveThumbnail(itemId, image, ext) {
      return serial(async () => {
        const record = (await load()).find((item) => item.itemId === itemId);
        if (!record || !IMAGE_MIME[ext]) return;
        await mkdir(store.thumbsDir, { recursive: true });
        const file = join(store.thumbsDir, `${itemId}.${ext}`);
        await writeFile(file, image);
        record.thumbnailFile = file;
        await store.writeIndex(items ?? []);
        changed();
      });
    },

    async list() {
      const records = [...(await load())].reverse();
      return Promise.all(
        records.map(async (record) => {
          const size = await sizeIfPresent(record.filePath);
          return {
            itemId: record.itemId,
            kind: record.kind,
            videoId: record.videoId,
            title: record.title,
            platform: record.platform,
            creator: record.creator,
            size: size ?? record.size,
            savedAt: record.savedAt,
            fileType: record.fileType,
            filePath: record.filePath,
            available: size !== null,
            url: deps.mediaUrls.item(record.itemId),
            thumbnailUrl: record.thumbnailFile ? deps.mediaUrls.thumbnail(record.itemId) : null,
            hasTranscript: record.hasTranscript,
          };
        }),
      );
    },

    async transcript(itemId) {
      const record = await find(itemId);
      return { itemId, videoId: record.videoId, title: record.title, lines: record.hasTranscript ? await store.readLines(record.videoId) : [] };
    },

    async search(query) {
      const needle = fold(query.trim());
      if (needle === '') return [];
      const hits: SearchHit[] = [];
      const seen = new Set<string>();
      for (const record of [...(await load())].reverse()) {
        if (!record.hasTranscript || seen.has(record.videoId)) continue;
        seen.add(record.videoId);
        const matching = (await store.readLines(record.videoId)).filter((line) => fold(line.content).includes(needle));
        if (matching.length === 0) continue;
        hits.push({ itemId: record.itemId, videoId: record.videoId, title: record.title, kind: record.kind, matches: matching.slice(0, MAX_MATCHES_PER_ITEM), totalMatches: matching.length });
      }
      return hits;
    },

    remove(itemId, deleteFile) {
      return serial(async () => {
        const record = await find(itemId);
        items = (items ?? []).filter((item) => item.itemId !== itemId);
        await store.writeIndex(items);
        if (deleteFile) await rm(record.filePath, { force: true });
        if (record.thumbnailFile) await rm(record.thumbnailFile, { force: true });
        if (!items.some((item) => item.videoId === record.videoId && item.hasTranscript)) await store.removeLines(record.videoId);
        changed();
      });
    },

    async resolveMedia(itemId, part) {
      const record = (await load()).find((item) => item.itemId === itemId);
      if (!record) return null;
      if (part === 'thumbnail') {
        if (!record.thumbnailFile) return null;
        return { path: record.thumbnailFile, mime: IMAGE_MIME[extname(record.thumbnailFile).slice(1)] ?? 'application/octet-stream' };
      }
      return { path: record.filePath, mime: record.mime };
    },

    async knows(path) {
      const wanted = resolve(path);
      return (await load()).some((item) => resolve(item.filePath) === wanted);
    },
  };
}
