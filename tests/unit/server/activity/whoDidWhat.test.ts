/**
 * Who did what (issue 40): each activity entry names the person who did it and what they did — publishing, a license
 * request, its acceptance and payment, a campaign going live, a new widget, an upload, a removal from the team,
 * invitations and joins — through the real routes on the test engine.
 */
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ActivityPage } from '../../../../src/shared/http/activity.schemas';
import type { LiveMail } from '../../../../src/shared/http/outbox.schemas';
import type { TeamResponse } from '../../../../src/shared/http/team.schemas';
import { METRICS_KEY_HEADER } from '../../../../src/shared/http/widgets.schemas';
import { BRAND_MADE_SQL } from '../../../../src/server/repositories/videos/videoScope';
import { firstValue, firstValues } from '../support/testEngine';
import { invite, openWorkspaceWithMember, signUpInvited } from '../team/teamSupport';
import { DELAY_MS, openUploadWorkspace } from '../uploads/support/uploadWorkspace';
import type { VideoWorkspace } from '../videos/support/videoWorkspace';

let w: VideoWorkspace;
let maya: { jwt: string; userId: string };
let managerName = '';
let mailbox: LiveMail[] = [];
beforeAll(async () => void ({ w, maya, managerName, mailbox } = await openWorkspaceWithMember()), 120_000);
afterAll(async () => w.close());

/** A call as Maya, a member, with her own identity. */
async function asMaya(method: 'GET' | 'POST' | 'PUT', path: string, body: object = {}): Promise<LightMyRequestResponse> {
  const identity = { brand_id: w.brandId, user_id: maya.userId };
  const response = method === 'GET'
    ? await w.app.inject({ method, url: `${path}?${new URLSearchParams(identity).toString()}`, headers: { authorization: `Bearer ${maya.jwt}` } })
    : await w.app.inject({ method, url: path, headers: { authorization: `Bearer ${maya.jwt}` }, payload: { ...identity, ...body } });
  expect(response.statusCode, response.body).toBe(200);
  return response;
}

