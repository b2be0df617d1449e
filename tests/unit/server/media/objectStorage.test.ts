import { randomBytes, randomUUID } from 'node:crypto';
import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type RunningServer } from '../../../../src/server/app';
import { HTTP_MESSAGES } from '../../../../src/server/http/httpMessages';
import { createMediaSigner, loadOrCreateMediaSecret } from '../../../../src/server/routes/media/mediaSigner';
import { demoMediaFiles } from '../../../../src/server/seed/media';
import { createTestUser, signIn } from '../support/testServer';
import { useServerDatabase } from '../support/serverDatabase';
import { firstValue } from '../support/testEngine';
import { multipartBody } from '../uploads/support/multipart';
import { startCli, useTempDir } from '../support/cliProcess';
import { startLocalBucket, type LocalBucket } from '../support/localBucket';
import { brandApiKey } from '../widgets/support/brandApiKey';
import { METRICS_KEY_HEADER } from '../../../../src/shared/http/widgets.schemas';

const DEMO_VIDEO = join(process.cwd(), 'resources', 'media', 'reelscope-demo-1.mp4');
// A 1×1 PNG: a banner the back end accepts.
const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8ffff3f0005fe02fea7d6a4f10000000049454e44ae426082', 'hex');

/** Waits for a condition the back end reaches on its own (the analysis finishing); no assertion on how long it took. */
async function until<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  for (let i = 0; i < 600; i++) {
    const value = await read();
    if (done(value)) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('the condition was never reached');
}

