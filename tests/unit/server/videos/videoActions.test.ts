import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../../../src/shared/messages';
import type { VideoListResponse } from '../../../../src/shared/http/videos.schemas';
import { openVideoWorkspace, type VideoWorkspace } from './support/videoWorkspace';
import { firstValue } from '../support/testEngine';

let w: VideoWorkspace;
beforeAll(async () => {
  w = await openVideoWorkspace();
}, 120_000);
afterAll(async () => w.close());

/** The tab's list (page size 10); `take` keeps only the first rows. */
async function tab(name: string, take = 10): Promise<VideoListResponse> {
  const response = await w.get('/jwt_api/videos', { tab: name, per_page: 10 });
  expect(response.statusCode, response.body).toBe(200);
  const body: VideoListResponse = response.json();
  return { ...body, videos: body.videos.slice(0, take) };
}
const videoOf = async (platform: string, brandId = w.brandId): Promise<string> =>
  (await firstValue(w.sql, "SELECT id FROM videos v WHERE platform = ? AND brand_id = ? AND NOT EXISTS (SELECT 1 FROM marks m WHERE m.kind = 'video' AND m.target_id = v.id) ORDER BY id LIMIT 1", [platform, brandId])) as string;

describe('marks and transitions', () => {
  it('favorite / unfavorite move in and out of Favorites; the video stays in My Videos', async () => {
    const before = (await tab('Favorites')).data.count;
    const mine = (await tab('My Videos')).data.count;
    const ids = (await tab('My Videos', 3)).videos.filter((v) => !v.is_favorite).map((v) => v._id);
    const added = (await w.send('POST', '/jwt_api/videos/favorite_videos', { video_ids: ids })).json();
    expect(added.count).toBe(ids.length);
    expect((await tab('Favorites')).data.count).toBe(before + ids.length);
    expect((await tab('My Videos')).data.count).toBe(mine);
    expect((await w.send('POST', '/jwt_api/videos/unfavorite_videos', { video_ids: ids })).json().count).toBe(ids.length);
    expect((await tab('Favorites')).data.count).toBe(before);
  });

  it('flag moves a video to Flagged with its reason; unflag returns it to its tab', async () => {
    const mine = (await tab('My Videos')).data.count;
    const id = (await tab('My Videos', 1)).videos[0]?._id ?? '';
    expect((await w.send('POST', '/jwt_api/videos/flag_videos', { video_ids: [id], reason: 'Not a reason' })).statusCode).toBe(400);
    expect((await w.send('POST', '/jwt_api/videos/flag_videos', { video_ids: [id], reason: 'Spam or misleading' })).json()).toMatchObject({ count: 1 });
    expect((await tab('My Videos')).data.count).toBe(mine - 1);
    const detail = (await w.get(`/jwt_api/videos/${id}`)).json().video;
    expect(detail).toMatchObject({ is_flagged: true, flag_reason: 'Spam or misleading' });
    expect((await w.send('POST', '/jwt_api/videos/unflag_videos', { video_ids: [id] })).json().count).toBe(1);
    expect((await tab('My Videos')).data.count).toBe(mine);
  });

  it('trash → restore loses nothing, for own and competitor videos, and the competitors flag is honoured', async () => {
    const mine = (await tab('My Videos')).data.count;
    const theirs = (await tab('Competition')).data.count;
    const trash = (await tab('Trash')).data.count;
    const own = (await tab('My Videos', 3)).videos.map((v) => ({ video_id: v._id, manufacturer_ids: v.manufacturer_ids }));
    const rival = (await tab('Competition', 2)).videos.map((v) => ({ video_id: v._id, manufacturer_ids: v.manufacturer_ids }));
    expect((await w.send('POST', '/jwt_api/videos/trash_videos', { videos: rival, competitors: false })).statusCode).toBe(400);
    expect((await w.send('POST', '/jwt_api/videos/trash_videos', { videos: own, competitors: false })).json().count).toBe(3);
    expect((await w.send('POST', '/jwt_api/videos/trash_videos', { videos: rival, competitors: true })).json().count).toBe(2);
    expect((await tab('My Videos')).data.count).toBe(mine - 3);
    expect((await tab('Competition')).data.count).toBe(theirs - 2);
    expect((await tab('Trash')).data.count).toBe(trash + 5);
    expect((await w.send('POST', '/jwt_api/videos/untrash_videos', { video_ids: own.map((v) => v.video_id), competitors: false })).json().count).toBe(3);
    expect((await w.send('POST', '/jwt_api/videos/untrash_videos', { video_ids: rival.map((v) => v.video_id), competitors: true })).json().count).toBe(2);
    expect((await tab('My Videos')).data.count).toBe(mine);
    expect((await tab('Competition')).data.count).toBe(theirs);
    expect((await tab('Trash')).data.count).toBe(trash);
  });

  it('permanent delete removes only trashed videos: own ones for good, competitor ones from this brand\'s view', async () => {
    const own = (await tab('My Videos', 1)).videos[0]?._id ?? '';
    const rival = (await tab('Competition', 1)).videos[0];
    expect((await w.send('POST', '/jwt_api/videos/delete_videos', { video_ids: [own], competitors: false })).json().count).toBe(0);
    await w.send('POST', '/jwt_api/videos/trash_videos', { videos: [{ video_id: own, manufacturer_ids: [w.brandId] }] });
    await w.send('POST', '/jwt_api/videos/trash_videos', { videos: [{ video_id: rival?._id, manufacturer_ids: rival?.manufacturer_ids }], competitors: true });
    expect((await w.send('POST', '/jwt_api/videos/delete_videos', { video_ids: [own], competitors: false })).json().count).toBe(1);
    expect((await w.send('POST', '/jwt_api/videos/delete_videos', { video_ids: [rival?._id], competitors: true })).json().count).toBe(1);
    expect(await firstValue(w.sql, 'SELECT COUNT(*) FROM transcript_lines WHERE video_id = ?', [own])).toBe(0);
    expect(await firstValue(w.sql, 'SELECT COUNT(*) FROM videos WHERE id = ?', [rival?._id ?? ''])).toBe(1);
    expect((await w.get(`/jwt_api/videos/${rival?._id}`)).statusCode).toBe(404);
    expect((await w.get(`/jwt_api/videos/${own}`)).statusCode).toBe(404);
  });

  it('another user\'s video and brand answer 404; publish changes own videos only', async () => {
    const stranger = (await firstValue(w.sql, `SELECT id FROM videos WHERE brand_id NOT IN (${[w.brandId, ...w.competitorIds].map(() => '?').join(', ')}) LIMIT 1`, [w.brandId, ...w.competitorIds])) as string;
    expect((await w.get(`/jwt_api/videos/${stranger}`)).statusCode).toBe(404);
    expect((await w.send('POST', '/jwt_api/videos/favorite_videos', { video_ids: [stranger] })).statusCode).toBe(404);
    const own = (await tab('My Videos', 2)).videos.map((v) => v._id);
    expect((await w.send('POST', '/jwt_api/videos/multi_publish', { video_ids: own, published: true })).json().count).toBe(2);
    expect((await w.get(`/jwt_api/videos/${own[0]}`)).json().video.published).toBe(true);
    const rival = (await tab('Competition', 1)).videos[0]?._id;
    expect((await w.send('POST', '/jwt_api/videos/multi_publish', { video_ids: [rival], published: true })).statusCode).toBe(404);
  });
});

