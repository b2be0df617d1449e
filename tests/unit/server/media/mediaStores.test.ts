// No database (not in bothEngineTests.ts): it tests the media folder and the bucket, which serve either engine alike.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyMedia } from '../../../../src/server/db/move/copyMedia';
import { chooseMediaStores } from '../../../../src/server/media/chooseMediaStore';
import type { MediaStore } from '../../../../src/server/media/mediaStore';
import { startLocalBucket, type LocalBucket } from '../support/localBucket';

async function text(store: MediaStore, key: string, range?: { start: number; end: number }): Promise<string | null> {
  const body = await store.get(key, range);
  if (!body) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

describe('the two media stores behave alike', () => {
  let bucket: LocalBucket;
  let dataDir: string;
  let stores: { name: string; store: MediaStore }[];

  beforeAll(async () => {
    bucket = await startLocalBucket();
    dataDir = mkdtempSync(join(tmpdir(), 'reelscope-stores-'));
    stores = [
      { name: 'folder', store: chooseMediaStores({}, dataDir).media! },
      { name: 'bucket', store: chooseMediaStores(bucket.env, dataDir).media! },
    ];
  });
  afterAll(async () => {
    await bucket?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('puts, reads ranges, heads, lists and deletes by key', async () => {
    for (const { name, store } of stores) {
      expect(await store.put('uploads/a.mp4', Readable.from([Buffer.from('0123'), Buffer.from('456789')])), name).toBe(10);
      await store.put('thumbnails/a.jpg', Readable.from([Buffer.from('jpg')]));
      expect(await store.head('uploads/a.mp4'), name).toEqual({ size: 10 });
      expect(await store.head('uploads/missing.mp4'), name).toBeNull();
      expect(await text(store, 'uploads/a.mp4', { start: 2, end: 5 }), name).toBe('2345');
      expect(await text(store, 'uploads/missing.mp4'), name).toBeNull();
      const listed = [];
      for await (const item of store.list('uploads/')) listed.push(item);
      expect(listed, name).toEqual([{ key: 'uploads/a.mp4', size: 10 }]);
      await store.delete('uploads/a.mp4');
      await store.delete('uploads/a.mp4');
      expect(await store.head('uploads/a.mp4'), name).toBeNull();
    }
    // The default is the data folder's media, exactly where the back end always kept them.
    expect(readFileSync(join(dataDir, 'media', 'thumbnails', 'a.jpg'), 'utf8')).toBe('jpg');
    expect(await bucket.keys()).toEqual(['thumbnails/a.jpg']);
  });

  it('keeps publish payloads apart from the media: their own folder, or a prefix of the bucket', async () => {
    const folder = chooseMediaStores({}, dataDir).payloads;
    const inBucket = chooseMediaStores(bucket.env, dataDir).payloads;
    await folder.store.put('p.json', Readable.from([Buffer.from('{}')]));
    await inBucket.store.put('p.json', Readable.from([Buffer.from('{}')]));
    expect(readFileSync(join(dataDir, 'publish-payloads', 'p.json'), 'utf8')).toBe('{}');
    expect(await bucket.keys('publish-payloads/')).toEqual(['publish-payloads/p.json']);
    const listed = [];
    for await (const item of inBucket.store.list()) listed.push(item.key);
    expect(listed).toEqual(['p.json']);
    expect([folder.owned, inBucket.owned, chooseMediaStores({}, undefined).payloads.owned]).toEqual([true, true, false]);
  });

  it('moves a data folder\'s media into the bucket, each copy checked, and a second run copies nothing new', async () => {
    const from = join(dataDir, 'embedded-media');
    mkdirSync(join(from, 'uploads'), { recursive: true });
    writeFileSync(join(from, 'uploads', 'v.mp4'), 'video bytes');
    writeFileSync(join(from, 'logo.png'), 'png');
    const store = stores[1]!.store;
    expect(await copyMedia(from, store)).toEqual({ files: 2, bytes: 14 });
    expect(await text(store, 'uploads/v.mp4')).toBe('video bytes');
    expect(await copyMedia(from, store)).toEqual({ files: 2, bytes: 14 });
    expect(await bucket.keys('uploads/')).toEqual(['uploads/v.mp4']);
  });
});
