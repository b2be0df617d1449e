/**
 * Serving an offline file with HTTP Range semantics, shared by Electron's reelscope-media:// protocol and the web
 * host's /__host/media route: status, headers and a file stream of just the requested bytes.
 */
import { createReadStream } from 'node:fs';
import type { ReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';

export interface RangedFile {
  status: 200 | 206 | 404 | 416;
  headers: Record<string, string>;
  /** The bytes to send; null for 404 and 416. */
  body: ReadStream | null;
}

/** Parses one `bytes=a-b` / `bytes=a-` / `bytes=-n` range against a size; null = whole file. */
export function parseByteRange(header: string | null | undefined, size: number): { start: number; end: number } | 'unsatisfiable' | null {
  const match = header ? /^bytes=(\d*)-(\d*)$/.exec(header.trim()) : null;
  if (!match) return null;
  const [, from = '', to = ''] = match;
  if (from === '' && to === '') return null;
  if (from === '') {
    const suffix = Number(to);
    return suffix === 0 || size === 0 ? 'unsatisfiable' : { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(from);
  const end = to === '' ? size - 1 : Math.min(Number(to), size - 1);
  return start >= size || end < start ? 'unsatisfiable' : { start, end };
}

/** Opens `path` for a response honouring `rangeHeader`; a missing file answers 404. */
export async function openRangedFile(path: string, mime: string, rangeHeader: string | null | undefined): Promise<RangedFile> {
  let size: number;
  try {
    const info = await stat(path);
    if (!info.isFile()) return { status: 404, headers: {}, body: null };
    size = info.size;
  } catch {
    return { status: 404, headers: {}, body: null };
  }
  const base = { 'content-type': mime, 'accept-ranges': 'bytes', 'cache-control': 'no-store', 'x-content-type-options': 'nosniff' };
  const range = parseByteRange(rangeHeader, size);
  if (range === 'unsatisfiable') return { status: 416, headers: { ...base, 'content-range': `bytes */${size}` }, body: null };
  if (!range) return { status: 200, headers: { ...base, 'content-length': String(size) }, body: createReadStream(path) };
  return {
    status: 206,
    headers: { ...base, 'content-length': String(range.end - range.start + 1), 'content-range': `bytes ${range.start}-${range.end}/${size}` },
    body: createReadStream(path, { start: range.start, end: range.end }),
  };
}
