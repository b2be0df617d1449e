import { afterEach, describe, expect, it } from 'vitest';
import { ASK_INTRO_FLAG } from '../../../../src/shared/constants';
import { ONBOARDING_MESSAGES } from '../../../../src/shared/http/onboarding.schemas';
import { multipartBody } from './support/multipart';
import { openUploadWorkspace, type UploadWorkspace } from './support/uploadWorkspace';

let w: UploadWorkspace;
afterEach(async () => w?.close());

// A 1×1 PNG.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

describe('onboarding, navbar and bookmarks', () => {
  it('saves brand details from multipart with a logo served from the media folder, and from JSON', async () => {
    w = await openUploadWorkspace();
    const form = multipartBody({ name: 'Lumina Skin Lab', brand_id: w.brandId }, [{ field: 'logo', name: 'logo.png', type: 'image/png', data: PNG }]);
    const saved = await w.app.inject({ method: 'POST', url: '/jwt_api/users/update_brand_details', payload: form.payload, headers: { ...form.headers, authorization: `Bearer ${w.jwt}` } });
    expect(saved.statusCode).toBe(200);
    const brand = saved.json().brand;
    expect(brand).toMatchObject({ _id: w.brandId, name: 'Lumina Skin Lab', picture: expect.stringMatching(/^\/media\/brands\/[0-9a-f]{24}\.png$/) });
    const served = await w.app.inject({ method: 'GET', url: brand.picture });
    expect([served.statusCode, served.headers['content-type'], served.rawPayload.equals(PNG)]).toEqual([200, 'image/png', true]);

    const json = await w.inject('POST', '/jwt_api/users/update_brand_details', { name: 'Lumina' });
    expect(json.json()).toEqual({ message: ONBOARDING_MESSAGES.saved, brand: { _id: w.brandId, name: 'Lumina', picture: brand.picture } });
    const badLogo = multipartBody({ name: 'X' }, [{ field: 'logo', name: 'logo.exe', type: 'application/octet-stream', data: Buffer.from('MZ') }]);
    const refused = await w.app.inject({ method: 'POST', url: '/jwt_api/users/update_brand_details', payload: badLogo.payload, headers: { ...badLogo.headers, authorization: `Bearer ${w.jwt}` } });
    expect([refused.statusCode, refused.json().message]).toEqual([415, ONBOARDING_MESSAGES.logoType]);
  });

  it('navbar stats count the brand\'s videos by stage and keep the assistant-intro flag per user', async () => {
    w = await openUploadWorkspace();
    const empty = (await w.inject('GET', '/jwt_api/navbar_stats')).json().data;
    expect(empty).toEqual({ brand_id: w.brandId, video_count: 0, analysed_count: 0, pending_count: 0, processing_count: 0, product_count: 1, [ASK_INTRO_FLAG]: true, first_video: null });
    const video = (await w.inject('POST', '/second/video/submit-video-url', { url: 'youtu.be/dQw4w9WgXcQ' })).json().video;
    expect((await w.inject('GET', '/jwt_api/navbar_stats')).json().data).toMatchObject({ video_count: 1, pending_count: 1, first_video: { _id: video._id, analysis_stage: 'pending' } });
    await w.advance(0);
    expect((await w.inject('GET', '/jwt_api/navbar_stats')).json().data).toMatchObject({ processing_count: 1 });
    expect((await w.inject('GET', `/jwt_api/videos/${video._id}/status`)).json()).toMatchObject({ analysis_stage: 'processing', due_at: '2026-03-01T10:10:00.000Z' });
    const patched = await w.inject('PATCH', '/jwt_api/navbar_stats', { [ASK_INTRO_FLAG]: false });
    expect(patched.json().data[ASK_INTRO_FLAG]).toBe(false);
    expect((await w.inject('GET', '/jwt_api/navbar_stats')).json().data[ASK_INTRO_FLAG]).toBe(false);
    const details = (await w.inject('GET', '/jwt_api/users/video_upload_details')).json().data;
    expect(details).toMatchObject({ video_count: 1, uploaded_count: 1, min_videos_for_carousel: 5, analysis_minutes: 10, accepted_types: { mp4: 'video/mp4' } });
    expect(details.by_platform.Youtube).toBe(1);
    expect((await w.inject('GET', `/jwt_api/videos/${video._id}/status?brand_id=${w.competitorId}`)).statusCode).toBe(404);
  });

  it('bookmarks toggle per user and persist across a restart', async () => {
    w = await openUploadWorkspace();
    const data = (await w.inject('GET', '/jwt_api/api/bookmarks/data')).json();
    expect(data.bookmarks).toEqual([]);
    expect(data.suggestions[1]).toEqual({ id: 2, target: 'videos', title: 'Videos', icon: 'Video', link: '/videos', isBookmarked: false });
    expect((await w.inject('POST', '/jwt_api/api/bookmarks/update', { id: 2 })).json().entry.isBookmarked).toBe(true);
    expect((await w.inject('POST', '/jwt_api/api/bookmarks/update', { id: 8 })).json().entry.isBookmarked).toBe(true);
    expect((await w.inject('POST', '/jwt_api/api/bookmarks/update', { id: 8 })).json().entry.isBookmarked).toBe(false);
    expect((await w.inject('POST', '/jwt_api/api/bookmarks/update', { id: 999 })).statusCode).toBe(404);
    await w.closeApp();
    const { dataDir, user, clock } = w;
    w = await openUploadWorkspace({ reuse: { dataDir, user, clock } });
    const after = (await w.inject('GET', '/jwt_api/api/bookmarks/data')).json();
    expect(after.bookmarks.map((entry: { id: number }) => entry.id)).toEqual([2]);
    expect(after.suggestions.filter((entry: { isBookmarked: boolean }) => entry.isBookmarked).map((entry: { target: string }) => entry.target)).toEqual(['videos']);
  });
});
