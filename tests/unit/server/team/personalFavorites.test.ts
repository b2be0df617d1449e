/**
 * Favorites stay personal, flags are the team's (issue 29), over the real app on the test engine: one teammate's
 * favorite is not another's, in the list's flag, the Favorites tab and its count, the favorites-first sort and the
 * products; the old brand-wide favorites move to whoever set them, else to the brand's manager.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MOVE_FAVORITES } from '../../../../src/server/db/migrations/031_personal_favorites';
import type { ProductListResponse } from '../../../../src/shared/http/products.schemas';
import type { VideoListResponse } from '../../../../src/shared/http/videos.schemas';
import { createTestUser, send, signIn, startTestApp, type TestApp } from '../support/testServer';

let t: TestApp;
let brandId: string;
let maya: { id: string; jwt: string };
let sam: { id: string; jwt: string };
const AT = '2026-02-01T00:00:00.000Z';

beforeEach(async () => {
  t = await startTestApp();
  const mayaUser = await createTestUser(t.sql, { email: 'maya@example.com', firstName: 'Maya', brands: [{ name: 'Glow' }] });
  brandId = mayaUser.brandIds[0]!;
  const samUser = await createTestUser(t.sql, { email: 'sam@example.com', firstName: 'Sam' });
  await t.sql.run("INSERT INTO brand_members (user_id, brand_id, role) VALUES (?, ?, 'member')", [samUser.id, brandId]);
  for (const id of ['fav-v1', 'fav-v2']) {
    await t.sql.run("INSERT INTO videos (id, brand_id, title, platform, video_url, created_at, updated_at) VALUES (?, ?, ?, 'Youtube', 'https://v.example/1', ?, ?)", [id, brandId, id, AT, AT]);
  }
  await t.sql.run("INSERT INTO products (id, brand_id, name, category, description, price, created_at, updated_at) VALUES ('fav-p1', ?, 'Serum', 'Skincare', '', 10, ?, ?)", [brandId, AT, AT]);
  maya = { id: mayaUser.id, jwt: (await signIn(t.app, mayaUser)).jwt };
  sam = { id: samUser.id, jwt: (await signIn(t.app, samUser)).jwt };
});
afterEach(async () => t.close());

const ok = async (url: string, body: object, jwt: string) => {
  const response = await send(t.app, 'POST', `/jwt_api${url}`, body, jwt);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ count: number }>().count;
};
const videos = async (jwt: string, query: Record<string, string> = {}) =>
  (await send(t.app, 'GET', `/jwt_api/videos?${new URLSearchParams(query).toString()}`, undefined, jwt)).json<VideoListResponse>();
/** What a person's list shows: the favorite stars of My Videos, the Favorites tab's ids and count, the flags. */
const seenBy = async (jwt: string) => {
  const mine = await videos(jwt);
  const favorites = await videos(jwt, { tab: 'Favorites' });
  const flagged = await videos(jwt, { tab: 'Flagged' });
  const products = (await send(t.app, 'GET', '/jwt_api/products?tab=Favorites', undefined, jwt)).json<ProductListResponse>();
  return {
    stars: mine.videos.filter((video) => video.is_favorite).map((video) => video._id).sort(),
    favorites: favorites.videos.map((video) => video._id),
    favoritesCount: favorites.data.count,
    flagged: flagged.videos.map((video) => video._id),
    favoriteProducts: products.products.map((product) => product._id),
  };
};

describe('favorites stay personal, flags are the team’s', () => {
  it("shows a favorite to the teammate who set it only; unfavoriting takes out one's own; a flag is everyone's", async () => {
    expect(await ok('/videos/favorite_videos', { video_ids: ['fav-v1'] }, maya.jwt)).toBe(1);
    expect(await ok('/products/favorite_products', { product_ids: ['fav-p1'] }, maya.jwt)).toBe(1);
    // Sam's own favorite of the same video is new to Sam, and his unfavorite leaves Maya's.
    expect(await ok('/videos/favorite_videos', { video_ids: ['fav-v1', 'fav-v2'] }, sam.jwt)).toBe(2);
    expect(await ok('/videos/unfavorite_videos', { video_ids: ['fav-v1'] }, sam.jwt)).toBe(1);
    expect(await ok('/videos/flag_videos', { video_ids: ['fav-v2'], reason: 'Spam or misleading' }, maya.jwt)).toBe(1);

    expect(await seenBy(maya.jwt)).toEqual({ stars: ['fav-v1'], favorites: ['fav-v1'], favoritesCount: 1, flagged: ['fav-v2'], favoriteProducts: ['fav-p1'] });
    // fav-v2 is flagged by the team: out of My Videos, still in Sam's own Favorites (a flag does not hide favorites).
    expect(await seenBy(sam.jwt)).toEqual({ stars: [], favorites: ['fav-v2'], favoritesCount: 1, flagged: ['fav-v2'], favoriteProducts: [] });
    // Favorites first: Maya's favorite leads her list, not Sam's.
    expect((await videos(maya.jwt, { sort: 'favorite_videos' })).videos[0]?._id).toBe('fav-v1');
    expect((await videos(sam.jwt, { sort: 'favorite_videos', tab: 'Favorites' })).videos.map((video) => video._id)).toEqual(['fav-v2']);
  });

  it('moves the old brand-wide favorites to whoever set them, else to the brand’s manager, logging nothing', async () => {
    const gone = await createTestUser(t.sql, { email: 'gone@example.com', firstName: 'Gone' });
    const mark = "INSERT INTO marks (mark, kind, target_id, brand_id, user_id, created_at) VALUES ('favorite', 'video', ?, ?, ?, ?)";
    await t.sql.run(mark, ['fav-v1', brandId, sam.id, AT]);
    await t.sql.run(mark, ['fav-v2', brandId, gone.id, AT]);
    const logged = async () => (await t.sql.get<{ n: number }>('SELECT COUNT(*) AS n FROM brand_changes'))?.n;
    const before = await logged();
    // The migration's own text, in one transaction as the migration runs it (its temporary table lives on one connection).
    await t.sql.transaction(async (tx) => {
      for (const statement of MOVE_FAVORITES.split(';').map((text) => text.trim()).filter(Boolean)) await tx.run(statement);
    });
    expect(await logged()).toBe(before);
    expect(await t.sql.all("SELECT COUNT(*) AS n FROM marks WHERE mark = 'favorite'")).toEqual([{ n: 0 }]);
    expect(await seenBy(sam.jwt)).toMatchObject({ favorites: ['fav-v1'] });
    expect(await seenBy(maya.jwt)).toMatchObject({ favorites: ['fav-v2'] });
  });
});
