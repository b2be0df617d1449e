import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createBackendClient } from '../../../src/main/services/backendClient';
import { serviceUrls } from '../../../src/main/services/backendLauncher.service';
import { createSecretsService } from '../../../src/main/services/secrets.service';
import { createUploadsService, UPLOAD_TEXTS } from '../../../src/main/services/uploads.service';
import { UPLOAD_MESSAGES } from '../../../src/shared/http/uploads.schemas';
import type { UploadProgress } from '../../../src/shared/ipc/uploads.schemas';
import { normalizeUrl, videoMimeType } from '../../../src/shared/rules';
import { isSubtitleFile, uploadRefusal } from '../../../src/shared/rules/uploads';
import { useTempDir } from './helpers';

const tempDir = useTempDir();

/** A stand-in back end that records every request and every byte it receives. */
const seen = { requests: [] as string[], bytes: 0, contentTypes: [] as string[] };
let origin = '';
const server = createServer((req, res) => {
  seen.requests.push(`${req.method} ${req.url}`);
  if (req.method === 'POST' && req.url?.startsWith('/second/video/create-upload-url/')) {
    req.resume();
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify({
      url: '/media/upload/video-token-0123456789abcdef', subtitleUrl: '/media/upload/subtitle-token-0123456789abcdef', videoId: 'vid-1',
      method: 'PUT', content_type: 'video/mp4', max_bytes: 10_000_000, expires_at: new Date(Date.now() + 3600_000).toISOString(),
    }));
    return;
  }
  seen.contentTypes.push(String(req.headers['content-type']));
  req.on('data', (chunk: Buffer) => (seen.bytes += chunk.length));
  req.on('end', () => {
    const kind = req.url?.includes('subtitle') ? 'subtitle' : 'video';
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify({ videoId: 'vid-1', kind, bytes: 0, analysis_stage: 'pending', message: 'Upload complete. The analysis has started.' }));
  });
});