describe('one video', () => {
  it('transcript search: case-insensitive, Latin and non-Latin, 2-character fallback', async () => {
    // An analysed video: one still in analysis has no transcript yet.
    const id = (await tab('My Videos')).videos.find((video) => video.analysis_stage === 'completed')?._id ?? '';
    const all = (await w.get(`/jwt_api/videos/${id}/transcript`)).json();
    expect(all.transcription.length).toBeGreaterThanOrEqual(40);
    const word = (all.transcription[3].content as string).split(' ').find((part) => part.length >= 5) ?? 'the';
    const hits = (await w.get(`/jwt_api/videos/${id}/transcript`, { search: word.toUpperCase() })).json();
    expect(hits.transcription.length).toBeGreaterThan(0);
    expect(hits.transcription.every((line: { content: string }) => line.content.toLowerCase().includes(word.toLowerCase()))).toBe(true);
    const short = (await w.get(`/jwt_api/videos/${id}/transcript`, { search: 'IN' })).json();
    expect(short.transcription.length).toBe(all.transcription.filter((line: { content: string }) => line.content.toLowerCase().includes('in')).length);
    // Non-Latin: write a line in Japanese and Greek and find it through the index (3+) and the fallback (2).
    await w.sql.run("UPDATE transcript_lines SET content = 'この美容液は最高です ΚΑΛΗΜΈΡΑ' WHERE video_id = ? AND line_no = 5", [id]);
    const expectLine5 = async (search: string) => expect((await w.get(`/jwt_api/videos/${id}/transcript`, { search })).json().transcription.map((l: { line_no: number }) => l.line_no)).toEqual([5]);
    await expectLine5('美容液');
    await expectLine5('美容');
    await expectLine5('καλημέρα');
  });

  it('sentiment feedback, notes round trip, title edit reflected in the list', async () => {
    const id = (await tab('My Videos', 1)).videos[0]?._id ?? '';
    expect((await w.send('POST', `/jwt_api/videos/${id}/sentiment_feedback`, { like: false })).json()).toEqual({ sentiment_feedback: false });
    expect((await w.get(`/jwt_api/videos/${id}/sentiment`)).json().sentiment_feedback_like).toBe(false);
    await w.send('PUT', `/jwt_api/videos/${id}/video_note`, { content: 'Great hook' });
    expect((await w.get(`/jwt_api/videos/${id}/video_note`)).json().note.content).toBe('Great hook');
    expect((await w.get(`/jwt_api/videos/${id}`)).json().video.has_note).toBe(true);
    const renamed = (await w.send('PUT', `/jwt_api/videos/${id}/update_video_title_and_creator_name`, { title: 'Zebra test title', creator_name: 'Zed Creator' })).json();
    expect(renamed.video).toMatchObject({ title: 'Zebra test title', creator_name: 'Zed Creator' });
    const found = (await w.get('/jwt_api/videos', { search: 'zebra test' })).json() as VideoListResponse;
    expect(found.videos.map((v) => v._id)).toEqual([id]);
  });

  it('demographics labels: add, edit, delete', async () => {
    const id = (await tab('My Videos', 1)).videos[0]?._id ?? '';
    const added = (await w.send('POST', '/jwt_api/demographics_labels', { demographics_data_id: id, label: 'Students', age_range: '18-24' })).json().label;
    expect((await w.send('PUT', `/jwt_api/demographics_labels/${added._id}`, { demographics_data_id: id, label: 'Grads' })).json().label.label).toBe('Grads');
    expect((await w.get(`/jwt_api/videos/${id}/demographics`)).json().labels.map((l: { label: string }) => l.label)).toEqual(['Grads']);
    expect((await w.app.inject({ method: 'DELETE', url: `/jwt_api/demographics_labels/${added._id}?demographics_data_id=${id}`, headers: { authorization: `Bearer ${w.jwt}` } })).statusCode).toBe(200);
    expect((await w.get(`/jwt_api/videos/${id}/demographics`)).json().labels).toEqual([]);
  });
});

