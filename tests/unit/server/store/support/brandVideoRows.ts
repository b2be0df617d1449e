/**
 * A small brand library on both engines for the repository tests of campaigns, licensing, the app manager, the
 * gateway and publishing: brand b1's creators, videos of each kind (a creator's, brand-made, trashed), products on
 * them, and one video of brand b2. Plain SQL that SQLite and PostgreSQL both read.
 */
import { expect } from 'vitest';
import type { SqlClient } from '../../../../../src/server/db/sqlClient';
import { BASE_ROWS, type EngineUnderTest } from './bothEngines';

export const AT = '2026-11-26T10:00:00.000Z';

const video = (id: string, brand: string, title: string, creator: string | null, extra: { addedByBm?: 1; published?: string } = {}) =>
  `INSERT INTO videos (id, brand_id, title, platform, video_url, creator_id, added_by_bm, published, app_published_at, media_file, created_at, updated_at)
   VALUES ('${id}', '${brand}', '${title}', 'youtube', 'https://v.example/${id}', ${creator ? `'${creator}'` : 'NULL'}, ${extra.addedByBm ?? 0},
     ${extra.published ? 1 : 0}, ${extra.published ? `'${extra.published}'` : 'NULL'}, ${extra.published ? `'uploads/${id}.mp4'` : 'NULL'}, '${AT}', '${AT}');`;

export const BRAND_VIDEO_ROWS = `${BASE_ROWS}
INSERT INTO creators (id, brand_id, name, handle, platform, email, country, language, subscribers, video_count, creator_type, created_at)
  VALUES ('c1', 'b1', 'Maya', '@maya', 'youtube', 'maya@example.com', 'US', 'en', 1000, 2, 'fan', '${AT}'),
         ('c2', 'b1', 'Glow Studio', '@glow', 'youtube', NULL, 'US', 'en', 50, 1, 'brand', '${AT}');
${video('v1', 'b1', 'Serum routine', 'c1')}
${video('v2', 'b1', 'Glow morning', 'c2', { published: '2026-11-20T08:00:00.000Z' })}
${video('v3', 'b1', 'Night CREAM', null, { addedByBm: 1, published: '2026-11-22T08:00:00.000Z' })}
${video('v4', 'b1', 'Trashed clip', 'c1')}
${video('v5', 'b2', 'Rival serum', null)}
INSERT INTO products (id, brand_id, name, category, description, price, created_at, updated_at)
  VALUES ('p1', 'b1', 'Serum', 'skin', 'A serum', 20, '${AT}', '${AT}'), ('p2', 'b1', 'Cream', 'skin', 'A cream', 12.5, '${AT}', '${AT}');
INSERT INTO video_products (video_id, product_id) VALUES ('v2', 'p2'), ('v2', 'p1'), ('v3', 'p1');
INSERT INTO marks (mark, kind, target_id, brand_id, user_id, created_at) VALUES ('trash', 'video', 'v4', 'b1', 'u1', '${AT}');`;

/**
 * Runs `work` on each engine in turn and checks the engines' answers are equal (each engine's own assertions go in
 * `work`, named by the engine); answers the SQLite one.
 */
export async function answersAlike<T>(engines: EngineUnderTest[], work: (sql: SqlClient, name: string) => Promise<T>): Promise<T> {
  const answers: T[] = [];
  for (const { name, sql } of engines) answers.push(await work(sql, name));
  expect(answers).toHaveLength(2);
  expect(answers[1], 'PostgreSQL answers as SQLite does').toEqual(answers[0]);
  return answers[0] as T;
}
