/**
 * Copies a data folder's media files (demo videos, uploads, thumbnails) into the team server's media store, keeping
 * their relative paths, and proves each copy by its SHA-256: a file whose copy does not hash as its source stops the
 * move. A file already there with the same hash (an earlier, interrupted move) is left as it is.
 */
import { createHash } from 'node:crypto';
import { createReadStream, existsSync, readdirSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import type { MediaStore } from '../../media/mediaStore';

export interface MediaMoveSummary {
  files: number;
  bytes: number;
}

/** Raised when a copied file does not hash as its source; the message is the one sentence to print. */
export class MediaCopyMismatchError extends Error {
  constructor(file: string) {
    super(`The copy of media file ${file} does not match the original (SHA-256 differs): check the disk of the media folder and run the move again.`);
    this.name = 'MediaCopyMismatchError';
  }
}

/** The file's SHA-256, read as a stream (an uploaded video may be gigabytes). */
export async function sha256OfFile(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/** Every file under `dir`, as paths relative to it (sorted); none when the folder does not exist. */
export function listFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  const found: string[] = [];
  const walk = (folder: string): void => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const path = join(folder, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.isFile()) found.push(relative(dir, path));
    }
  };
  walk(dir);
  return found.sort();
}

/** The SHA-256 of a stored object, or null when the store has no such object. */
async function sha256OfStored(store: MediaStore, key: string): Promise<string | null> {
  const body = await store.get(key);
  if (!body) return null;
  const hash = createHash('sha256');
  for await (const chunk of body) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/**
 * Copies every file of `fromDir` into the team server's media store (its media folder, or the bucket REELSCOPE_S3_*
 * names), under the same relative path, and proves each copy by reading it back.
 */
export async function copyMedia(fromDir: string, to: MediaStore, onFile: (done: number, total: number) => void = () => undefined): Promise<MediaMoveSummary> {
  const files = listFiles(fromDir);
  let bytes = 0;
  for (const [index, file] of files.entries()) {
    const from = join(fromDir, file);
    const key = file.split(sep).join('/');
    const hash = await sha256OfFile(from);
    if ((await sha256OfStored(to, key)) !== hash) {
      await to.put(key, createReadStream(from));
      if ((await sha256OfStored(to, key)) !== hash) throw new MediaCopyMismatchError(file);
    }
    bytes += statSync(from).size;
    onFile(index + 1, files.length);
  }
  return { files: files.length, bytes };
}