describe('media in an S3-compatible bucket (REELSCOPE_S3_*)', () => {
  let bucket: LocalBucket;
  let dataDir: string;
  let server: RunningServer;
  let auth: Record<string, string>;
  let brandId: string;
  let jwt: string;
  const saved = { ...process.env };

  useServerDatabase('all');
  beforeAll(async () => {
    bucket = await startLocalBucket();
    Object.assign(process.env, bucket.env, { REELSCOPE_ANALYSIS_DELAY_MS: '0' });
    dataDir = mkdtempSync(join(tmpdir(), 'reelscope-s3-media-'));
    // The first start seeds the demo workspace, whose media go to the bucket too.
    server = await createServer({ dataDir, port: 0, seed: { scale: 0.05 } });
    const user = await createTestUser(server.sql, { email: `m-${randomUUID()}@example.com`, brands: [{ name: 'Lumina Skincare' }] });
    jwt = (await signIn(server.app, user)).jwt;
    auth = { authorization: `Bearer ${jwt}` };
    brandId = user.brandIds[0]!;
  });
  afterAll(async () => {
    await server?.close();
    await bucket?.close();
    process.env = saved;
    rmSync(dataDir, { recursive: true, force: true });
  });

  const post = async (path: string, body: object) => {
    const response = await fetch(`${server.url}${path}`, { method: 'POST', headers: { ...auth, 'content-type': 'application/json' }, body: JSON.stringify(body) });
    return { status: response.status, json: (await response.json()) as Record<string, unknown> };
  };
  /** A video uploaded through the real upload route over HTTP; answers its id. */
  const upload = async (name: string, bytes: Buffer, type: string): Promise<string> => {
    const target = await post(`/second/video/create-upload-url/${name}`, {});
    expect(target.status).toBe(200);
    const put = await fetch(`${server.url}${String(target.json.url)}`, { method: 'PUT', headers: { 'content-type': type }, body: new Uint8Array(bytes) });
    expect(put.status).toBe(200);
    return String(target.json.videoId);
  };
  const signedUrl = async (videoId: string): Promise<string> => {
    const answer = await post('/second/download-video', { videoId });
    expect(answer.status).toBe(200);
    return `${server.url}${(answer.json.data as { signedUrl: string }).signedUrl}`;
  };

  it('seeds the demo media into the bucket, and plays a demo video from there', async () => {
    const keys = await bucket.keys();
    for (const file of demoMediaFiles()) expect(keys, file).toContain(file);
    expect(existsSync(join(dataDir, 'media'))).toBe(false);
    // A demo video's signed URL (signed with this data folder's secret, as the server signs) streams it from the bucket.
    const demo = (await firstValue<string>(server.sql, 'SELECT media_file FROM videos WHERE media_file IS NOT NULL ORDER BY id LIMIT 1')) ?? '';
    const signer = createMediaSigner(loadOrCreateMediaSecret(dataDir), () => new Date());
    const answer = await fetch(`${server.url}${signer.signedUrl(demo)}`, { headers: { range: 'bytes=10-209' } });
    expect(answer.status).toBe(206);
    expect(Buffer.from(await answer.arrayBuffer()).equals(readFileSync(join(process.cwd(), 'resources', 'media', demo)).subarray(10, 210))).toBe(true);
  });

  it('stores an uploaded video in the bucket and serves byte ranges of it through the signed URL', async () => {
    const video = readFileSync(DEMO_VIDEO);
    const videoId = await upload('clip.mp4', video, 'video/mp4');
    expect(await bucket.keys('uploads/')).toEqual([`uploads/${videoId}.mp4`]);
    expect((await bucket.object(`uploads/${videoId}.mp4`)).equals(video)).toBe(true);
    // Nothing of it in the local media folder.
    expect(existsSync(join(dataDir, 'media', 'uploads'))).toBe(false);

    const url = await signedUrl(videoId);
    const ranged = await fetch(url, { headers: { range: 'bytes=100-4195' } });
    expect(ranged.status).toBe(206);
    expect(ranged.headers.get('content-range')).toBe(`bytes 100-4195/${video.length}`);
    expect(Buffer.from(await ranged.arrayBuffer()).equals(video.subarray(100, 4196))).toBe(true);
    const whole = await fetch(url);
    expect([whole.status, whole.headers.get('content-type')]).toEqual([200, 'video/mp4']);
    expect(Buffer.from(await whole.arrayBuffer()).equals(video)).toBe(true);

    // The analysis reads it back from the bucket and puts its poster frame there, served as a public image.
    const row = await until(
      async () => (await server.sql.get<{ analysis_stage: string; thumbnail_url: string | null }>('SELECT analysis_stage, thumbnail_url FROM videos WHERE id = ?', [videoId])) ?? { analysis_stage: '', thumbnail_url: null },
      (found) => found.analysis_stage === 'completed',
    );
    expect(row.thumbnail_url).toBe(`/media/thumbnails/${videoId}.jpg`);
    expect(await bucket.keys('thumbnails/')).toEqual([`thumbnails/${videoId}.jpg`]);
    const thumbnail = await fetch(`${server.url}${row.thumbnail_url}`);
    expect(thumbnail.headers.get('content-type')).toBe('image/jpeg');
    expect(Buffer.from(await thumbnail.arrayBuffer()).equals(await bucket.object(`thumbnails/${videoId}.jpg`))).toBe(true);
  });

  it('serves a video uploaded through one instance from another instance sharing the bucket and the media URL secret', async () => {
    const video = readFileSync(DEMO_VIDEO);
    const videoId = await upload('shared.mp4', video, 'video/mp4');
    const otherDir = mkdtempSync(join(tmpdir(), 'reelscope-s3-other-'));
    copyFileSync(join(dataDir, 'media-url-secret'), join(otherDir, 'media-url-secret'));
    const other = await createServer({ dataDir: otherDir, port: 0, seed: false });
    try {
      const url = new URL(await signedUrl(videoId));
      const answer = await fetch(`${other.url}${url.pathname}${url.search}`, { headers: { range: 'bytes=500-1499' } });
      expect(answer.status).toBe(206);
      expect(Buffer.from(await answer.arrayBuffer()).equals(video.subarray(500, 1500))).toBe(true);
    } finally {
      await other.close();
      rmSync(otherDir, { recursive: true, force: true });
    }
  });

  it('takes a video larger than one part as a multipart upload, and a range across parts reads back exact', async () => {
    const big = randomBytes(20 * 1024 * 1024 + 12345);
    const videoId = await upload('long.webm', big, 'video/webm');
    expect((await bucket.object(`uploads/${videoId}.webm`)).equals(big)).toBe(true);
    const from = 8 * 1024 * 1024 - 1000;
    const ranged = await fetch(await signedUrl(videoId), { headers: { range: `bytes=${from}-${from + 99_999}` } });
    expect(ranged.status).toBe(206);
    expect(Buffer.from(await ranged.arrayBuffer()).equals(big.subarray(from, from + 100_000))).toBe(true);
    const pastTheEnd = await fetch(await signedUrl(videoId), { headers: { range: `bytes=${big.length}-` } });
    expect([pastTheEnd.status, pastTheEnd.headers.get('content-range')]).toEqual([416, `bytes */${big.length}`]);
  });

  it('puts a campaign banner in the bucket and serves it from there', async () => {
    const campaign = await post('/jwt_api/campaigns', { publish: false, campaign: { campaign_headline: 'Bannered' } });
    const id = (campaign.json.campaign as { _id: string })._id;
    const { payload, headers } = multipartBody({}, [{ field: 'banner', name: 'banner.png', type: 'image/png', data: PNG }]);
    const answer = await fetch(`${server.url}/jwt_api/campaigns/${id}/banner`, { method: 'POST', headers: { ...headers, ...auth }, body: new Uint8Array(payload) });
    expect(answer.status).toBe(200);
    const banner = ((await answer.json()) as { campaign: { banner_image: string } }).campaign.banner_image;
    const key = banner.slice('/media/'.length);
    expect(await bucket.keys('campaigns/')).toEqual([key]);
    expect(Buffer.from(await (await fetch(`${server.url}${banner}`)).arrayBuffer()).equals(PNG)).toBe(true);
  });

  it('answers 503 with one sentence while the bucket server is down, and serves again once it is back', async () => {
    const video = readFileSync(DEMO_VIDEO);
    const videoId = await upload('again.mp4', video, 'video/mp4');
    const url = await signedUrl(videoId);
    await bucket.stop();
    try {
      const down = await fetch(url, { headers: { range: 'bytes=0-99' } });
      expect(down.status).toBe(503);
      expect(await down.json()).toEqual({ statusCode: 503, error: 'Service Unavailable', message: HTTP_MESSAGES.mediaStoreDown });
      const target = await post('/second/video/create-upload-url/late.mp4', {});
      const refused = await fetch(`${server.url}${String(target.json.url)}`, { method: 'PUT', headers: { 'content-type': 'video/mp4' }, body: new Uint8Array(video) });
      expect([refused.status, ((await refused.json()) as { message: string }).message]).toEqual([503, HTTP_MESSAGES.mediaStoreDown]);
      const campaign = await post('/jwt_api/campaigns', { publish: false, campaign: { campaign_headline: 'Bannered while down' } });
      const { payload, headers } = multipartBody({}, [{ field: 'banner', name: 'banner.png', type: 'image/png', data: PNG }]);
      const id = (campaign.json.campaign as { _id: string })._id;
      const banner = await fetch(`${server.url}/jwt_api/campaigns/${id}/banner`, { method: 'POST', headers: { ...headers, ...auth }, body: new Uint8Array(payload) });
      expect([banner.status, ((await banner.json()) as { message: string }).message]).toEqual([503, HTTP_MESSAGES.mediaStoreDown]);
      // Publish payloads wait in the bucket too, so the gateway cannot take one either.
      const key = await brandApiKey({ app: server.app, jwt }, brandId);
      const publish = await fetch(`${server.url}/gateway/video/publish?brand_id=${brandId}`, {
        method: 'POST', headers: { [METRICS_KEY_HEADER]: key, 'content-type': 'application/json' }, body: JSON.stringify({ video_ids: [videoId], published: true }),
      });
      expect([publish.status, ((await publish.json()) as { message: string }).message]).toEqual([503, HTTP_MESSAGES.mediaStoreDown]);
    } finally {
      await bucket.start();
    }
    const back = await fetch(url, { headers: { range: 'bytes=0-99' } });
    expect(back.status).toBe(206);
    expect(Buffer.from(await back.arrayBuffer()).equals(video.subarray(0, 100))).toBe(true);
  });
});

