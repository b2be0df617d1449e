import { describe, expect, it } from 'vitest';
import type { PublishJob, PublishRightsResponse } from '../../../../src/shared/http/publishing.schemas';
import { METRICS_KEY_HEADER } from '../../../../src/shared/http/widgets.schemas';
import { PUBLISH_BLOCKED, publishingBlock } from '../../../../src/shared/rules/licensing';
import { API_KEY_WRONG } from '../../../../src/server/routes/metrics/accessKeys';
import { useVideoWorkspace, WORKSPACE_NOW } from '../videos/support/videoWorkspace';
import { brandApiKey } from '../widgets/support/brandApiKey';
import { BRAND_MADE_SQL } from '../../../../src/server/repositories/videos/videoScope';
import { firstValue, firstValues } from '../support/testEngine';

const workspace = useVideoWorkspace();
const NOW = Date.parse(WORKSPACE_NOW);
const DAY = 86_400_000;

const videosWhere = (where: string, count = 3) => firstValues<string>(workspace.w.sql, `SELECT v.id FROM videos v LEFT JOIN creators c ON c.id = v.creator_id
  WHERE v.brand_id = ? AND ${where} AND v.analysis_stage = 'completed' AND NOT EXISTS (SELECT 1 FROM license_agreements la WHERE la.video_id = v.id) ORDER BY v.id LIMIT ?`, [workspace.w.brandId, count]);
const brandMade = (count = 3) => videosWhere(BRAND_MADE_SQL, count);
const creatorMade = (count = 3) => videosWhere(`NOT ${BRAND_MADE_SQL}`, count);
const publishedFlag = (id: string) => firstValue<number>(workspace.w.sql, 'SELECT published FROM videos WHERE id = ?', [id]);

async function license(videoId: string, status: 'paid' | 'expired', endsInDays: number): Promise<void> {
  const { sql, brandId, userId } = workspace.w;
  const id = `lic-${videoId}-${status}-${endsInDays}`;
  await sql.run(`INSERT INTO license_agreements (id, brand_id, requester_id, video_id, duration, price, fee, status, created_at, updated_at)
    VALUES (?, ?, ?, ?, '1 year', 100, 20, ?, ?, ?)`, [id, brandId, userId, videoId, status, WORKSPACE_NOW, WORKSPACE_NOW]);
  await sql.run('INSERT INTO license_purchases (id, agreement_id, amount, fee, purchased_at, expires_at) VALUES (?, ?, 100, 20, ?, ?)',
    [`${id}-p`, id, new Date(NOW - 300 * DAY).toISOString(), new Date(NOW + endsInDays * DAY).toISOString()]);
}

const keyOf = (brandId: string): Promise<string> => brandApiKey(workspace.w, brandId);

async function finalState(key: string, id: string): Promise<PublishJob> {
  for (let i = 0; i < 100; i++) {
    const { job } = (await workspace.w.app.inject({ method: 'GET', url: `/gateway/video/publish/state/${id}?brand_id=${workspace.w.brandId}`, headers: { [METRICS_KEY_HEADER]: key } })).json() as { job: PublishJob };
    if (!['queued', 'processing'].includes(job.state)) return job;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`job ${id} never ended`);
}

