/**
 * File names made from video titles, safe on Windows, macOS and Linux, and never overwriting an existing file.
 */
import { constants } from 'node:fs';
import { access, link, rename, unlink } from 'node:fs/promises';
import { join } from 'node:path';

/** Room left for ` (NNN).ext.part` within the common 255-byte limit of a file name. */
export const MAX_BASE_BYTES = 200;
const RESERVED_WINDOWS = /^(con|prn|aux|nul|com[1-9¹²³]|lpt[1-9¹²³])$/i;
// Path separators, characters Windows refuses, and C0/C1 control characters (incl. DEL).
// eslint-disable-next-line no-control-regex
const UNSAFE = /[<>:"/\\|?*\u0000-\u001f\u007f-\u009f]/g;
const FALLBACK = 'video';

/** Cuts a string to at most `maxBytes` of UTF-8 without splitting a character (or a surrogate pair). */
export function truncateUtf8(text: string, maxBytes: number): string {
  if (Buffer.byteLength(text, 'utf8') <= maxBytes) return text;
  let bytes = 0;
  let out = '';
  for (const char of text) {
    const size = Buffer.byteLength(char, 'utf8');
    if (bytes + size > maxBytes) break;
    bytes += size;
    out += char;
  }
  return out;
}

/**
 * A file-name base (no extension) from a title: unsafe characters become `_`, whitespace runs one space, no leading or
 * trailing dots/spaces, reserved Windows device names suffixed, at most MAX_BASE_BYTES of UTF-8, never empty.
 */
export function safeFileBase(title: string, fallback = FALLBACK): string {
  let name = title.normalize('NFC').replace(UNSAFE, '_').replace(/\s+/g, ' ');
  name = truncateUtf8(name, MAX_BASE_BYTES);
  // Trailing dots and spaces vanish on Windows; leading dots hide files on Unix.
  name = name.replace(/^[\s.]+|[\s.]+$/g, '');
  if (name === '' || /^_+$/.test(name)) name = fallback;
  // "CON", "con.txt" or "CON .x": the part before the first dot must not be a device name.
  const stem = name.split('.')[0]?.trim() ?? '';
  if (RESERVED_WINDOWS.test(stem)) name = `${name}_`;
  return name;
}

/** `base.ext`, then `base (2).ext`, `base (3).ext`… */
export function numberedName(base: string, ext: string, n: number): string {
  const suffix = ext ? `.${ext}` : '';
  return n <= 1 ? `${base}${suffix}` : `${base} (${n})${suffix}`;
}

async function exists(path: string): Promise<boolean> {
  try {
    await access(path, constants.F_OK);
    return true;
  } catch {
    return false;
  }
}

/** The first `base (n).ext` in `dir` for which neither the file nor its `.part` sibling exists (nor `taken` says so). */
export async function freeFileName(dir: string, base: string, ext: string, taken: (path: string) => boolean = () => false): Promise<string> {
  for (let n = 1; n < 10_000; n++) {
    const candidate = join(dir, numberedName(base, ext, n));
    if (!taken(candidate) && !(await exists(candidate)) && !(await exists(`${candidate}.part`))) return candidate;
  }
  throw new Error('No free file name left in the folder.');
}

/**
 * Moves a finished temporary file to the first free `base (n).ext` without ever replacing a file that appeared in the
 * meantime: a hard link fails with EEXIST instead of overwriting; file systems without hard links fall back to rename
 * after a fresh existence check. Answers the final path.
 */
export async function publishFile(tempPath: string, dir: string, base: string, ext: string): Promise<string> {
  for (let n = 1; n < 10_000; n++) {
    // Only finished files count here: a `.part` of another running download may share the name until it finishes.
    const target = join(dir, numberedName(base, ext, n));
    if (await exists(target)) continue;
    try {
      await link(tempPath, target);
      await unlink(tempPath);
      return target;
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'EEXIST') continue;
      if (code !== 'EPERM' && code !== 'ENOTSUP' && code !== 'EXDEV' && code !== 'ENOSYS') throw error;
      if (await exists(target)) continue;
      await rename(tempPath, target);
      return target;
    }
  }
  throw new Error('No free file name left in the folder.');
}
