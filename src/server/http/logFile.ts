import { closeSync, mkdirSync, openSync, renameSync, statSync, writeSync } from 'node:fs';
import { dirname } from 'node:path';

/** How large the log file grows before it is moved to `<file>.1` (the copy before that is dropped). */
export const LOG_FILE_MAX_BYTES = 10 * 1024 * 1024;

/**
 * A size-capped log file the embedded back end writes its JSON lines to, so the desktop app's and `npm run web`'s
 * console stays quiet: past `maxBytes` it becomes `<path>.1` and a new file starts, so at most twice the cap is ever
 * kept. Lines are written synchronously: a crash loses none, and the embedded back end writes a few lines a second.
 */
export function createLogFile(path: string, maxBytes = LOG_FILE_MAX_BYTES): { write(line: string): void } {
  mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
  let fd = openSync(path, 'a', 0o600);
  let size = statSync(path).size;
  return {
    write(line) {
      const bytes = Buffer.from(line);
      if (size > 0 && size + bytes.length > maxBytes) {
        closeSync(fd);
        renameSync(path, `${path}.1`);
        fd = openSync(path, 'a', 0o600);
        size = 0;
      }
      writeSync(fd, bytes);
      size += bytes.length;
    },
  };
}
