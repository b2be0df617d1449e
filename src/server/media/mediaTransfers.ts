import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { extname, join } from 'node:path';
import { PassThrough, type Readable, type Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { MediaStoreUnavailableError, type MediaStore } from './mediaStore';

/**
 * Streams `source` through `through` (size limits, counters) into the store under `key`; resolves to the bytes stored.
 * A failure of the source side (a limit passed, a client gone) is what it throws, unless the store itself did not
 * answer (then the 503): the caller answers the first cause, not a premature-close echo of it.
 */
export async function putThrough(store: MediaStore, key: string, source: Readable, through: Transform[], contentType?: string): Promise<number> {
  const body = new PassThrough();
  const feeding = pipeline([source, ...through, body]);
  const putting = store.put(key, body, contentType).catch((error: unknown) => {
    // Nothing reads the body any more: end the feeding side too, or it would wait for ever.
    body.destroy();
    throw error;
  });
  const [fed, put] = await Promise.allSettled([feeding, putting]);
  if (put.status === 'rejected' && put.reason instanceof MediaStoreUnavailableError) throw put.reason;
  if (fed.status === 'rejected') throw fed.reason;
  if (put.status === 'rejected') throw put.reason;
  return put.value;
}

/**
 * Runs `use` with a path on this machine holding the object (tools such as ffmpeg read files): the object itself in
 * the media folder, or a temporary copy of a bucket's object, removed afterwards. `use` gets null when there is no
 * such object.
 */
export async function withLocalCopy<T>(store: MediaStore, key: string, use: (path: string | null) => Promise<T>): Promise<T> {
  const local = store.localPath(key);
  if (local !== null) return use(local);
  const body = await store.get(key);
  if (!body) return use(null);
  const dir = await mkdtemp(join(tmpdir(), 'reelscope-media-'));
  try {
    const path = join(dir, `copy${extname(key)}`);
    await pipeline(body, createWriteStream(path, { mode: 0o600 }));
    return await use(path);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** The whole object as text (a subtitle file), or null when there is none. */
export async function readMediaText(store: MediaStore, key: string): Promise<string | null> {
  const body = await store.get(key);
  if (!body) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string));
  return Buffer.concat(chunks).toString('utf8');
}
