import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { UPLOAD_MESSAGES, UPLOAD_URL_TTL_MS } from '../../../../src/shared/http/uploads.schemas';
import { openUploadWorkspace, type UploadWorkspace } from './support/uploadWorkspace';

let w: UploadWorkspace;
afterEach(async () => w?.close());

const uploadsDir = (): string => join(w.dataDir, 'media', 'uploads');
const storedFiles = (): string[] => (existsSync(uploadsDir()) ? readdirSync(uploadsDir()) : []);

async function createUrl(name = 'clip.mp4'): Promise<{ url: string; subtitleUrl: string; videoId: string; content_type: string; max_bytes: number }> {
  const response = await w.inject('POST', `/second/video/create-upload-url/${encodeURIComponent(name)}`, {});
  expect(response.statusCode).toBe(200);
  return response.json();
}

/**
 * Sends headers announcing `declared` bytes and one 64 KiB chunk over real loopback HTTP, then waits for the answer
 * without sending more: an answer proves the server decided before reading the body.
 */
function putWithoutFinishing(base: string, path: string, headers: Record<string, string | number>, declared: number): Promise<{ status: number; body: string; sent: number }> {
  return new Promise((resolve, reject) => {
    const chunk = Buffer.alloc(64 * 1024, 1);
    const req = request(`${base}${path}`, { method: 'PUT', headers: { ...headers, 'content-length': declared } }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (text: string) => (body += text));
      res.on('end', () => {
        resolve({ status: res.statusCode ?? 0, body, sent: chunk.length });
        req.destroy();
      });
    });
    req.on('error', (error: NodeJS.ErrnoException) => (error.code === 'ECONNRESET' || error.code === 'EPIPE' ? undefined : reject(error)));
    req.write(chunk);
  });
}

describe('PUT /media/upload/:token (one-time upload target)', () => {
  it('refuses a non-video with 415 before reading the body: the answer arrives while the client is still sending, nothing is stored', async () => {
    w = await openUploadWorkspace();
    const refusedName = await w.inject('POST', '/second/video/create-upload-url/notes.txt', {});
    expect([refusedName.statusCode, refusedName.json().message]).toEqual([415, UPLOAD_MESSAGES.notAVideo]);

    const target = await createUrl();
    await w.app.listen({ host: '127.0.0.1', port: 0 });
    const address = w.app.server.address();
    const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    const gib = 1024 ** 3;
    const wrongType = await putWithoutFinishing(base, target.url, { 'content-type': 'application/x-msdownload' }, gib);
    expect(wrongType.status).toBe(415);
    expect(JSON.parse(wrongType.body).message).toBe(UPLOAD_MESSAGES.notAVideo);
    expect(wrongType.sent).toBeLessThan(gib);
    expect(storedFiles()).toEqual([]);
    // The ticket was not used up by the refusal: the right type still goes through.
    const ok = await w.app.inject({ method: 'PUT', url: target.url, payload: Buffer.from('video bytes'), headers: { 'content-type': 'video/mp4' } });
    expect(ok.json()).toMatchObject({ videoId: target.videoId, kind: 'video', bytes: 11, analysis_stage: 'pending' });
    expect(readFileSync(join(uploadsDir(), `${target.videoId}.mp4`), 'utf8')).toBe('video bytes');
  });

  it('answers 413 above the configured limit: by Content-Length before reading, and while streaming a chunked body', async () => {
    w = await openUploadWorkspace({ uploadMaxBytes: 1000 });
    const target = await createUrl('big.webm');
    expect(target).toMatchObject({ content_type: 'video/webm', max_bytes: 1000 });
    const declared = await w.app.inject({ method: 'PUT', url: target.url, payload: Buffer.alloc(1001), headers: { 'content-type': 'video/webm' } });
    expect([declared.statusCode, declared.json().message]).toEqual([413, UPLOAD_MESSAGES.tooLarge]);

    await w.app.listen({ host: '127.0.0.1', port: 0 });
    const address = w.app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const chunked = await new Promise<number>((resolve, reject) => {
      const req = request({ host: '127.0.0.1', port, path: target.url, method: 'PUT', headers: { 'content-type': 'video/webm', 'transfer-encoding': 'chunked' } }, (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      });
      req.on('error', (error: NodeJS.ErrnoException) => (error.code === 'ECONNRESET' || error.code === 'EPIPE' ? undefined : reject(error)));
      req.write(Buffer.alloc(600));
      req.end(Buffer.alloc(600));
    });
    expect(chunked).toBe(413);
    expect(storedFiles()).toEqual([]);
    const fits = await w.app.inject({ method: 'PUT', url: target.url, payload: Buffer.alloc(1000), headers: { 'content-type': 'video/webm' } });
    expect(fits.statusCode).toBe(200);
  });

  it('is one-time and expires; subtitles go to their own URL; unknown tokens are 404', async () => {
    w = await openUploadWorkspace();
    const target = await createUrl('clip.ogv');
    const put = (url: string, type: string, body = 'x') => w.app.inject({ method: 'PUT', url, payload: Buffer.from(body), headers: { 'content-type': type } });
    expect((await put(target.url, 'video/ogg')).statusCode).toBe(200);
    const reused = await put(target.url, 'video/ogg');
    expect([reused.statusCode, reused.json().message]).toEqual([410, UPLOAD_MESSAGES.linkUsed]);
    expect((await put(target.subtitleUrl, 'text/plain')).statusCode).toBe(415);
    expect((await put(target.subtitleUrl, 'text/vtt', 'WEBVTT\n\n00:00:01.000 --> 00:00:02.000\nHi\n')).json()).toMatchObject({ kind: 'subtitle' });
    expect(storedFiles().sort()).toEqual([`${target.videoId}.ogv`, `${target.videoId}.vtt`]);

    const late = await createUrl('late.mp4');
    w.clock.advance(UPLOAD_URL_TTL_MS + 1);
    expect((await put(late.url, 'video/mp4')).statusCode).toBe(410);
    expect((await put('/media/upload/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA', 'video/mp4')).statusCode).toBe(404);
    await w.refresh();
    // Retry: new URLs for the same video whose file never arrived.
    const retry = await w.inject('POST', '/second/video/create-upload-url/late.mp4', { videoId: late.videoId });
    expect(retry.json().videoId).toBe(late.videoId);
    expect((await put(retry.json().url, 'video/mp4')).statusCode).toBe(200);
    expect((await w.inject('POST', '/second/video/create-upload-url/late.mp4', { videoId: late.videoId })).statusCode).toBe(409);
  });
});
