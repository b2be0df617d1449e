import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { WORKSPACE_NOW, type VideoWorkspace } from '../videos/support/videoWorkspace';
import { firstValue, firstValues } from '../support/testEngine';
import { METRICS_KEY_HEADER } from '../../../../src/shared/http/widgets.schemas';
import { BRAND_MADE_SQL } from '../../../../src/server/repositories/videos/videoScope';
import { openWorkspaceWithMember } from './teamSupport';

/**
 * Authorship (issue 29): every kind of shared change answers who made it and who changed it last, with their names.
 * The demo manager makes each thing; Maya, a member invited through the team, changes it.
 */
let w: VideoWorkspace;
let maya: { jwt: string; userId: string };
let managerName = '';
beforeAll(async () => void ({ w, maya, managerName } = await openWorkspaceWithMember()), 120_000);
afterAll(async () => w.close());

const MAYA = () => ({ _id: maya.userId, name: 'Maya Levi' });
const MANAGER = () => ({ _id: w.userId, name: managerName });

/** The same call as the member (her own identity in the body). */
function asMaya(method: 'GET' | 'POST' | 'PUT', path: string, body: object = {}): Promise<LightMyRequestResponse> {
  const identity = { brand_id: w.brandId, user_id: maya.userId };
  return method === 'GET'
    ? w.app.inject({ method, url: `${path}?${new URLSearchParams(identity).toString()}`, headers: { authorization: `Bearer ${maya.jwt}` } })
    : w.app.inject({ method, url: path, headers: { authorization: `Bearer ${maya.jwt}` }, payload: { ...identity, ...body } });
}

const aVideo = async (): Promise<string> =>
  (await firstValue(w.sql, "SELECT id FROM videos v WHERE brand_id = ? AND NOT EXISTS (SELECT 1 FROM marks m WHERE m.target_id = v.id) ORDER BY id LIMIT 1", [w.brandId])) as string;

