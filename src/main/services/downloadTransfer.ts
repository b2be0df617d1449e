/**
 * Streams one URL into a partial file with Node streams (never a whole-file buffer), resuming a dropped connection
 * with `Range: bytes=N-` a bounded number of times. Write failures (full disk, I/O error) are not retried.
 */
import { get as httpGet } from 'node:http';
import type { IncomingMessage } from 'node:http';
import { get as httpsGet } from 'node:https';
import { stat } from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import type { Writable } from 'node:stream';
import type { WriteStreams } from './desktopPorts';

export interface TransferOptions {
  /** A fresh absolute URL of the file (asked again when the signed one is refused, e.g. expired). */
  url: (fresh: boolean) => Promise<string>;
  partPath: string;
  writeStreams: WriteStreams;
  signal: AbortSignal;
  /** Absolute bytes on disk and the total size (null while unknown). */
  onProgress: (bytes: number, total: number | null) => void;
  /** Waits between attempts. */
  sleep: (ms: number) => Promise<void>;
  /** Attempts after the first one (default 5). */
  maxResumes?: number;
}

export interface TransferResult {
  bytes: number;
  mime: string | null;
}

/** A failure that retrying cannot fix (write error, refused URL); `cause` keeps the original error. */
export class TransferError extends Error {
  constructor(
    message: string,
    readonly kind: 'disk' | 'http' | 'network',
    readonly code?: string,
  ) {
    super(message);
    this.name = 'TransferError';
  }
}

function request(url: string, headers: Record<string, string>, signal: AbortSignal): Promise<IncomingMessage> {
  const get = url.startsWith('https:') ? httpsGet : httpGet;
  return new Promise((resolve, reject) => {
    const req = get(url, { headers, signal }, resolve);
    req.on('error', reject);
  });
}

async function sizeOf(path: string): Promise<number> {
  try {
    return (await stat(path)).size;
  } catch {
    return 0;
  }
}

function closed(stream: Writable): Promise<void> {
  return new Promise((resolve) => {
    if (stream.closed) resolve();
    else stream.once('close', () => resolve());
  });
}

function totalFrom(res: IncomingMessage, offset: number): number | null {
  const range = /\/(\d+)\s*$/.exec(res.headers['content-range'] ?? '');
  if (range?.[1]) return Number(range[1]);
  const length = Number(res.headers['content-length']);
  return Number.isFinite(length) && res.headers['content-length'] !== undefined ? offset + length : null;
}

/** Downloads into `partPath` (created or continued) and answers the size and MIME type once the file is complete. */
export async function transferToFile(options: TransferOptions): Promise<TransferResult> {
  const maxResumes = options.maxResumes ?? 5;
  let url = await options.url(false);
  let refreshedUrl = false;
  let total: number | null = null;
  let mime: string | null = null;
  let failures = 0;
  let offset = 0;
  for (;;) {
    options.signal.throwIfAborted();
    const res = await request(url, offset > 0 ? { range: `bytes=${offset}-` } : {}, options.signal).catch((error: unknown) => {
      if (options.signal.aborted) throw error;
      return error instanceof Error ? error : new Error(String(error));
    });
    if (res instanceof Error) {
      if (++failures > maxResumes) throw new TransferError('The connection to the server was lost and the download could not be resumed.', 'network');
      await options.sleep(250 * failures);
      continue;
    }
    const status = res.statusCode ?? 0;
    if (status === 416 && total !== null && offset >= total) {
      res.resume();
      return { bytes: offset, mime };
    }
    if (status === 403 && !refreshedUrl) {
      // A signed URL that expired during a long transfer: ask for a fresh one once.
      res.resume();
      refreshedUrl = true;
      url = await options.url(true);
      continue;
    }
    if (status !== 200 && status !== 206) {
      res.resume();
      if (status >= 500 && ++failures <= maxResumes) {
        await options.sleep(250 * failures);
        continue;
      }
      throw new TransferError(status === 403 ? 'The download link expired or was refused.' : `The server answered ${status} to the download.`, 'http');
    }
    // A server that ignores Range sends the whole file again: start over rather than append a duplicate.
    if (status === 200) offset = 0;
    total = totalFrom(res, offset);
    mime ??= res.headers['content-type']?.split(';')[0]?.trim().toLowerCase() ?? null;
    const out = options.writeStreams.open(options.partPath, { start: offset, exclusive: false });
    let written = offset;
    let diskError: NodeJS.ErrnoException | null = null;
    let networkError: unknown = null;
    // pipeline forwards a network error to the file stream too; only the file stream's own errors are disk errors.
    res.on('error', (error) => (networkError ??= error));
    out.on('error', (error: NodeJS.ErrnoException) => {
      // Stream plumbing errors (ERR_STREAM_PREMATURE_CLOSE…) and socket errors mean the connection, not the disk.
      const code = error.code ?? '';
      if (error !== networkError && code !== '' && !code.startsWith('ERR_') && !/^(ECONNRESET|ECONNABORTED|EPIPE|ETIMEDOUT)$/.test(code)) diskError ??= error;
    });
    res.on('data', (chunk: Buffer) => {
      written += chunk.length;
      options.onProgress(written, total);
    });
    try {
      await pipeline(res, out, { signal: options.signal });
    } catch (error) {
      await closed(out);
      if (options.signal.aborted) throw error;
      if (diskError) throw new TransferError((diskError as NodeJS.ErrnoException).message, 'disk', (diskError as NodeJS.ErrnoException).code);
    }
    offset = await sizeOf(options.partPath);
    options.onProgress(offset, total);
    if (total === null || offset >= total) return { bytes: offset, mime };
    if (++failures > maxResumes) throw new TransferError('The connection to the server was lost and the download could not be resumed.', 'network');
    await options.sleep(250 * failures);
  }
}
