import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { isSafeMediaKey, type MediaStore, type StoredMedia } from './mediaStore';

/** Large reads: a multi-gigabyte video goes out in a sixteenth of the reads (and socket writes) of the 64 KiB default. */
const READ_CHUNK_BYTES = 1024 * 1024;
/** Files being written are named so (no extension: never served); they are renamed into place once whole. */
const PARTIAL_PREFIX = '.partial-';

function missing(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException).code;
  return code === 'ENOENT' || code === 'ENOTDIR' || code === 'EISDIR';
}

/** Counts the bytes that pass. */
function byteCounter(counter: { bytes: number }): Transform {
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      counter.bytes += chunk.length;
      done(null, chunk);
    },
  });
}

/** The local media folder (`${dataDir}/media`): the default store, as the back end always kept its media. */
export function createFolderMediaStore(root: string): MediaStore {
  const base = resolve(root);
  const pathOf = (key: string): string => {
    const full = resolve(base, key);
    if (!isSafeMediaKey(key) || !full.startsWith(base + sep)) throw new Error(`Media key "${key}" is outside the media folder.`);
    return full;
  };

  async function* walk(folder: string): AsyncGenerator<StoredMedia> {
    let entries;
    try {
      entries = await readdir(folder, { withFileTypes: true });
    } catch (error) {
      if (missing(error)) return;
      throw error;
    }
    for (const entry of entries.sort((a, b) => (a.name < b.name ? -1 : 1))) {
      const path = join(folder, entry.name);
      if (entry.isDirectory()) yield* walk(path);
      // Partial files are listed too: the move copies what the folder holds and a start-up sweep removes what a crash left.
      else if (entry.isFile()) yield { key: relative(base, path).split(sep).join('/'), size: (await stat(path)).size };
    }
  }

  const head = async (key: string): Promise<{ size: number } | null> => {
    try {
      const found = await stat(pathOf(key));
      return found.isFile() ? { size: found.size } : null;
    } catch (error) {
      if (missing(error)) return null;
      throw error;
    }
  };

  return {
    description: `the media folder ${base}`,
    async put(key, body) {
      const target = pathOf(key);
      await mkdir(dirname(target), { recursive: true, mode: 0o700 });
      const partial = join(dirname(target), `${PARTIAL_PREFIX}${process.pid}-${randomBytes(8).toString('hex')}`);
      const counter = { bytes: 0 };
      try {
        // The workspace's media are its owner's alone (the data folder is private too).
        await pipeline(body, byteCounter(counter), createWriteStream(partial, { flags: 'wx', mode: 0o600 }));
        await rename(partial, target);
      } catch (error) {
        await rm(partial, { force: true });
        throw error;
      }
      return counter.bytes;
    },
    async get(key, range) {
      const path = pathOf(key);
      if (!(await head(key))) return null;
      return createReadStream(path, { highWaterMark: READ_CHUNK_BYTES, ...(range ? { start: range.start, end: range.end } : {}) });
    },
    head,
    async delete(key) {
      await rm(pathOf(key), { force: true });
    },
    list(prefix = '') {
      return (async function* () {
        for await (const item of walk(base)) if (item.key.startsWith(prefix)) yield item;
      })();
    },
    localPath: (key) => pathOf(key),
  };
}
