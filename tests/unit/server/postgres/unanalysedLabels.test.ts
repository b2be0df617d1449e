import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { migrateDatabase } from '../../../../src/server/db/migrate';
import { MIGRATIONS } from '../../../../src/server/db/migrations/index';
import { OLD_UNANALYSED_SAFETY } from '../../../../src/server/db/migrations/034_unanalysed_labels';
import { migratePostgres } from '../../../../src/server/db/postgres/migrate';
import { PG_MIGRATIONS } from '../../../../src/server/db/postgres/migrations/index';
import { connectPostgres, type PostgresPool } from '../../../../src/server/db/postgres/pool';
import { usePgTestCluster } from './support/pgTestCluster';

const AT = '2026-11-01T00:00:00.000Z';
/** Four videos as earlier versions left them: labels stored before (or without) any analysis that found them. */
const ROWS = [
  // A demo video still in analysis: the old "not analysed" default.
  { id: 'seed-pending', safety: OLD_UNANALYSED_SAFETY, lines: 0, added: false },
  // A demo video analysed with its labels: they are findings and stay.
  { id: 'seed-done', safety: '{"visual_content":"caution","foul_language":"none"}', lines: 1, added: false },
  // A link analysed offline: nothing heard, nothing seen.
  { id: 'link', safety: OLD_UNANALYSED_SAFETY, lines: 0, added: true },
  // An upload with subtitles: its foul language was heard, its "safe" picture was never looked at.
  { id: 'upload', safety: '{"visual_content":"safe","foul_language":"mild"}', lines: 1, added: true },
];
const EXPECTED = { 'seed-pending': {}, 'seed-done': { visual_content: 'caution', foul_language: 'none' }, link: {}, upload: { foul_language: 'mild' } };

const setUp = [
  `INSERT INTO brands (id, name, created_at) VALUES ('b1', 'Lumina', '${AT}')`,
  ...ROWS.map((row) => `INSERT INTO videos (id, brand_id, title, platform, video_url, brand_safety, created_at, updated_at)
     VALUES ('${row.id}', 'b1', '${row.id}', 'Youtube', 'https://youtu.be/${row.id}', '${row.safety}', '${AT}', '${AT}')`),
  ...ROWS.filter((row) => row.lines > 0).map((row) => `INSERT INTO transcript_lines (video_id, line_no, start_time, content, sentiment) VALUES ('${row.id}', 0, 1, 'Hello there', 'neutral')`),
  ...ROWS.filter((row) => row.added).map((row) => `INSERT INTO video_sources (video_id, brand_id, user_id, source, external_ref, created_at) VALUES ('${row.id}', 'b1', NULL, 'url', '${row.id}', '${AT}')`),
];

describe('migration 34 takes away the brand-safety labels no analysis found', () => {
  const pgCluster = usePgTestCluster();
  const pools: PostgresPool[] = [];
  afterEach(async () => {
    await Promise.all(pools.splice(0).map((pool) => pool.end()));
  });

  it('on SQLite', () => {
    const db = new Database(':memory:');
    migrateDatabase(db, MIGRATIONS.filter((migration) => migration.version < 34));
    for (const statement of setUp) db.exec(statement);
    migrateDatabase(db, MIGRATIONS);
    const rows = db.prepare('SELECT id, brand_safety FROM videos ORDER BY id').all() as { id: string; brand_safety: string }[];
    expect(Object.fromEntries(rows.map((row) => [row.id, JSON.parse(row.brand_safety)]))).toEqual(EXPECTED);
    db.close();
  });

  it('on PostgreSQL', async () => {
    const pool = await connectPostgres(await pgCluster.createDatabase());
    pools.push(pool);
    await migratePostgres(pool, PG_MIGRATIONS.filter((migration) => migration.version < 34));
    for (const statement of setUp) await pool.query(statement);
    await migratePostgres(pool, PG_MIGRATIONS);
    const { rows } = await pool.query<{ id: string; brand_safety: string }>('SELECT id, brand_safety FROM videos ORDER BY id');
    expect(Object.fromEntries(rows.map((row) => [row.id, JSON.parse(row.brand_safety)]))).toEqual(EXPECTED);
  });
});
