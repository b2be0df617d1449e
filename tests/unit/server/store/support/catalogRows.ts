/**
 * A small catalog for the creators, products and notes repositories' both-engine tests: brand b1 (u1's) with
 * competitors b2 and b3, creators in several countries with every kind of email (valid, invalid, none, not checked
 * yet), videos with and without a publication date, products of each brand featured in them, notes, marks,
 * daily trackings and a campaign hashtag. Sentiment shares are sums of halves and quarters, so averages are exact on
 * both engines. Plain SQL, inserted the same into SQLite and PostgreSQL.
 */
import { expect } from 'vitest';
import { BASE_ROWS, type EngineUnderTest } from './bothEngines';

const creator = (id: string, brand: string, name: string, handle: string, email: string | null, country: string, subscribers: number, videos: number,
  verified: number, latest: string | null, user: string | null = null) =>
  `INSERT INTO creators (id, brand_id, user_id, name, handle, platform, email, country, language, subscribers, video_count, creator_type, verified, picture,
     categories, latest_platform_video_published_at, sentiment_positive, sentiment_negative, created_at)
   VALUES ('${id}', '${brand}', ${user ? `'${user}'` : 'NULL'}, '${name}', '${handle}', 'tiktok', ${email ? `'${email}'` : 'NULL'}, '${country}', 'en', ${subscribers},
     ${videos}, 'expert', ${verified}, 'https://img.example/${id}.jpg', '["beauty","skin"]', ${latest ? `'${latest}'` : 'NULL'}, 0.5, 0.25, '2026-01-01T00:00:00.000Z');`;

const video = (id: string, brand: string, creatorId: string | null, views: number, likes: number, comments: number, published: string | null, sponsored = 0, positive = 0.5) =>
  `INSERT INTO videos (id, brand_id, title, platform, video_url, thumbnail_url, creator_id, views, likes, comments, sponsored, sponsored_by, sentiment_positive,
     sentiment_negative, published_at, created_at, updated_at)
   VALUES ('${id}', '${brand}', 'Video ${id}', 'tiktok', 'https://v.example/${id}', 'https://img.example/${id}.jpg', ${creatorId ? `'${creatorId}'` : 'NULL'}, ${views},
     ${likes}, ${comments}, ${sponsored}, ${sponsored ? "'Glow'" : 'NULL'}, ${positive}, 0.25, ${published ? `'${published}'` : 'NULL'}, '2026-01-01T00:00:00.000Z',
     '2026-01-01T00:00:00.000Z');`;

const product = (id: string, brand: string, name: string, category: string, created: string) =>
  `INSERT INTO products (id, brand_id, name, category, description, price, pictures, created_at, updated_at)
   VALUES ('${id}', '${brand}', '${name}', '${category}', 'About ${name}', 19.5, '["https://img.example/${id}.jpg"]', '${created}', '${created}');`;

