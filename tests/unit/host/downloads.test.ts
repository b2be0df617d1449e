import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { createServer as createHttpServer, request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../../src/shared/messages';
import { createFileSinks } from '../../../src/main/adapters/fileSinks';
import { createOfflineLibrary } from '../../../src/main/services/offlineLibrary.service';
import type { Backend } from './desktopFixture';
import { createHarness, ownVideo, startBackend } from './desktopFixture';

const sha256 = (file: string) => createHash('sha256').update(readFileSync(file)).digest('hex');
const probeStreams = (file: string) =>
  (JSON.parse(execFileSync('ffprobe', ['-v', 'error', '-show_entries', 'stream=codec_type', '-of', 'json', file], { encoding: 'utf8' })) as { streams: { codec_type: string }[] }).streams.map((s) => s.codec_type);

type Mode = 'pass' | 'drop-once' | 'stall';

/** A loopback proxy in front of the back end that can cut or stall the first signed media response half-way. */
async function startProxy(target: string, mode: () => Mode): Promise<{ url: string; server: Server; ranges: string[] }> {
  const ranges: string[] = [];
  let dropped = false;
  const server = createHttpServer((req: IncomingMessage, res: ServerResponse) => {
    const upstream = httpRequest(`${target}${req.url}`, { method: req.method, headers: { ...req.headers, host: new URL(target).host } }, (up) => {
      const isMedia = (req.url ?? '').startsWith('/media/signed/');
      if (isMedia) ranges.push(String(req.headers.range ?? ''));
      res.writeHead(up.statusCode ?? 502, up.headers);
      const length = Number(up.headers['content-length'] ?? 0);
      const cut = isMedia && ((mode() === 'drop-once' && !dropped) || mode() === 'stall');
      if (!cut) return void up.pipe(res);
      let sent = 0;
      up.on('data', (chunk: Buffer) => {
        if (sent >= length / 2) return;
        const part = chunk.subarray(0, Math.max(0, Math.ceil(length / 2) - sent));
        sent += part.length;
        res.write(part);
        if (sent >= length / 2) {
          up.destroy();
          if (mode() === 'drop-once') {
            dropped = true;
            // Let the bytes reach the client, then drop the connection mid-transfer.
            setImmediate(() => res.socket?.destroy());
          }
        }
      });
    });
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return { url: `http://127.0.0.1:${port}`, server, ranges };
}

describe('video downloads through the real back end', () => {
  let backend: Backend;
  let root: string;
  beforeAll(async () => {
    backend = await startBackend();
  });
  afterAll(async () => {
    await backend?.close();
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));
  const freshRoot = () => (root = mkdtempSync(join(tmpdir(), 'reelscope-dl-')));

  it('saves an own-storage video that ffprobe reads, named after the title, byte-identical to the source', async () => {
    const h = await createHarness(freshRoot(), backend.server.url, backend);
    const video = ownVideo(backend);
    const { downloadId } = await h.desktop.downloads.start({ videoId: video.id, title: video.title, platform: video.platform });
    const end = await h.desktop.downloads.settled(downloadId);
    expect(end.state, end.error).toBe('completed');
    expect(end.filePath!.startsWith(h.downloadDir)).toBe(true);
    expect(probeStreams(end.filePath!)).toEqual(expect.arrayContaining(['video', 'audio']));
    expect(sha256(end.filePath!)).toBe(sha256(join(backend.dataDir, 'media', video.mediaFile)));
    expect(readdirSync(h.downloadDir).some((name) => name.endsWith('.part'))).toBe(false);
    const states = h.events.filter((e) => e.event === 'downloads.progress').map((e) => (e.payload as { state: string }).state);
    expect(states[0]).toBe('queued');
    expect(states.at(-1)).toBe('completed');
    expect(h.notified).toEqual([end.filePath]);
    const items = await h.desktop.library.list();
    expect(items[0]).toMatchObject({ kind: 'video', videoId: video.id, filePath: end.filePath, available: true });
  });

  it('refuses YouTube with the spec message and ignores a second start while one runs', async () => {
    const h = await createHarness(freshRoot(), backend.server.url, backend);
    await expect(h.desktop.downloads.start({ videoId: 'x', title: 't', platform: 'Youtube' })).rejects.toThrow(MESSAGES.downloadUnsupported);
    const video = ownVideo(backend);
    const first = await h.desktop.downloads.start({ videoId: video.id, title: video.title, platform: video.platform });
    const second = await h.desktop.downloads.start({ videoId: video.id, title: video.title, platform: video.platform });
    expect(second.downloadId).toBe(first.downloadId);
    await h.desktop.downloads.settled(first.downloadId);
    expect(h.desktop.downloads.list()).toHaveLength(1);
  });

  it('saves a hostile title safely inside the folder and never overwrites: the second copy is "(2)"', async () => {
    const h = await createHarness(freshRoot(), backend.server.url, backend);
    const video = ownVideo(backend);
    const title = '../../CON<>:"|?*';
    const paths: string[] = [];
    for (let i = 0; i < 2; i++) {
      const { downloadId } = await h.desktop.downloads.start({ videoId: video.id, title, platform: video.platform });
      paths.push((await h.desktop.downloads.settled(downloadId)).filePath!);
    }
    const names = readdirSync(h.downloadDir).sort();
    expect(names).toHaveLength(2);
    for (const name of names) expect(name).not.toMatch(/[<>:"|?*/\\]/);
    expect(paths.every((path) => path.startsWith(`${h.downloadDir}/`))).toBe(true);
    const ext = paths[0]!.split('.').pop();
    expect(paths[1]!.endsWith(` (2).${ext}`)).toBe(true);
    expect(readdirSync(root)).not.toContain('CON');
  });

  it('keeps one library entry per video: a second download replaces the first entry, and duplicates an earlier version indexed collapse to the newest', async () => {
    const h = await createHarness(freshRoot(), backend.server.url, backend);
    const video = ownVideo(backend);
    const saved: string[] = [];
    for (let i = 0; i < 2; i++) {
      const { downloadId } = await h.desktop.downloads.start({ videoId: video.id, title: video.title, platform: video.platform });
      saved.push((await h.desktop.downloads.settled(downloadId)).filePath!);
    }
    const videos = (await h.desktop.library.list()).filter((item) => item.kind === 'video' && item.videoId === video.id);
    expect(videos).toHaveLength(1);
    expect(videos[0]!.filePath).toBe(saved[1]);
    // Both files stay on disk: replacing an entry never deletes what the person has.
    expect(readdirSync(h.downloadDir)).toHaveLength(2);

    // An index from an earlier version, with the video twice: the library opened on it lists it once, the newest.
    const indexPath = join(h.stateDir, 'library', 'index.json');
    const index = JSON.parse(readFileSync(indexPath, 'utf8')) as { version: number; items: { itemId: string; savedAt: string }[] };
    const older = { ...index.items[0]!, itemId: 'older-copy', savedAt: '2020-01-01T00:00:00.000Z' };
    writeFileSync(indexPath, JSON.stringify({ ...index, items: [older, ...index.items] }));
    const reopened = createOfflineLibrary({ stateDir: h.stateDir, mediaUrls: { item: (id) => id, thumbnail: (id) => id }, now: Date.now });
    const listed = (await reopened.list()).filter((item) => item.kind === 'video' && item.videoId === video.id);
    expect(listed.map((item) => item.itemId)).toEqual([videos[0]!.itemId]);
  });

  it('resumes a dropped connection with Range and the result is byte-identical', async () => {
    const proxy = await startProxy(backend.server.url, () => 'drop-once');
    try {
      const h = await createHarness(freshRoot(), proxy.url, backend);
      const video = ownVideo(backend);
      const { downloadId } = await h.desktop.downloads.start({ videoId: video.id, title: video.title, platform: video.platform });
      const end = await h.desktop.downloads.settled(downloadId);
      expect(end.state, end.error).toBe('completed');
      expect(proxy.ranges[0]).toBe('');
      expect(proxy.ranges[1]).toMatch(/^bytes=\d+-$/);
      expect(Number(/\d+/.exec(proxy.ranges[1]!)![0])).toBeGreaterThan(0);
      expect(sha256(end.filePath!)).toBe(sha256(join(backend.dataDir, 'media', video.mediaFile)));
    } finally {
      proxy.server.closeAllConnections();
      proxy.server.close();
    }
  });

  it('cancel stops a running download and leaves no partial file', async () => {
    const proxy = await startProxy(backend.server.url, () => 'stall');
    try {
      const h = await createHarness(freshRoot(), proxy.url, backend);
      const video = ownVideo(backend);
      const { downloadId } = await h.desktop.downloads.start({ videoId: video.id, title: video.title, platform: video.platform });
      // Wait until bytes have been written, so there is a partial file to remove.
      const partSize = () => (existsSync(h.downloadDir) ? readdirSync(h.downloadDir) : []).filter((n) => n.endsWith('.part')).map((n) => statSync(join(h.downloadDir, n)).size)[0] ?? 0;
      while (partSize() === 0) await new Promise((r) => setTimeout(r, 10));
      await h.desktop.downloads.cancel(downloadId);
      expect((await h.desktop.downloads.settled(downloadId)).state).toBe('canceled');
      expect(readdirSync(h.downloadDir)).toEqual([]);
    } finally {
      proxy.server.closeAllConnections();
      proxy.server.close();
    }
  });

  it('a full disk fails with a plain message and leaves nothing half-written', async () => {
    const real = createFileSinks();
    const h = await createHarness(freshRoot(), backend.server.url, backend, {
      fileSinks: {
        // The first write reaches the disk, then the "disk" is full.
        async open(path, options) {
          const file = await real.open(path, options);
          let writes = 0;
          return {
            async write(data, offset, length, position) {
              if (writes++ === 0) return file.write(data, offset, length, position);
              throw Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });
            },
            close: () => file.close(),
          };
        },
      },
    });
    const video = ownVideo(backend);
    const { downloadId } = await h.desktop.downloads.start({ videoId: video.id, title: video.title, platform: video.platform });
    const end = await h.desktop.downloads.settled(downloadId);
    expect(end).toMatchObject({ state: 'failed', error: 'There is not enough free space on the disk to save this video.' });
    expect(readdirSync(h.downloadDir)).toEqual([]);
    expect(await h.desktop.library.list()).toEqual([]);
  });
});
