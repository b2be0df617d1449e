import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { openVideoWorkspace, WORKSPACE_NOW, type VideoWorkspace } from '../videos/support/videoWorkspace';
import { firstValue } from '../support/testEngine';
import { invite, signUpInvited } from './teamSupport';

/**
 * Authorship (issue 29): every kind of shared change answers who made it and who changed it last, with their names.
 * The demo manager makes each thing; Maya, a member invited through the team, changes it.
 */
let w: VideoWorkspace;
let maya: { jwt: string; userId: string };
let managerName = '';
beforeAll(async () => {
  w = await openVideoWorkspace();
  const session = await signUpInvited(w.app, await invite(w.app, w.jwt, w.brandId, 'maya@lumina.test'), 'Maya');
  maya = { jwt: session.jwt, userId: (session as unknown as { currentUser: { _id: string } }).currentUser._id };
  managerName = (await firstValue(w.sql, "SELECT first_name || ' ' || last_name FROM users WHERE id = ?", [w.userId])) as string;
}, 120_000);
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
});
