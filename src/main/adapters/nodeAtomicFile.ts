import { randomBytes } from 'node:crypto';
import { mkdir, open, readFile, rename, rm } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import type { AtomicFile } from '../services/ports';

function isMissing(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as NodeJS.ErrnoException).code === 'ENOENT';
}

/**
 * A file replaced atomically: write a sibling temp file, fsync it, rename it over the target.
 * Rename within one folder is atomic on every OS we ship to, so readers see the old or the new file, never half.
 * `mode` restricts the file to its owner where that matters (the encrypted token file).
 */
export function createAtomicFile(path: string, mode = 0o600): AtomicFile {
  const folder = dirname(path);
  return {
    path,
    async read() {
      try {
        return await readFile(path);
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async write(data) {
      await mkdir(folder, { recursive: true });
      const temp = join(folder, `.${basename(path)}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`);
      const handle = await open(temp, 'w', mode);
      try {
        await handle.writeFile(data);
        await handle.sync();
      } finally {
        await handle.close();
      }
      try {
        await rename(temp, path);
      } catch (error) {
        await rm(temp, { force: true });
        throw error;
      }
    },
    async remove() {
      await rm(path, { force: true });
    },
    async moveAside(name) {
      const target = join(folder, name);
      await rename(path, target);
      return target;
    },
  };
}
