/**
 * Downloads one URL into a partial file (positioned writes from the socket's own buffers, never a whole-file buffer),
 * resuming a dropped connection with `Range: bytes=N-` a bounded number of times and following redirects. Write
 * failures (full disk, I/O error) are not retried.
 */
import { stat } from 'node:fs/promises';
import type { FileSinks } from './desktopPorts';
import { ConnectionError, streamingGet } from './streamingGet';
import type { StreamedResponse } from './streamingGet';

/** A connection silent for this long is treated as dropped and resumed. */
const IDLE_TIMEOUT_MS = 60_000;
const MAX_REDIRECTS = 5;

export interface TransferOptions {
  /**
   * A fresh absolute URL of the file (asked again when the signed one is refused, e.g. expired), with the other
   * origins the back end says it may redirect to.
   */
  url: (fresh: boolean) => Promise<{ href: string; redirectOrigins?: string[] }>;
  partPath: string;
  fileSinks: FileSinks;
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

async function sizeOf(path: string): Promise<number> {
  try {
    return (await stat(path)).size;
  } catch {
    return 0;
  }
}

function totalFrom(res: StreamedResponse, offset: number): number | null {
  const range = /\/(\d+)\s*$/.exec(res.headers['content-range'] ?? '');
  if (range?.[1]) return Number(range[1]);
  const length = res.headers['content-length'];
  return length !== undefined && /^\d+$/.test(length) ? offset + Number(length) : null;
}

function isDiskError(error: unknown): error is NodeJS.ErrnoException {
  return error instanceof Error && !(error instanceof ConnectionError) && typeof (error as NodeJS.ErrnoException).code === 'string';
}

/** Said when a redirect would leave the signed URL's origin or drop from https to http. */
export const REDIRECT_REFUSED = 'The download was redirected somewhere Reelscope does not trust, so it was stopped. Try again, or ask your administrator to check the storage settings.';

/**
 * The redirect policy of a download: a redirect may not leave https for http, nor go to an origin other than the
 * signed URL's own or one the back end named alongside it. Otherwise whoever controls a redirect (a compromised
 * CDN, a man in the middle of an http hop) could make the app fetch from anywhere.
 */
function redirectTarget(from: string, location: string, signed: { href: string; redirectOrigins?: string[] }): string {
  const next = new URL(location, from);
  const allowed = new Set([new URL(signed.href).origin, ...(signed.redirectOrigins ?? []).map((origin) => safeOrigin(origin))]);
  const downgrade = new URL(from).protocol === 'https:' && next.protocol !== 'https:';
  if (downgrade || (next.protocol !== 'http:' && next.protocol !== 'https:') || !allowed.has(next.origin)) {
    throw new TransferError(REDIRECT_REFUSED, 'http');
  }
  return next.href;
}

function safeOrigin(origin: string): string | null {
  try {
    return new URL(origin).origin;
  } catch {
    return null;
  }
}

/** Downloads into `partPath` (created or continued) and answers the size and MIME type once the file is complete. */
export async function transferToFile(options: TransferOptions): Promise<TransferResult> {
  const maxResumes = options.maxResumes ?? 5;
  let signed = await options.url(false);
  let url = signed.href;
  let refreshedUrl = false;
  let redirects = 0;
  let total: number | null = null;
  let mime: string | null = null;
  let failures = 0;
  let offset = 0;
  const lost = () => new TransferError('The connection to the server was lost and the download could not be resumed.', 'network');
  for (;;) {
    options.signal.throwIfAborted();
    const headers: Record<string, string> = offset > 0 ? { range: `bytes=${offset}-` } : {};
    const res = await streamingGet(url, { headers, signal: options.signal, idleTimeoutMs: IDLE_TIMEOUT_MS }).catch((error: unknown) => {
      if (options.signal.aborted) throw error;
      return error instanceof Error ? error : new Error(String(error));
    });
    if (res instanceof Error) {
      if (++failures > maxResumes) throw lost();
      await options.sleep(250 * failures);
      continue;
    }
    const status = res.status;
    const location = res.headers['location'];
    if (status >= 300 && status < 400 && location && status !== 304) {
      res.discard();
      if (++redirects > MAX_REDIRECTS) throw new TransferError('The download was redirected too many times.', 'http');
      url = redirectTarget(url, location, signed);
      continue;
    }
    if (status === 416 && total !== null && offset >= total) {
      res.discard();
      return { bytes: offset, mime };
    }
    if (status === 403 && !refreshedUrl) {
      // A signed URL that expired during a long transfer: ask for a fresh one once.
      res.discard();
      refreshedUrl = true;
      signed = await options.url(true);
      url = signed.href;
      continue;
    }
    if (status !== 200 && status !== 206) {
      res.discard();
      if (status >= 500 && ++failures <= maxResumes) {
        await options.sleep(250 * failures);
        continue;
      }
      throw new TransferError(status === 403 ? 'The download link expired or was refused.' : `The server answered ${status} to the download.`, 'http');
    }
    // A server that ignores Range sends the whole file again: start over rather than append a duplicate.
    if (status === 206 && offset > 0 && !new RegExp(`^bytes ${offset}-`).test(res.headers['content-range'] ?? '')) {
      res.discard();
      throw new TransferError('The server answered the resumed download with the wrong part of the file.', 'http');
    }
    if (status === 200) offset = 0;
    total = totalFrom(res, offset);
    mime ??= res.headers['content-type']?.split(';')[0]?.trim().toLowerCase() ?? null;
    const file = await options.fileSinks.open(options.partPath, { append: offset > 0 }).catch((error: unknown) => {
      res.discard();
      throw error;
    });
    let position = offset;
    try {
      await res.pipeBody((data, start, length) => {
        const at = position;
        position += length;
        options.onProgress(position, total);
        return file.write(data, start, length, at);
      });
    } catch (error) {
      if (options.signal.aborted) throw error;
      if (isDiskError(error)) throw new TransferError(error.message, 'disk', error.code);
    } finally {
      await file.close().catch(() => undefined);
    }
    offset = await sizeOf(options.partPath);
    options.onProgress(offset, total);
    if (total === null || offset >= total) return { bytes: offset, mime };
    if (++failures > maxResumes) throw lost();
    await options.sleep(250 * failures);
  }
}