describe('media and /second', () => {
  it('a signed video URL serves byte ranges (206) and refuses an altered signature (403)', async () => {
    const id = await videoOf('Reelscope_AWS_S3');
    const detail = (await w.get(`/jwt_api/videos/${id}`)).json().video;
    const url = detail.playable_url as string;
    expect(detail.video_url).toBe(url);
    const full = await w.app.inject({ method: 'GET', url });
    expect(full.statusCode).toBe(200);
    const ranged = await w.app.inject({ method: 'GET', url, headers: { range: 'bytes=100-199' } });
    expect(ranged.statusCode).toBe(206);
    expect(ranged.headers['content-range']).toBe(`bytes 100-199/${full.rawPayload.length}`);
    expect(ranged.headers['accept-ranges']).toBe('bytes');
    expect(Buffer.compare(ranged.rawPayload, full.rawPayload.subarray(100, 200))).toBe(0);
    const altered = url.replace(/sig=(.)/, (_m, c: string) => `sig=${c === 'A' ? 'B' : 'A'}`);
    expect((await w.app.inject({ method: 'GET', url: altered })).statusCode).toBe(403);
    expect((await w.app.inject({ method: 'GET', url: `/media/${detail.media_file}` })).statusCode).toBe(404);
    expect((await w.app.inject({ method: 'GET', url: '/media/..%2Freelscope.sqlite' })).statusCode).toBe(404);
    expect((await w.app.inject({ method: 'GET', url: detail.thumbnail_url })).statusCode).toBe(200);
  });

  it('download-video signs own storage and refuses Youtube with the exact message', async () => {
    const own = (await w.send('POST', '/second/download-video', { videoId: await videoOf('Reelscope_AWS_S3') })).json();
    expect(own.data.signedUrl).toMatch(/^\/media\/signed\//);
    const youtube = await w.send('POST', '/second/download-video', { videoId: await videoOf('Youtube') });
    expect(youtube.statusCode).toBe(400);
    expect(youtube.json().message).toBe(MESSAGES.downloadUnsupported);
  });

  it('reanalyze sets processing and completes; trash by id; the non-brand user is told to connect YouTube', async () => {
    const id = await videoOf('Youtube');
    expect((await w.send('POST', '/second/reanalyze', { videoId: id })).json().message).toMatch(/Re-analysis/);
    expect(await firstValue(w.sql, 'SELECT analysis_stage FROM videos WHERE id = ?', [id])).toBe('processing');
    const trashed = await w.app.inject({ method: 'DELETE', url: `/second/video/trash/${id}?brand_id=${w.brandId}`, headers: { authorization: `Bearer ${w.jwt}` } });
    expect(trashed.json().count).toBe(1);
  });
});