export const CATALOG_ROWS = `${BASE_ROWS}
INSERT INTO brands (id, name, competitor_of, created_at) VALUES ('b3', 'Aurora', 'b1', '2026-11-01T00:00:00.000Z');
${creator('c1', 'b1', 'Maya Stone', '@maya', 'maya@example.com', 'US', 120000, 3, 1, '2026-11-20T10:00:00.000Z', 'u1')}
${creator('c2', 'b1', 'Léa Martin', '@lea', 'not-an-email', 'FR', 30000, 2, 0, '2026-10-02T10:00:00.000Z')}
${creator('c3', 'b1', 'ZOE 100% real', '@zoe', null, 'US', 9000, 1, 0, '2026-06-15T10:00:00.000Z')}
${creator('c4', 'b1', 'Sam Reed', '@sam', 'sam@example.com', '', 600000, 0, 1, '2026-11-25T10:00:00.000Z')}
${creator('c5', 'b2', 'Maya Dew', '@mayadew', 'dew@example.com', 'DE', 1500000, 2, 1, '2026-11-22T10:00:00.000Z')}
${creator('c6', 'b2', 'Ola Nord', '@ola', 'ola@example', 'DE', 45000, 1, 0, '2026-09-01T10:00:00.000Z')}
${creator('c7', 'b3', 'Aki Sato', '@aki', 'aki@example.jp', 'JP', 250000, 1, 0, '2026-11-10T10:00:00.000Z')}
${creator('c8', 'b3', 'No Videos Yet', '@none', null, 'US', 10000, 0, 0, null)}
${video('v1', 'b1', 'c1', 1000, 37, 5, '2026-11-20T10:00:00.000Z', 1, 0.75)}
${video('v2', 'b1', 'c1', 3000, 120, 31, '2026-11-01T10:00:00.000Z', 0, 0.25)}
${video('v3', 'b1', 'c1', 0, 0, 0, null)}
${video('v4', 'b1', 'c2', 2500, 11, 2, '2026-10-02T10:00:00.000Z', 0, 0.5)}
${video('v5', 'b1', 'c2', 501, 9, 1, '2026-09-02T10:00:00.000Z', 1, 1)}
${video('v6', 'b1', 'c3', 777, 7, 0, '2026-06-15T10:00:00.000Z')}
${video('v7', 'b2', 'c5', 90000, 4500, 230, '2026-11-22T10:00:00.000Z', 0, 0.75)}
${video('v8', 'b2', 'c5', 10000, 100, 10, '2026-11-12T10:00:00.000Z')}
${video('v9', 'b2', 'c6', 4000, 40, 4, '2026-09-01T10:00:00.000Z', 0, 0.25)}
${video('v10', 'b3', 'c7', 12000, 600, 60, '2026-11-10T10:00:00.000Z', 0, 1)}
${product('p1', 'b1', 'Glow Serum', 'Skincare', '2026-03-01T00:00:00.000Z')}
${product('p2', 'b1', 'glow cream', 'Skincare', '2026-04-01T00:00:00.000Z')}
${product('p3', 'b1', 'Lip Tint 50%', 'Makeup', '2026-05-01T00:00:00.000Z')}
${product('p4', 'b1', 'Sun Shield', 'Suncare', '2026-02-01T00:00:00.000Z')}
${product('p5', 'b2', 'Dew Drops', 'Skincare', '2026-06-01T00:00:00.000Z')}
${product('p6', 'b2', 'Dew Balm', 'Makeup', '2026-07-01T00:00:00.000Z')}
${product('p7', 'b3', 'Aurora Mist', 'Skincare', '2026-08-01T00:00:00.000Z')}
INSERT INTO product_categories (id, name) VALUES ('k1', 'Skincare'), ('k2', 'Makeup'), ('k3', 'Suncare');
INSERT INTO video_products (video_id, product_id) VALUES ('v1', 'p1'), ('v2', 'p1'), ('v3', 'p1'), ('v4', 'p1'), ('v5', 'p2'), ('v6', 'p3'), ('v2', 'p3'),
  ('v7', 'p5'), ('v8', 'p5'), ('v9', 'p6'), ('v10', 'p7'), ('v7', 'p7'), ('v1', 'p5');
INSERT INTO notes (id, kind, target_id, brand_id, user_id, content, created_at, updated_at) VALUES
  ('n1', 'product', 'p1', 'b1', 'u1', 'Launch with the SPRING kit', '2026-11-02T00:00:00.000Z', '2026-11-02T00:00:00.000Z'),
  ('n2', 'product', 'p5', 'b1', 'u1', 'Watch their 50% promo', '2026-11-03T00:00:00.000Z', '2026-11-03T00:00:00.000Z'),
  ('n3', 'influencer', 'c1', 'b1', 'u1', 'Ask about the spring brief', '2026-11-04T00:00:00.000Z', '2026-11-04T00:00:00.000Z');
INSERT INTO favorites (kind, target_id, brand_id, user_id, created_at) VALUES
  ('product', 'p2', 'b1', 'u1', '2026-11-05T00:00:00.000Z'),
  ('product', 'p5', 'b1', 'u1', '2026-11-05T00:00:00.000Z');
INSERT INTO marks (mark, kind, target_id, brand_id, user_id, created_at) VALUES
  ('trash', 'product', 'p4', 'b1', 'u1', '2026-11-06T00:00:00.000Z'),
  ('trash', 'product', 'p6', 'b1', 'u1', '2026-11-06T00:00:00.000Z');
INSERT INTO creator_daily_trackings (creator_id, date, comment_count, likes, sentiment_score, total_engagement, view_count, youtube_dislike_count, video_count) VALUES
  ('c1', '2026-11-18', 4, 30, 0.5, 34, 900, 1, 2), ('c1', '2026-11-19', 6, 35, 0.75, 41, 1100, 0, 3), ('c1', '2026-11-20', 8, 40, 0.25, 48, 1300, 2, 3);
INSERT INTO campaigns (id, brand_id, state, campaign_headline, campaign_hashtag, created_at, updated_at) VALUES
  ('k1', 'b1', 'active', 'Spring', '#GlowSpring', '2026-11-01T00:00:00.000Z', '2026-11-01T00:00:00.000Z'),
  ('k2', 'b2', 'past', 'Dew', '#dewglow', '2026-11-01T00:00:00.000Z', '2026-11-01T00:00:00.000Z');
`;

/** The scope of the acting brand b1 (its competitors b2 and b3). */
export const B1_SCOPE = { brandId: 'b1', competitorIds: ['b2', 'b3'], userId: 'u1' } as const;

/** Runs `ask` on each engine and expects the same answer from both; answers it (SQLite's). */
export async function sameOnBoth<T>(engines: readonly EngineUnderTest[], ask: (engine: EngineUnderTest) => Promise<T>, label = ''): Promise<T> {
  const answers: T[] = [];
  for (const engine of engines) answers.push(await ask(engine));
  expect(answers[1], `postgres answers as sqlite ${label}`).toEqual(answers[0]);
  return answers[0] as T;
}