describe('who did it and when (issue 29)', () => {
  it("a note answers its last writer and time: the manager's, then Maya's after she edits it", async () => {
    const id = await aVideo();
    await w.send('PUT', `/jwt_api/videos/${id}/video_note`, { content: 'Ask for the raw file' });
    expect((await w.get(`/jwt_api/videos/${id}/video_note`)).json().note).toMatchObject({ updated_by: MANAGER(), updated_at: WORKSPACE_NOW });
    await asMaya('PUT', `/jwt_api/videos/${id}/video_note`, { content: 'Ask for the raw file and the music rights' });
    expect((await w.get(`/jwt_api/videos/${id}/video_note`)).json().note).toMatchObject({ updated_by: MAYA(), content: 'Ask for the raw file and the music rights' });
  });

  it('a flag answers who flagged the video and when, to every teammate', async () => {
    const id = await aVideo();
    expect((await asMaya('POST', '/jwt_api/videos/flag_videos', { video_ids: [id], reason: 'Spam or misleading' })).statusCode).toBe(200);
    expect((await w.get(`/jwt_api/videos/${id}`)).json().video).toMatchObject({ is_flagged: true, flagged_by: MAYA(), flagged_at: WORKSPACE_NOW });
  });

  it("a report answers its owner and its last editor", async () => {
    const created = (await w.send('POST', '/jwt_api/reports', { type: 'custom', title: 'Launch read-out', metrics: ['kpis'], duration: '3m' })).json();
    expect(created).toMatchObject({ owner: MANAGER(), updated_by: MANAGER() });
    const renamed = (await asMaya('PUT', `/jwt_api/reports/${created._id}`, { title: 'Launch read-out, final' })).json();
    expect(renamed).toMatchObject({ owner: MANAGER(), updated_by: MAYA() });
    const listed = (await w.get('/jwt_api/reports')).json().reports.find((report: { _id: string }) => report._id === created._id);
    expect(listed).toMatchObject({ owner: MANAGER(), updated_by: MAYA() });
  });

  it('a campaign answers who created it and who changed it last', async () => {
    const created = (await w.send('POST', '/jwt_api/campaigns', { publish: false, campaign: { campaign_headline: 'Summer glow' } })).json().campaign;
    expect(created).toMatchObject({ created_by: MANAGER(), updated_by: MANAGER() });
    const edited = await asMaya('PUT', `/jwt_api/campaigns/${created._id}`, { publish: false, campaign: { campaign_headline: 'Summer glow, week 2' } });
    expect(edited.statusCode, edited.body).toBe(200);
    expect((await w.get(`/jwt_api/campaigns/${created._id}`)).json().campaign).toMatchObject({ created_by: MANAGER(), updated_by: MAYA() });
  });

  it('an audience label answers who added it and who changed it last', async () => {
    const id = await aVideo();
    const added = (await w.send('POST', '/jwt_api/demographics_labels', { demographics_data_id: id, label: 'Students', age_range: '18-24' })).json().label;
    expect(added).toMatchObject({ created_by: MANAGER(), updated_by: MANAGER() });
    const changed = (await asMaya('PUT', `/jwt_api/demographics_labels/${added._id}`, { demographics_data_id: id, label: 'Graduates' })).json().label;
    expect(changed).toMatchObject({ created_by: MANAGER(), updated_by: MAYA() });
  });

  it('a license request answers the teammate who asked for it', async () => {
    const asked = await asMaya('POST', '/jwt_api/license_agreements', { license_video: await aVideo(), duration: '1 year', price: 10 });
    expect(asked.statusCode, asked.body).toBe(200);
    expect(asked.json().license_agreement).toMatchObject({ requested_by: MAYA() });
    const listed = (await w.get('/jwt_api/license_agreements')).json().agreements.find((one: { _id: string }) => one._id === asked.json().license_agreement._id);
    expect(listed).toMatchObject({ requested_by: MAYA() });
  });

  it('a widget answers who made it and who changed it last, each through their own app key', async () => {
    const appKey = async (jwt: string) => (await w.app.inject({ method: 'POST', url: `/jwt_api/brands/${w.brandId}/app_key`, headers: { authorization: `Bearer ${jwt}` } })).json().app_key as string;
    const widgets = (key: string, method: 'POST' | 'PUT' | 'GET', url: string, payload?: object) =>
      w.app.inject({ method, url: `/metrics${url}`, headers: { [METRICS_KEY_HEADER]: key }, ...(payload ? { payload } : {}) });
    const playable = (await firstValues<string>(w.sql, 'SELECT id FROM videos WHERE brand_id = ? AND media_file IS NOT NULL ORDER BY id LIMIT 5', [w.brandId]));
    const body = { title: 'Spring carousel', videos: playable.map((video_id) => ({ video_id, settings: { products: [] } })) };
    const made = await widgets(await appKey(w.jwt), 'POST', '/widget', body);
    expect(made.statusCode, made.body).toBe(200);
    const id = made.json().widget._id as string;
    expect(made.json().widget).toMatchObject({ created_by: MANAGER(), updated_by: MANAGER() });
    const edited = await widgets(await appKey(maya.jwt), 'PUT', `/widget/${id}`, { ...body, title: 'Spring carousel, v2' });
    expect(edited.statusCode, edited.body).toBe(200);
    const listed = (await widgets(await appKey(w.jwt), 'GET', '/widgets/')).json().widgets.find((one: { _id: string }) => one._id === id);
    expect(listed).toMatchObject({ created_by: MANAGER(), updated_by: MAYA() });
  });

  it('a publish answers the teammate who published, on the job and in the app manager', async () => {
    const id = (await firstValues<string>(w.sql, `SELECT v.id FROM videos v LEFT JOIN creators c ON c.id = v.creator_id WHERE v.brand_id = ? AND ${BRAND_MADE_SQL}
      AND NOT EXISTS (SELECT 1 FROM marks m WHERE m.target_id = v.id) ORDER BY v.id DESC LIMIT 1`, [w.brandId]))[0] ?? '';
    const published = await asMaya('POST', '/jwt_api/videos/multi_publish', { video_ids: [id], published: true });
    expect(published.statusCode, published.body).toBe(200);
    expect(published.json().jobs[0]).toMatchObject({ video_id: id, requested_by: MAYA() });
    const title = (await firstValue(w.sql, 'SELECT title FROM videos WHERE id = ?', [id])) as string;
    const managed = (await w.get('/jwt_api/app_manager/videos', { tab: 'all', search: title, per_page: '100' })).json().videos.find((one: { _id: string }) => one._id === id);
    expect(managed.job).toMatchObject({ requested_by: MAYA() });
  });
});