describe('publishing to the shopper app', () => {
  it('publishes and unpublishes the brand\'s own videos through jobs that end published and unpublished', async () => {
    const ids = await brandMade(2);
    const published = (await workspace.w.send('POST', '/jwt_api/videos/multi_publish', { video_ids: ids, published: true })).json() as { message: string; jobs: PublishJob[] };
    expect(published.message).toBe('2 videos published');
    expect(published.jobs.map((job) => [job.video_id, job.action, job.state])).toEqual(ids.map((id) => [id, 'publish', 'published']));
    expect(await Promise.all(ids.map(publishedFlag))).toEqual([1, 1]);
    const unpublished = (await workspace.w.send('POST', '/second/video/content', { video_ids: [ids[0]], published: false })).json() as { jobs: PublishJob[] };
    expect(unpublished.jobs[0]).toMatchObject({ action: 'unpublish', state: 'unpublished' });
    expect(await publishedFlag(ids[0]!)).toBe(0);
  });

  it('refuses a creator\'s video without an active license, and one whose license ended, saying why; nothing changes', async () => {
    const [bare, ended, licensed] = (await creatorMade(3)) as [string, string, string];
    const before = await Promise.all([bare, ended].map(publishedFlag));
    const refused = await workspace.w.send('POST', '/jwt_api/videos/multi_publish', { video_ids: [(await brandMade(1))[0], bare], published: true });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toContain(PUBLISH_BLOCKED.unlicensed);
    expect(await publishedFlag((await brandMade(1))[0]!)).toBe(await publishedFlag((await brandMade(1))[0]!));
    await license(ended, 'paid', -3);
    expect((await workspace.w.send('POST', '/jwt_api/videos/multi_publish', { video_ids: [ended], published: true })).json().message).toContain(PUBLISH_BLOCKED.expired);
    expect(await Promise.all([bare, ended].map(publishedFlag))).toEqual(before);
    await license(licensed, 'paid', 200);
    const ok = (await workspace.w.send('POST', '/jwt_api/videos/multi_publish', { video_ids: [licensed], published: true })).json() as { jobs: PublishJob[] };
    expect(ok.jobs[0]?.state).toBe('published');
  });

  it('answers the rights of the brand\'s videos, so the list\'s check before sending agrees with what a publish refuses', async () => {
    const [bare, ended, licensed] = (await creatorMade(3)) as [string, string, string];
    const [own] = (await brandMade(1)) as [string];
    await license(ended, 'paid', -3);
    await license(licensed, 'paid', 200);
    const asked = [own, bare, ended, licensed];
    const answer = await workspace.w.send('POST', '/jwt_api/videos/publish_rights', { video_ids: asked });
    expect(answer.statusCode, answer.body).toBe(200);
    const { videos } = answer.json() as PublishRightsResponse;
    expect(videos.map((video) => video._id)).toEqual(asked);
    const verdicts = videos.map((video) => publishingBlock({ byBrand: video.by_brand, licenses: video.licenses, analysed: video.analysed }, new Date(NOW)));
    expect(verdicts).toEqual([null, PUBLISH_BLOCKED.unlicensed, PUBLISH_BLOCKED.expired, null]);
    // What the server then does with each agrees: refused with that reason, or published.
    for (const [index, id] of asked.entries()) {
      const published = await workspace.w.send('POST', '/jwt_api/videos/multi_publish', { video_ids: [id], published: true });
      expect(published.statusCode === 200 ? null : (published.json() as { message: string }).message).toBe(verdicts[index] === null ? null : `“${videos[index]!.title}”: ${verdicts[index]}`);
    }
    // Another brand's video is not answered for (as a publish of it is not).
    const foreign = await firstValue<string>(workspace.w.sql, 'SELECT id FROM videos WHERE brand_id = ? ORDER BY id LIMIT 1', [workspace.w.otherBrandId]);
    expect((await workspace.w.send('POST', '/jwt_api/videos/publish_rights', { video_ids: [own, foreign] })).statusCode).toBe(404);
  });

  it('refuses to publish a video still being analysed, in a bulk publish and in the rights the list checks first; it goes once analysed', async () => {
    const [own] = (await brandMade(1)) as [string];
    await workspace.w.send('POST', '/second/video/content', { video_ids: [own], published: false });
    await workspace.w.sql.run("UPDATE videos SET analysis_stage = 'processing' WHERE id = ?", [own]);
    try {
      const rights = (await workspace.w.send('POST', '/jwt_api/videos/publish_rights', { video_ids: [own] })).json() as PublishRightsResponse;
      expect(rights.videos[0]?.analysed).toBe(false);
      expect(publishingBlock({ byBrand: rights.videos[0]!.by_brand, licenses: rights.videos[0]!.licenses, analysed: rights.videos[0]!.analysed }, new Date(NOW))).toBe(PUBLISH_BLOCKED.analysing);
      const refused = await workspace.w.send('POST', '/jwt_api/videos/multi_publish', { video_ids: [own], published: true });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().message).toContain(PUBLISH_BLOCKED.analysing);
      expect(await publishedFlag(own)).toBe(0);
    } finally {
      await workspace.w.sql.run("UPDATE videos SET analysis_stage = 'completed' WHERE id = ?", [own]);
    }
    expect((await workspace.w.send('POST', '/jwt_api/videos/multi_publish', { video_ids: [own], published: true })).statusCode).toBe(200);
  });

  it('the gateway takes a large streamed payload with the brand key, and its jobs are polled to their end', async () => {
    const key = await keyOf(workspace.w.brandId);
    const ids = await brandMade(3);
    // Extra data the shopper app would need rides along; only video_ids and published are read.
    const payload = JSON.stringify({ captions: { [ids[0]!]: 'x'.repeat(3_000_000) }, video_ids: ids, nested: { video_ids: ['not-these'] }, published: true });
    const answer = await workspace.w.app.inject({ method: 'POST', url: `/gateway/video/publish?brand_id=${workspace.w.brandId}`, headers: { [METRICS_KEY_HEADER]: key, 'content-type': 'application/json' }, payload });
    expect(answer.statusCode, answer.body).toBe(200);
    const { jobs } = answer.json() as { jobs: PublishJob[] };
    expect(jobs.map((job) => job.video_id)).toEqual(ids);
    for (const job of jobs) expect((await finalState(key, job._id)).state).toBe('published');
    // By a video's id, the state of its latest job.
    expect((await finalState(key, ids[1]!)).state).toBe('published');
    const off = await workspace.w.app.inject({ method: 'POST', url: `/gateway/video/publish?brand_id=${workspace.w.brandId}`, headers: { [METRICS_KEY_HEADER]: key, 'content-type': 'application/json' }, payload: JSON.stringify({ video_ids: [ids[2]], published: false }) });
    expect((await finalState(key, (off.json() as { jobs: PublishJob[] }).jobs[0]!._id)).state).toBe('unpublished');
  });

  it('the gateway refuses a wrong key, another brand, bad payloads and another brand\'s video, and queues nothing then', async () => {
    const key = await keyOf(workspace.w.brandId);
    const post = (payload: string, brand = workspace.w.brandId, apiKey = key) => workspace.w.app.inject({
      method: 'POST', url: `/gateway/video/publish?brand_id=${brand}`, headers: { [METRICS_KEY_HEADER]: apiKey, 'content-type': 'application/json' }, payload,
    });
    const jobsBefore = await firstValue<number>(workspace.w.sql, 'SELECT COUNT(*) FROM publish_jobs');
    expect((await post('{"video_ids":[]}', workspace.w.brandId, 'rsk_wrong')).json().message).toBe(API_KEY_WRONG);
    expect((await post(`{"video_ids":["${(await brandMade(1))[0]}"]}`, workspace.w.otherBrandId)).statusCode).toBe(404);
    expect((await post('[1,2]')).json().message).toBe('The publish payload is a JSON object: {"video_ids": [...], ...}.');
    expect((await post('{"video_ids":["a"')).json().message).toBe('The publish payload is not complete JSON: it ended inside the document.');
    expect((await post('{"video_ids":[]}')).json().message).toBe('video_ids: name at least one video to publish.');
    expect((await post('{"video_ids":["x"],"published":"yes"}')).json().message).toBe('published: true or false.');
    const foreign = await firstValue<string>(workspace.w.sql, 'SELECT id FROM videos WHERE brand_id = ? ORDER BY id LIMIT 1', [workspace.w.competitorIds[0] ?? '']);
    expect((await post(JSON.stringify({ video_ids: [(await brandMade(1))[0], foreign] }))).statusCode).toBe(404);
    expect(await firstValue(workspace.w.sql, 'SELECT COUNT(*) FROM publish_jobs')).toBe(jobsBefore);
    const other = await keyOf(workspace.w.otherBrandId);
    expect((await workspace.w.app.inject({ method: 'GET', url: `/gateway/video/publish/state/${(await brandMade(1))[0]}?brand_id=${workspace.w.otherBrandId}`, headers: { [METRICS_KEY_HEADER]: other } })).statusCode).toBe(404);
  });

  it('the app manager lists the brand\'s videos by tab, counts that add up, each with its state and why one cannot be published', async () => {
    type Page = { videos: { _id: string; by_brand: boolean; published: boolean; blocked: string | null; job: PublishJob | null }[]; total: number; counts: { brand: number; shopper: number; all: number } };
    const list = async (query: Record<string, string>) => (await workspace.w.get('/jwt_api/app_manager/videos', { per_page: '100', ...query })).json() as Page;
    const brand = await list({ tab: 'brand' });
    expect(brand.counts.brand + brand.counts.shopper).toBe(brand.counts.all);
    expect(brand.videos.every((v) => v.by_brand)).toBe(true);
    const shopper = await list({ tab: 'shopper' });
    expect(shopper.total).toBe(brand.counts.shopper);
    expect(shopper.videos.every((v) => !v.by_brand)).toBe(true);
    expect(shopper.videos.filter((v) => !v.published).some((v) => v.blocked === PUBLISH_BLOCKED.unlicensed)).toBe(true);
    const published = await list({ tab: 'all', show: 'published' });
    expect(published.videos.length).toBeGreaterThan(0);
    expect(published.videos.every((v) => v.published && v.blocked === null)).toBe(true);
    // The videos published earlier in this file show their last job.
    expect(published.videos.some((v) => v.job?.state === 'published')).toBe(true);
  });

  it('the shopper feed lists what is published, newest first, and an unchanged page answers 304 to its ETag', async () => {
    const key = await keyOf(workspace.w.brandId);
    const feed = (headers: Record<string, string> = {}, page = 1) => workspace.w.app.inject({
      method: 'GET', url: `/gateway/shopper/feed?brand_id=${workspace.w.brandId}&per_page=5&page=${page}`, headers: { [METRICS_KEY_HEADER]: key, ...headers },
    });
    const first = await feed();
    const body = first.json() as { videos: { _id: string; app_published_at: string | null; media_url: string | null }[]; total: number };
    const publishedCount = (await firstValue<number>(workspace.w.sql, 'SELECT COUNT(*) FROM videos WHERE brand_id = ? AND published = 1', [workspace.w.brandId])) ?? NaN;
    expect(body.total).toBe(publishedCount);
    const dates = body.videos.map((v) => v.app_published_at ?? '');
    expect(dates).toEqual([...dates].sort().reverse());
    const etag = first.headers.etag as string;
    expect((await feed({ 'if-none-match': etag })).statusCode).toBe(304);
    expect((await feed({ 'if-none-match': etag }, 2)).statusCode).toBe(200);
    // Taking a video down changes the feed, and its ETag.
    await workspace.w.send('POST', '/jwt_api/videos/multi_publish', { video_ids: [body.videos[0]!._id], published: false });
    const after = await feed({ 'if-none-match': etag });
    expect(after.statusCode).toBe(200);
    expect((after.json() as { total: number }).total).toBe(publishedCount - 1);
    expect((await workspace.w.app.inject({ method: 'GET', url: `/gateway/shopper/feed?brand_id=${workspace.w.otherBrandId}`, headers: { [METRICS_KEY_HEADER]: key } })).statusCode).toBe(404);
  });

  it('the gateway records an integration, reports its status, forgets it, and keeps brands apart', async () => {
    const key = await keyOf(workspace.w.brandId);
    const call = (method: 'GET' | 'POST' | 'DELETE', path: string, payload?: object, brand = workspace.w.brandId) => workspace.w.app.inject({
      method, url: `/gateway/internal/integrations/${path}?brand_id=${brand}`, headers: { [METRICS_KEY_HEADER]: key }, ...(payload ? { payload } : {}),
    });
    expect((await call('GET', 'Shopify/oAuth/status')).json()).toMatchObject({ platform: 'Shopify', status: 'not_connected', account: null });
    const recorded = (await call('POST', 'Shopify/oAuth/authorize', { app_key: 'reelscope-desktop', app_secret: 'never kept', auth_code: 'maya' })).json();
    expect(recorded).toMatchObject({ status: 'connected', account: 'maya', app_key: 'reelscope-desktop' });
    expect(JSON.stringify(await workspace.w.sql.all('SELECT * FROM integrations'))).not.toContain('never kept');
    expect((await call('GET', 'Shopify/oAuth/status')).json().status).toBe('connected');
    expect((await call('GET', 'Shopify/oAuth/status', undefined, workspace.w.otherBrandId)).statusCode).toBe(404);
    expect((await call('GET', 'Myspace/oAuth/status')).statusCode).toBe(400);
    expect((await call('POST', 'Shopify/oAuth/authorize', { app_key: 'x' })).statusCode).toBe(400);
    expect((await call('DELETE', 'Shopify/oAuth')).json().status).toBe('not_connected');
  });
});