beforeAll(async () => {
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => {
  server.closeAllConnections();
  return new Promise<void>((done) => server.close(() => done()));
});
beforeEach(() => {
  seen.requests = [];
  seen.bytes = 0;
  seen.contentTypes = [];
});

async function service(readsPaths: boolean) {
  const secrets = createSecretsService({ keychain: null, encrypted: null, allowInsecure: () => false });
  await secrets.set({ jwt: 'a.b.c', refreshToken: 'r' });
  const client = createBackendClient({
    backend: () => ({ mode: 'hosted', origin, urls: serviceUrls(origin), dataDir: null, state: 'running', error: null }),
    secrets, brandId: () => 'brand-1',
  });
  const events: UploadProgress[] = [];
  const uploads = createUploadsService({
    client, readsPaths, streamPrefix: readsPaths ? null : '/__host/uploads', emit: (p) => events.push(p), log: () => undefined, progressEveryMs: 0,
  });
  return { uploads, events };
}

async function until(check: () => boolean): Promise<void> {
  for (let i = 0; i < 200 && !check(); i++) await new Promise((r) => setTimeout(r, 10));
}

describe('upload rules (spec §5)', () => {
  it('accepts only the video MIME map: ogm, ogv, ogg, mp4, webm', () => {
    for (const name of ['a.mp4', 'B.WEBM', 'c.ogv', 'd.ogg', 'e.ogm']) expect(uploadRefusal(name)).toBeNull();
    for (const name of ['a.mov', 'b.mkv', 'c.avi', 'notes.txt', 'mp4', 'clip.mp4.exe']) expect(uploadRefusal(name)).toBe(UPLOAD_MESSAGES.notAVideo);
    expect(videoMimeType('x.mp4')).toBe('video/mp4');
  });
  it('accepts .srt and .vtt beside a video, nothing else', () => {
    expect(isSubtitleFile('a.srt') && isSubtitleFile('b.VTT')).toBe(true);
    expect(uploadRefusal('a.mp4', 'a.srt')).toBeNull();
    expect(uploadRefusal('a.mp4', 'a.txt')).toBe(UPLOAD_MESSAGES.notASubtitle);
  });
  it('prepends http:// to a URL without http or https', () => {
    expect(normalizeUrl('youtube.com/watch?v=abc')).toBe('http://youtube.com/watch?v=abc');
    expect(normalizeUrl('https://youtu.be/abc')).toBe('https://youtu.be/abc');
    expect(normalizeUrl('http://vimeo.com/1')).toBe('http://vimeo.com/1');
  });
});

describe('uploads service', () => {
  it('refuses a file outside the MIME map with a clear message before any request or byte', async () => {
    const { uploads, events } = await service(true);
    const path = join(tempDir(), 'clip.mov');
    writeFileSync(path, Buffer.alloc(4096, 1));
    await expect(uploads.start({ file: { name: 'clip.mov', size: 4096, path } })).rejects.toMatchObject({ code: 'bad_input', message: UPLOAD_MESSAGES.notAVideo });
    await expect(uploads.start({ file: { name: 'clip.mp4', size: 4096, path }, subtitle: { name: 'notes.txt', size: 3, path } })).rejects.toMatchObject({ message: UPLOAD_MESSAGES.notASubtitle });
    expect(seen.requests).toEqual([]);
    expect(seen.bytes).toBe(0);
    expect(events).toEqual([]);
  });

  it('reads a path only when it is an absolute regular file with an allowed extension: no request otherwise', async () => {
    const { uploads, events } = await service(true);
    const dir = tempDir();
    const folder = join(dir, 'folder.mp4');
    mkdirSync(folder);
    // A device behind an allowed name: stat follows the link and sees a character device (endless bytes).
    const device = join(dir, 'zero.mp4');
    symlinkSync('/dev/zero', device);
    const movie = join(dir, 'clip.mov');
    writeFileSync(movie, Buffer.alloc(16, 1));
    const video = join(dir, 'a.mp4');
    writeFileSync(video, Buffer.alloc(16, 1));
    await expect(uploads.start({ file: { name: 'folder.mp4', size: 1, path: folder } })).rejects.toMatchObject({ code: 'bad_input', message: UPLOAD_TEXTS.notAFile });
    await expect(uploads.start({ file: { name: 'zero.mp4', size: 1, path: device } })).rejects.toMatchObject({ code: 'bad_input', message: UPLOAD_TEXTS.notAFile });
    await expect(uploads.start({ file: { name: 'null.mp4', size: 1, path: '/dev/null' } })).rejects.toMatchObject({ code: 'bad_input', message: UPLOAD_MESSAGES.notAVideo });
    // The name the page sends is not trusted: the path's own extension must be allowed too.
    await expect(uploads.start({ file: { name: 'clip.mp4', size: 16, path: movie } })).rejects.toMatchObject({ code: 'bad_input', message: UPLOAD_MESSAGES.notAVideo });
    await expect(uploads.start({ file: { name: 'a.mp4', size: 16, path: video }, subtitle: { name: 'a.srt', size: 16, path: movie } })).rejects.toMatchObject({ message: UPLOAD_MESSAGES.notASubtitle });
    await expect(uploads.start({ file: { name: 'a.mp4', size: 16, path: 'a.mp4' } })).rejects.toMatchObject({ message: UPLOAD_TEXTS.notAFile });
    await expect(uploads.start({ file: { name: 'gone.mp4', size: 16, path: join(dir, 'gone.mp4') } })).rejects.toMatchObject({ message: UPLOAD_TEXTS.notAFile });
    // A subtitle path beside a video without one would leave nothing to read for the video.
    await expect(uploads.start({ file: { name: 'a.mp4', size: 16 }, subtitle: { name: 'a.srt', size: 1, path: join(dir, 'a.srt') } })).rejects.toMatchObject({ message: UPLOAD_TEXTS.notAFile });
    expect(seen.requests).toEqual([]);
    expect(seen.bytes).toBe(0);
    expect(events).toEqual([]);
  });

  it('uses the size on disk, not the one the page sent (a picked path arrives with size 0)', async () => {
    const { uploads, events } = await service(true);
    const path = join(tempDir(), 'picked.webm');
    writeFileSync(path, Buffer.alloc(5000, 2));
    await uploads.start({ file: { name: 'picked.webm', size: 0, path } });
    await until(() => events.at(-1)?.phase === 'done');
    expect(events[0]).toMatchObject({ phase: 'waiting', total: 5000 });
    expect(events.at(-1)).toMatchObject({ phase: 'done', bytes: 5000, total: 5000 });
    expect(seen.bytes).toBe(5000);
  });

  it('streams the subtitle and then the video from disk with progress, and reports done', async () => {
    const { uploads, events } = await service(true);
    const dir = tempDir();
    writeFileSync(join(dir, 'a.mp4'), Buffer.alloc(3_000_000, 7));
    writeFileSync(join(dir, 'a.srt'), '1\n00:00:00,000 --> 00:00:02,000\nHello\n');
    const started = await uploads.start({ file: { name: 'a.mp4', size: 3_000_000, path: join(dir, 'a.mp4') }, subtitle: { name: 'a.srt', size: 39, path: join(dir, 'a.srt') } });
    expect(started).toMatchObject({ videoId: 'vid-1', stream: null });
    await until(() => events.at(-1)?.phase === 'done');
    expect(events.at(-1)).toMatchObject({ phase: 'done', bytes: 3_000_000, total: 3_000_000, message: 'Upload complete. The analysis has started.' });
    expect(events.some((e) => e.phase === 'video' && e.bytes > 0 && e.bytes < 3_000_000)).toBe(true);
    expect(seen.requests.slice(1).map((r) => r.split('?')[0])).toEqual(['PUT /media/upload/subtitle-token-0123456789abcdef', 'PUT /media/upload/video-token-0123456789abcdef']);
    expect(seen.contentTypes).toEqual(['application/x-subrip', 'video/mp4']);
    expect(seen.bytes).toBe(3_000_000 + 38);
  });

  it('in the web host refuses paths (a page must not make the host read the disk) and answers stream routes', async () => {
    const { uploads } = await service(false);
    await expect(uploads.start({ file: { name: 'a.mp4', size: 1, path: '/etc/passwd.mp4' } })).rejects.toMatchObject({ message: UPLOAD_TEXTS.noPathsInBrowser });
    expect(seen.requests).toEqual([]);
    const started = await uploads.start({ file: { name: 'a.mp4', size: 1 }, subtitle: { name: 'a.vtt', size: 1 } });
    expect(started.stream).toEqual({ video: `/__host/uploads/${started.uploadId}/video`, subtitle: `/__host/uploads/${started.uploadId}/subtitle` });
  });

  it('cancel stops the transfer and leaves a retryable upload', async () => {
    const { uploads, events } = await service(false);
    const started = await uploads.start({ file: { name: 'a.mp4', size: 1_000_000 } });
    const { PassThrough } = await import('node:stream');
    const body = new PassThrough();
    const receiving = uploads.receive(started.uploadId, 'video', body, 1_000_000);
    body.write(Buffer.alloc(1000));
    await until(() => events.some((e) => e.bytes > 0));
    uploads.cancel(started.uploadId);
    expect((await receiving).phase).toBe('cancelled');
    expect(events.at(-1)).toMatchObject({ phase: 'cancelled', message: UPLOAD_TEXTS.cancelled });
    const retry = await uploads.start({ file: { name: 'a.mp4', size: 1_000_000 }, videoId: started.videoId });
    expect(retry.videoId).toBe(started.videoId);
  });
});