describe('a half-configured bucket', () => {
  const temp = useTempDir('reelscope-s3-half-');
  const unset = 'or unset every REELSCOPE_S3_* variable to keep the media in the local media folder.';

  it('stops the start command with one line naming the missing variable', async () => {
    const started = startCli({ REELSCOPE_PORT: '0', REELSCOPE_DATA_DIR: temp.path, REELSCOPE_S3_ENDPOINT: 'http://127.0.0.1:9', REELSCOPE_S3_REGION: 'us-east-1' });
    expect(await started.exited).toBe(1);
    expect(started.output().stderr.trim()).toBe(
      `Reelscope back end could not start: REELSCOPE_S3_BUCKET is not set: set it to the name of the bucket to keep the media in object storage, ${unset}`,
    );
  });

  it('names the other half of a key pair', async () => {
    const saved = { ...process.env };
    try {
      Object.assign(process.env, { REELSCOPE_S3_REGION: 'us-east-1', REELSCOPE_S3_BUCKET: 'media', REELSCOPE_S3_ACCESS_KEY_ID: 'key' });
      await expect(createServer({ dataDir: temp.path, port: 0, seed: false })).rejects.toThrow(
        `REELSCOPE_S3_SECRET_ACCESS_KEY is not set but REELSCOPE_S3_ACCESS_KEY_ID is: set both (or neither, to use the AWS default credentials), ${unset}`,
      );
    } finally {
      process.env = saved;
    }
  });
});
