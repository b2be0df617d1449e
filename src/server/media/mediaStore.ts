import type { Readable } from 'node:stream';
import { HttpError } from '../http/httpError';
import { HTTP_MESSAGES } from '../http/httpMessages';
import type { ByteRange } from '../routes/media/fileRange';

/** One stored media object: its key (a relative path such as `uploads/<id>.mp4`) and its size in bytes. */
export interface StoredMedia {
  key: string;
  size: number;
}

/**
 * Where the back end keeps its media (uploads, thumbnails, logos, banners, product pictures, demo files): the local
 * media folder, or an S3-compatible bucket. Chosen once at start (chooseMediaStore) and handed to the routes through
 * the server context; nothing else knows which. Keys are relative paths with `/` separators.
 */
export interface MediaStore {
  /** Where the media live, for start-up lines and the move command ("the folder /x", "bucket b at https://…"). */
  readonly description: string;
  /** Stores the stream's bytes under `key`; readers see the whole object or none of it. Resolves to the bytes stored. */
  put(key: string, body: Readable, contentType?: string): Promise<number>;
  /** The object's bytes, or only the inclusive `range`; null when there is no such object. */
  get(key: string, range?: ByteRange): Promise<Readable | null>;
  /** The object's size, or null when there is no such object. */
  head(key: string): Promise<{ size: number } | null>;
  /** Removes the object; removing one that is not there is not an error. */
  delete(key: string): Promise<void>;
  /** Every object whose key starts with `prefix` (all of them without one). */
  list(prefix?: string): AsyncIterable<StoredMedia>;
  /**
   * A path on this machine where a tool (ffmpeg) can read the object in place, or null when it lives elsewhere and
   * must be copied first (see withLocalCopy).
   */
  localPath(key: string): string | null;
}

/** The store did not answer (a bucket server down or unreachable): 503 with one sentence, the cause kept for the log. */
export class MediaStoreUnavailableError extends HttpError {
  constructor(cause: unknown) {
    super(503, HTTP_MESSAGES.mediaStoreDown);
    this.name = 'MediaStoreUnavailableError';
    this.cause = cause;
  }
}

/** A key that stays inside the store: relative, no `..`, empty or `.` segments, backslashes or NUL. */
export function isSafeMediaKey(key: string): boolean {
  return key !== '' && key.length <= 1000 && !key.includes('\0') && !key.includes('\\') && !key.split('/').some((part) => part === '..' || part === '.' || part === '');
}
