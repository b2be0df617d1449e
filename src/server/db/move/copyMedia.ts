/**
 * Copies a data folder's media files (demo videos, uploads, thumbnails) into the team server's media folder, keeping
 * their relative paths, and proves each copy by its SHA-256: a file whose copy does not hash as its source stops the
 * move. A file already there with the same hash (an earlier, interrupted move) is left as it is.
 */
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';

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

export function sha256OfFile(file: string): string {
  return createHash('sha256').update(readFileSync(file)).digest('hex');
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

export function copyMedia(fromDir: string, toDir: string, onFile: (done: number, total: number) => void = () => undefined): MediaMoveSummary {
  const files = listFiles(fromDir);
  let bytes = 0;
  files.forEach((file, index) => {
    const from = join(fromDir, file);
    const to = join(toDir, file);
    const hash = sha256OfFile(from);
    if (!existsSync(to) || sha256OfFile(to) !== hash) {
      mkdirSync(dirname(to), { recursive: true });
      copyFileSync(from, to);
      if (sha256OfFile(to) !== hash) throw new MediaCopyMismatchError(file);
    }
    bytes += statSync(from).size;
    onFile(index + 1, files.length);
  });
  return { files: files.length, bytes };
}
