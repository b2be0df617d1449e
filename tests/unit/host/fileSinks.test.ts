import { randomBytes } from 'node:crypto';
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createFileSinks } from '../../../src/main/adapters/fileSinks';
import { useTempDir } from './helpers';

const tempDir = useTempDir('reelscope-sinks-');
const MiB = 1024 * 1024;

/** Writes `source` in 1 MiB pieces from a shared buffer, several in flight at once, as the download client does. */
async function writeInPieces(sinks: ReturnType<typeof createFileSinks>, path: string, source: Buffer): Promise<void> {
  const sink = await sinks.open(path, { append: false });
  const shared = Buffer.from(new SharedArrayBuffer(source.length));
  source.copy(shared);
  const writes: Promise<void>[] = [];
  for (let at = 0; at < source.length; at += MiB) writes.push(sink.write(shared, at, Math.min(MiB, source.length - at), at));
  await Promise.all(writes);
  await sink.close();
}

describe('download files: blocking writes while the disk keeps up, a writer thread once it does not', () => {
  it('writes a file byte-identical on the fast path', async () => {
    const source = randomBytes(5 * MiB + 123);
    const path = join(tempDir(), 'fast.mp4');
    await writeInPieces(createFileSinks(), path, source);
    expect(readFileSync(path).equals(source)).toBe(true);
  });

  it('hands the rest of the file to the writer thread after a slow write, and the file is still byte-identical', async () => {
    const source = randomBytes(6 * MiB + 7);
    const path = join(tempDir(), 'slow.mp4');
    // Every write counts as slow: the first goes out on this thread, the rest through the writer thread.
    await writeInPieces(createFileSinks({ slowWriteMs: -1 }), path, source);
    expect(readFileSync(path).equals(source)).toBe(true);
  });

  it('reports a full disk (/dev/full) with its code', async () => {
    const sink = await createFileSinks().open('/dev/full', { append: true });
    await expect(sink.write(Buffer.from(new SharedArrayBuffer(64)), 0, 64, 0)).rejects.toMatchObject({ code: 'ENOSPC' });
    await sink.close();
  });

  it('passes on the writer thread failures with their code (the file vanished before the thread opened it)', async () => {
    const path = join(tempDir(), 'gone.mp4');
    const sink = await createFileSinks({ slowWriteMs: -1 }).open(path, { append: false });
    const data = Buffer.from(new SharedArrayBuffer(64));
    await sink.write(data, 0, 64, 0);
    rmSync(path);
    await expect(sink.write(data, 0, 64, 64)).rejects.toMatchObject({ code: 'ENOENT' });
    await sink.close();
  });
});
