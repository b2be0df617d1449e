/**
 * The brand activity view (issue 29): who did what, read from the change log, over the real app on the test engine.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ACTIVITY_PAGE_SIZE, type ActivityPage } from '../../../../src/shared/http/activity.schemas';
import { createTestUser, send, signIn, startTestApp, type TestApp } from '../support/testServer';

let t: TestApp;
let brandId: string;
let maya: { id: string; jwt: string };
let sam: { id: string; jwt: string };
const videoIds = ['act-video-1', 'act-video-2'] as const;

beforeEach(async () => {
  t = await startTestApp();
  const mayaUser = await createTestUser(t.sql, { email: 'maya@example.com', firstName: 'Maya', brands: [{ name: 'Glow' }] });
  brandId = mayaUser.brandIds[0]!;
  const samUser = await createTestUser(t.sql, { email: 'sam@example.com', firstName: 'Sam' });
  await t.sql.run("UPDATE users SET last_name = CASE first_name WHEN 'Maya' THEN 'Ito' ELSE 'Reed' END");
  await t.sql.run('INSERT INTO brand_members (user_id, brand_id) VALUES (?, ?)', [samUser.id, brandId]);
  const at = '2026-02-01T00:00:00.000Z';
  for (const [i, id] of videoIds.entries()) {
    await t.sql.run("INSERT INTO videos (id, brand_id, title, platform, video_url, created_at, updated_at) VALUES (?, ?, ?, 'youtube', 'https://v.example/1', ?, ?)", [id, brandId, `Video ${i + 1}`, at, at]);
  }
  maya = { id: mayaUser.id, jwt: (await signIn(t.app, mayaUser)).jwt };
  sam = { id: samUser.id, jwt: (await signIn(t.app, samUser)).jwt };
});
afterEach(async () => t.close());

const ok = async (method: 'POST' | 'PUT', url: string, body: unknown, jwt: string) => {
  const response = await send(t.app, method, `/jwt_api${url}`, body, jwt);
  expect(response.statusCode, response.body).toBe(200);
};
const activity = async (jwt: string, query: Record<string, string> = {}, brand = brandId) => {
  const response = await send(t.app, 'GET', `/jwt_api/brands/${brand}/activity?${new URLSearchParams(query).toString()}`, undefined, jwt);
  return { status: response.statusCode, page: response.json<ActivityPage>() };
};
const summary = (page: ActivityPage) => page.entries.map((e) => `${e.kind} ${e.verb} ${e.title ?? '-'} by ${e.by?.name ?? '-'}`);

describe('the brand activity', () => {
  it('lists what each teammate did, newest first, with the author and the title; filters by person and kind', async () => {
    await ok('PUT', `/videos/${videoIds[0]}/video_note`, { content: 'Great hook' }, maya.jwt);
    await ok('POST', '/videos/flag_videos', { video_ids: [videoIds[1]], reason: 'Spam or misleading' }, sam.jwt);
    await t.sql.run("INSERT INTO reports (id, brand_id, user_id, type, title, created_at) VALUES ('act-report', ?, ?, 'custom', 'Spring reach', ?)", [brandId, sam.id, '2026-02-02T00:00:00.000Z']);

    const all = await activity(maya.jwt);
    expect(all.status).toBe(200);
    expect(summary(all.page)).toEqual([
      'report added Spring reach by Sam Reed', 'flag flagged Video 2 by Sam Reed', 'note added Video 1 by Maya Ito', 'video added Video 2 by -', 'video added Video 1 by -',
      'team joined Sam Reed by Sam Reed', 'team joined Maya Ito by Maya Ito',
    ]);
    expect(all.page.entries[1]).toMatchObject({ target_kind: 'video', target_id: videoIds[1], video_id: videoIds[1] });
    expect(all.page.entries[0]!.at).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(all.page.people.map((p) => p.name)).toEqual(['Maya Ito', 'Sam Reed']);

    expect(summary((await activity(maya.jwt, { person: sam.id })).page)).toEqual(['report added Spring reach by Sam Reed', 'flag flagged Video 2 by Sam Reed', 'team joined Sam Reed by Sam Reed']);
    expect(summary((await activity(maya.jwt, { kind: 'note' })).page)).toEqual(['note added Video 1 by Maya Ito']);
    expect(summary((await activity(maya.jwt, { person: maya.id, kind: 'flag' })).page)).toEqual([]);
  });

  it('filters by days, both ends included', async () => {
    await ok('PUT', `/videos/${videoIds[0]}/video_note`, { content: 'old' }, maya.jwt);
    await ok('PUT', `/videos/${videoIds[1]}/video_note`, { content: 'new' }, maya.jwt);
    // The log stamps each change with the time it was written; the test moves the first one back two days.
    await t.sql.run("UPDATE brand_changes SET at = '2026-03-01T23:59:59.000Z' WHERE video_id = ? AND kind = 'note'", [videoIds[0]]);
    await t.sql.run("UPDATE brand_changes SET at = '2026-03-03T00:00:00.000Z' WHERE video_id = ? AND kind = 'note'", [videoIds[1]]);
    expect(summary((await activity(maya.jwt, { kind: 'note', from: '2026-03-01', to: '2026-03-01' })).page)).toEqual(['note added Video 1 by Maya Ito']);
    expect(summary((await activity(maya.jwt, { kind: 'note', from: '2026-03-02' })).page)).toEqual(['note added Video 2 by Maya Ito']);
    expect(summary((await activity(maya.jwt, { kind: 'note', to: '2026-03-02' })).page)).toEqual(['note added Video 1 by Maya Ito']);
    expect((await activity(maya.jwt, { from: 'yesterday' })).status).toBe(400);
  });

  it('pages newest first with a cursor, every entry once', async () => {
    for (let i = 0; i < ACTIVITY_PAGE_SIZE + 5; i++) await ok('PUT', `/videos/${videoIds[0]}/video_note`, { content: `note ${i}` }, maya.jwt);
    const total = Number((await t.sql.get<{ n: number | string }>('SELECT COUNT(*) AS n FROM brand_changes WHERE brand_id = ? AND verb IS NOT NULL', [brandId]))!.n);
    const first = await activity(maya.jwt);
    expect(first.page.entries).toHaveLength(ACTIVITY_PAGE_SIZE);
    expect(first.page.next_cursor).not.toBeNull();
    const second = await activity(maya.jwt, { cursor: first.page.next_cursor! });
    expect(second.page.entries).toHaveLength(total - ACTIVITY_PAGE_SIZE);
    expect(second.page.next_cursor).toBeNull();
    const ids = [...first.page.entries, ...second.page.entries].map((e) => Number(e.id));
    expect(new Set(ids).size).toBe(total);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
  });

  it("shows a person their own favorites but never a teammate's", async () => {
    await ok('POST', '/videos/favorite_videos', { video_ids: [videoIds[0]] }, sam.jwt);
    await ok('POST', '/videos/favorite_videos', { video_ids: [videoIds[1]] }, maya.jwt);
    expect(summary((await activity(maya.jwt, { kind: 'favorite' })).page)).toEqual(['favorite favorited Video 2 by Maya Ito']);
    expect(summary((await activity(sam.jwt, { kind: 'favorite' })).page)).toEqual(['favorite favorited Video 1 by Sam Reed']);
    expect(summary((await activity(maya.jwt, { person: sam.id })).page)).toEqual(['team joined Sam Reed by Sam Reed']);
  });

  it("refuses another brand's activity as if it did not exist", async () => {
    const lee = await createTestUser(t.sql, { email: 'lee@example.com', brands: [{ name: 'Dew' }] });
    const leeJwt = (await signIn(t.app, lee)).jwt;
    await ok('PUT', `/videos/${videoIds[0]}/video_note`, { content: 'private' }, maya.jwt);
    expect((await activity(leeJwt)).status).toBe(404);
    expect(summary((await activity(leeJwt, {}, lee.brandIds[0]!)).page)).toEqual(['team joined Test User by Test User']);
    expect((await send(t.app, 'GET', `/jwt_api/brands/${brandId}/activity`)).statusCode).toBe(401);
  });
});
