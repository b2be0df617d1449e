import { afterEach, describe, expect, it } from 'vitest';
import { UPLOAD_MESSAGES } from '../../../../src/shared/http/uploads.schemas';
import { multipartBody } from './support/multipart';
import { openUploadWorkspace, type UploadWorkspace } from './support/uploadWorkspace';
import { firstValue } from '../support/testEngine';

let w: UploadWorkspace;
afterEach(async () => w?.close());

describe('video sources (spec §1): every route adds a pending video for the brand', () => {
  it('previews a link: http:// prepended when missing, platform and ids from the URL shape', async () => {
    w = await openUploadWorkspace();
    const preview = async (url: string) => (await w.inject('GET', `/second/video-metadata?url=${encodeURIComponent(url)}`)).json().data;
    expect(await preview('youtu.be/dQw4w9WgXcQ')).toMatchObject({
      url: 'http://youtu.be/dQw4w9WgXcQ', platform: 'Youtube', supported: true, external_id: 'dQw4w9WgXcQ',
      video_embedded_url: 'https://www.youtube.com/embed/dQw4w9WgXcQ', thumbnail_url: 'https://i.ytimg.com/vi/dQw4w9WgXcQ/hqdefault.jpg',
    });
    expect((await preview('https://www.youtube.com/shorts/abcdefghijk')).external_id).toBe('abcdefghijk');
    expect(await preview('HTTPS://www.tiktok.com/@glowgirl/video/7301234567890123456')).toMatchObject({
      url: 'HTTPS://www.tiktok.com/@glowgirl/video/7301234567890123456', platform: 'Tiktok', tiktok_id: '7301234567890123456', title: 'TikTok video by @glowgirl',
    });
    expect(await preview('drive.google.com/file/d/1AbCdEfGhIjKlMnOp/view')).toMatchObject({ platform: 'GoogleDrive', external_id: '1AbCdEfGhIjKlMnOp', url: 'http://drive.google.com/file/d/1AbCdEfGhIjKlMnOp/view' });
    expect(await preview('www.dropbox.com/s/abc123/my-first_review.mp4?dl=0')).toMatchObject({ platform: 'Dropbox', title: 'My first review', video_embedded_url: 'http://www.dropbox.com/s/abc123/my-first_review.mp4?raw=1' });
    expect(await preview('example.com/whatever')).toMatchObject({ platform: null, supported: false, message: UPLOAD_MESSAGES.unsupportedUrl, url: 'http://example.com/whatever' });
  });

  it('submit-video-url takes multipart (and JSON), detects the platform and refuses unknown hosts and duplicates', async () => {
    w = await openUploadWorkspace();
    const form = multipartBody({ url: 'www.youtube.com/watch?v=dQw4w9WgXcQ', title: 'Launch video', brand_id: w.brandId });
    const added = await w.app.inject({ method: 'POST', url: '/second/video/submit-video-url', payload: form.payload, headers: { ...form.headers, authorization: `Bearer ${w.jwt}` } });
    expect(added.statusCode).toBe(200);
    expect(added.json()).toMatchObject({ duplicate: false, video: { title: 'Launch video', platform: 'Youtube', video_url: 'http://www.youtube.com/watch?v=dQw4w9WgXcQ', analysis_stage: 'pending', brand_id: w.brandId } });
    const again = await w.inject('POST', '/second/video/submit-video-url', { url: 'https://youtu.be/dQw4w9WgXcQ' });
    expect(again.json()).toMatchObject({ duplicate: true, video: { _id: added.json().video._id } });
    const tiktok = await w.inject('POST', '/second/video/submit-video-url', { url: 'tiktok.com/@a.b/video/7301234567890123456' });
    expect(tiktok.json().video).toMatchObject({ platform: 'Tiktok', tiktok_id: '7301234567890123456', video_embedded_url: 'https://www.tiktok.com/embed/v2/7301234567890123456' });
    const drive = await w.inject('POST', '/second/video/submit-video-url', { url: 'https://drive.google.com/file/d/1AbCdEfGhIjKlMnOp/view' });
    expect(drive.json().video.platform).toBe('GoogleDrive');
    const refused = await w.inject('POST', '/second/video/submit-video-url', { url: 'example.com/clip' });
    expect([refused.statusCode, refused.json().message]).toEqual([400, UPLOAD_MESSAGES.unsupportedUrl]);
    const otherBrand = await w.inject('POST', '/second/video/submit-video-url', { url: 'youtu.be/aaaaaaaaaaa', brand_id: w.competitorId });
    expect(otherBrand.statusCode).toBe(404);
    expect(await firstValue(w.sql, "SELECT COUNT(*) FROM videos WHERE brand_id = ? AND analysis_stage = 'pending'", [w.brandId])).toBe(3);
  });

  it('an added video has no creator until one is named; naming links the brand\'s creator of that name or adds one', async () => {
    w = await openUploadWorkspace();
    const id = (await w.inject('POST', '/second/video/submit-video-url', { url: 'youtu.be/dQw4w9WgXcQ' })).json().video._id as string;
    const video = async () => (await w.inject('GET', `/jwt_api/videos/${id}`)).json().video as { creator_name: string | null; creator_id: string | null };
    expect(await video()).toMatchObject({ creator_name: null, creator_id: null });
    const rename = (name: string) => w.inject('PUT', `/jwt_api/videos/${id}/update_video_title_and_creator_name`, { title: 'Launch video', creator_name: name });
    const named = await rename('Nour Haddad نور');
    expect(named.statusCode, named.body).toBe(200);
    const first = await video();
    expect(first.creator_name).toBe('Nour Haddad نور');
    const creator = (await w.inject('GET', `/jwt_api/influencers/${first.creator_id}`)).json();
    expect(JSON.stringify(creator)).toContain('@nourhaddadنور');
    // The new creator is in the brand's Creators list, dated by its video (a creator without a date was hidden there).
    const listed = (await w.inject('GET', `/jwt_api/influencers?tab=${encodeURIComponent('My Creators')}&search=Nour`)).json() as { influencers: { _id: string }[] };
    expect(listed.influencers.map((c) => c._id)).toContain(first.creator_id);
    // Now the video has a creator: a second rename renames that creator (as for any video), adding no other.
    await rename('Nour H.');
    expect(await video()).toMatchObject({ creator_name: 'Nour H.', creator_id: first.creator_id });
    // Another added video named after an existing creator joins that creator.
    const other = (await w.inject('POST', '/second/video/submit-video-url', { url: 'youtu.be/9bZkp7q19f0' })).json().video._id as string;
    await w.inject('PUT', `/jwt_api/videos/${other}/update_video_title_and_creator_name`, { title: 'Second', creator_name: 'nour h.' });
    expect((await w.inject('GET', `/jwt_api/videos/${other}`)).json().video.creator_id).toBe(first.creator_id);
  });

  it('instagram details come from the link alone; then the link is added like any other', async () => {
    w = await openUploadWorkspace();
    const details = await w.inject('POST', '/second/instagram_videos/fetch_videos_details', { videoUrl: 'instagram.com/glowgirl/reel/C1a2B3c4D5e/?igsh=x' });
    expect(details.json().data).toMatchObject({
      platform: 'Instagram', kind: 'reel', shortcode: 'C1a2B3c4D5e', username: 'glowgirl', fetched: false,
      video_embedded_url: 'https://www.instagram.com/reel/C1a2B3c4D5e/embed', url: 'http://instagram.com/glowgirl/reel/C1a2B3c4D5e/?igsh=x',
    });
    const post = await w.inject('POST', '/second/instagram_videos/fetch_videos_details', { videoUrl: 'https://www.instagram.com/p/Cxyz12345/' });
    expect(post.json().data).toMatchObject({ kind: 'post', username: null, video_embedded_url: 'https://www.instagram.com/p/Cxyz12345/embed' });
    const wrong = await w.inject('POST', '/second/instagram_videos/fetch_videos_details', { videoUrl: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ' });
    expect([wrong.statusCode, wrong.json().message]).toEqual([400, UPLOAD_MESSAGES.notInstagram]);
    const added = await w.inject('POST', '/second/video/submit-video-url', { url: 'https://www.instagram.com/p/Cxyz12345/' });
    expect(added.json().video.platform).toBe('Instagram');
  });

  it('PUT /videos/dropbox_videos/:id adds the Dropbox file once, then updates its link and title', async () => {
    w = await openUploadWorkspace();
    const first = await w.inject('PUT', '/jwt_api/videos/dropbox_videos/id:AbC123', { video_url: 'https://www.dropbox.com/s/abc123/unboxing.mp4?dl=0' });
    expect(first.json()).toMatchObject({ duplicate: false, video: { platform: 'Dropbox', title: 'Unboxing', analysis_stage: 'pending' } });
    const second = await w.inject('PUT', '/jwt_api/videos/dropbox_videos/id:AbC123', { video_url: 'https://www.dropbox.com/s/abc123/unboxing-v2.mp4?dl=0', title: 'Unboxing, final cut' });
    expect(second.json()).toMatchObject({ duplicate: true, video: { _id: first.json().video._id, title: 'Unboxing, final cut', video_url: 'https://www.dropbox.com/s/abc123/unboxing-v2.mp4?dl=0' } });
    const notDropbox = await w.inject('PUT', '/jwt_api/videos/dropbox_videos/x', { video_url: 'https://youtu.be/dQw4w9WgXcQ' });
    expect(notDropbox.statusCode).toBe(400);
  });
});