/** The activity as the manager reads it: "<kind> <verb> <title> by <who>", newest first. */
async function activity(query: Record<string, string>): Promise<string[]> {
  const url = `/jwt_api/brands/${w.brandId}/activity?${new URLSearchParams(query).toString()}`;
  const response = await w.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${w.jwt}` } });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as ActivityPage).entries.map((e) => `${e.kind} ${e.verb} ${e.title ?? '-'} by ${e.by?.name ?? 'Reelscope'}`);
}
const byMaya = (kind: string) => activity({ person: maya.userId, kind });

const unmarkedVideo = async (offset: number): Promise<{ id: string; title: string }> => {
  const [id] = await firstValues<string>(w.sql, `SELECT v.id FROM videos v LEFT JOIN creators c ON c.id = v.creator_id WHERE v.brand_id = ? AND ${BRAND_MADE_SQL}
    AND NOT EXISTS (SELECT 1 FROM marks m WHERE m.target_id = v.id) ORDER BY v.id DESC LIMIT 1 OFFSET ${offset}`, [w.brandId]);
  return { id: id!, title: (await firstValue(w.sql, 'SELECT title FROM videos WHERE id = ?', [id!])) as string };
};

describe('the activity says who did what', () => {
  it('a publish is the teammate who asked for it, once, as "published"', async () => {
    const video = await unmarkedVideo(0);
    await asMaya('POST', '/jwt_api/videos/multi_publish', { video_ids: [video.id], published: true });
    expect(await byMaya('publish')).toEqual([`publish published ${video.title} by Maya Levi`]);
    // The video row's own published flag is the job's doing, not a second entry.
    expect(await activity({ kind: 'video', person: maya.userId })).toEqual([]);
  });

  it("a license's request, acceptance and payment are each the person's, one entry each", async () => {
    const video = await unmarkedVideo(1);
    const asked = await asMaya('POST', '/jwt_api/license_agreements', { license_video: video.id, duration: '1 year', price: 10 });
    const id = asked.json().license_agreement._id as string;
    await asMaya('PUT', `/jwt_api/license_agreements/${id}`, { status: 'accepted' });
    await asMaya('PUT', `/jwt_api/license_agreements/${id}`, { status: 'active' });
    expect(await byMaya('license')).toEqual(['paid', 'accepted', 'requested'].map((verb) => `license ${verb} ${video.title} by Maya Levi`));
  });

  it('a campaign saved as a draft, then published, says both, by the person', async () => {
    const draft = (await asMaya('POST', '/jwt_api/campaigns', { publish: false, campaign: { campaign_headline: 'Autumn glow' } })).json().campaign;
    const fields = { campaign_headline: 'Autumn glow', description: 'Show your evening routine.', start_date: '2026-12-01', start_time: '09:00', end_date: '2027-01-31', end_time: '18:00' };
    await asMaya('PUT', `/jwt_api/campaigns/${draft._id}`, { publish: true, campaign: fields });
    expect(await byMaya('campaign')).toEqual(['campaign published Autumn glow by Maya Levi', 'campaign added Autumn glow by Maya Levi']);
  });

  it("a widget made through a teammate's app key is theirs", async () => {
    const key = (await w.app.inject({ method: 'POST', url: `/jwt_api/brands/${w.brandId}/app_key`, headers: { authorization: `Bearer ${w.jwt}` } })).json().app_key as string;
    const playable = await firstValues<string>(w.sql, 'SELECT id FROM videos WHERE brand_id = ? AND media_file IS NOT NULL ORDER BY id LIMIT 5', [w.brandId]);
    const made = await w.app.inject({
      method: 'POST', url: '/metrics/widget', headers: { [METRICS_KEY_HEADER]: key },
      payload: { title: 'Autumn carousel', videos: playable.map((video_id) => ({ video_id, settings: { products: [] } })) },
    });
    expect(made.statusCode, made.body).toBe(200);
    expect(await activity({ person: w.userId, kind: 'widget' })).toEqual([`widget added Autumn carousel by ${managerName}`]);
  });

  it('invitations, joins and removals from the team are recorded, each by who did it', async () => {
    const token = await invite(w.app, w.jwt, w.brandId, 'sam@lumina.test');
    await signUpInvited(w.app, mailbox, token, 'Sam');
    const team = (await w.get(`/jwt_api/brands/${w.brandId}/team`)).json() as TeamResponse;
    const sam = team.members.find((person) => person.email === 'sam@lumina.test')!._id;
    expect((await w.send('DELETE', `/jwt_api/brands/${w.brandId}/team/members/${sam}`)).statusCode).toBe(200);
    expect((await activity({ kind: 'team' })).slice(0, 3)).toEqual([
      `team removed Sam Levi by ${managerName}`, 'team joined Sam Levi by Sam Levi', `team invited sam@lumina.test by ${managerName}`,
    ]);
    expect(await byMaya('team')).toEqual(['team joined Maya Levi by Maya Levi']);
  });
});

describe('an upload in the activity', () => {
  it('is one "added" entry by the person who uploaded, whatever its processing writes afterwards', async () => {
    const u = await openUploadWorkspace();
    try {
      const target = (await u.inject('POST', '/second/video/create-upload-url/spring-routine.mp4', {})).json() as { url: string; videoId: string };
      const stored = await u.app.inject({ method: 'PUT', url: target.url, payload: Buffer.from('video bytes'), headers: { 'content-type': 'video/mp4' } });
      expect(stored.statusCode, stored.body).toBe(200);
      await u.advance(DELAY_MS);
      await u.settled(target.videoId);
      const page = (await u.inject('GET', `/jwt_api/brands/${u.brandId}/activity?kind=video`)).json() as ActivityPage;
      const name = (await firstValue(u.sql, "SELECT first_name || ' ' || last_name FROM users WHERE id = ?", [u.user.id])) as string;
      expect(page.entries.map((e) => [e.verb, e.target_id, e.by?.name ?? 'Reelscope'])).toEqual([['added', target.videoId, name]]);
    } finally {
      await u.close();
    }
  });
});
