// SQLite only (not in bothEngineTests.ts): it migrates an SQLite file from before the transcript term index.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../../../src/server/app';
import { migrateDatabase } from '../../../../src/server/db/migrate';
import { MIGRATIONS } from '../../../../src/server/db/migrations/index';
import { favoritesTable } from '../../../../src/server/db/migrations/031_personal_favorites';
import { seedDemoWorkspace } from '../../../../src/server/seed/index';
import { DEMO_ACCOUNTS } from '../../../../src/shared/demoAccounts';
import type { VideoListResponse } from '../../../../src/shared/http/videos.schemas';
import { signIn } from '../support/testServer';

// A workspace written before the term index (schema 7, distinct-line tables) is upgraded in place: its transcripts
// are all pending, and the first search indexes them and answers as the SQL reference does.
describe('a workspace from before the transcript term index', () => {
  let dir: string;
  let db: Database.Database;
  let app: FastifyInstance;
  let jwt: string;
  let ids: { brand_id: string; user_id: string };
  // Read before the app starts: a start begins indexing at once (the list index loads while a person signs in).
  let migrated: { transcribed: number; pending: number };
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'reelscope-terms-'));
    db = new Database(join(dir, 'reelscope.sqlite'));
    db.pragma('foreign_keys = ON');
    migrateDatabase(db, MIGRATIONS.filter((migration) => migration.version <= 7));
    // Today's seed keeps favorites in their own table (migration 31), which a schema-7 workspace lacks: the seed gets a
    // scratch one, dropped before the upgrade creates the real one (favorites are not what this test is about).
    db.exec(favoritesTable(''));
    await seedDemoWorkspace(db, { mediaDir: join(dir, 'media'), scale: 0.2, creatorScale: 0.2 });
    db.exec('DROP TABLE favorites');
    migrateDatabase(db, MIGRATIONS);
    migrated = {
      transcribed: db.prepare('SELECT COUNT(DISTINCT video_id) FROM transcript_lines').pluck().get() as number,
      pending: db.prepare('SELECT COUNT(*) FROM transcript_term_pending').pluck().get() as number,
    };
    app = await buildApp({ db, jwtSecret: randomBytes(64), dataDir: dir });
    const session = await signIn(app, DEMO_ACCOUNTS.brandManager);
    jwt = session.jwt;
    ids = { brand_id: (session.currentBrand as { _id: string })._id, user_id: (session.currentUser as { _id: string })._id };
  }, 120_000);
  afterAll(async () => {
    await app.close();
    db.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('marks every transcribed video pending, then finds what the lines say', async () => {
    expect(migrated.transcribed).toBeGreaterThan(0);
    expect(migrated.pending).toBe(migrated.transcribed);
    expect(db.prepare("SELECT COUNT(*) FROM sqlite_master WHERE name IN ('transcript_texts', 'video_texts')").pluck().get()).toBe(0);
    const line = db.prepare('SELECT content FROM transcript_lines ORDER BY id LIMIT 1 OFFSET 7').pluck().get() as string;
    for (const search of [line.split(' ')[1] ?? '', line.split(' ').slice(1, 3).join(' '), line.split(' ').slice(1, 5).join(' ')]) {
      const query = new URLSearchParams({ ...ids, search, search_in: 'transcript', per_page: '10' });
      const listed = await app.inject({ url: `/jwt_api/videos?${query}`, headers: { authorization: `Bearer ${jwt}` } });
      const reference = await app.inject({ url: `/jwt_api/videos/get_video_ids?${query}`, headers: { authorization: `Bearer ${jwt}` } });
      expect(listed.statusCode, listed.body).toBe(200);
      expect((listed.json() as VideoListResponse).data.count, search).toBe((reference.json() as { count: number }).count);
      expect((reference.json() as { count: number }).count, search).toBeGreaterThan(0);
    }
    expect(db.prepare('SELECT COUNT(*) FROM transcript_term_pending').pluck().get()).toBe(0);
    // Every triple has its positional posting (migration 32), so a run of three words or more needs no line read.
    expect(db.prepare('SELECT COUNT(*) FROM transcript_triples').pluck().get()).toBeGreaterThan(0);
    expect(db.prepare('SELECT COUNT(*) FROM transcript_triples t LEFT JOIN transcript_triple_positions p ON p.id = t.id WHERE p.id IS NULL').pluck().get()).toBe(0);
  });

  it('gives the older workspace\'s chat messages distinct 17-digit timetokens in their time order and their publishers (migration 12)', () => {
    const rows = db.prepare('SELECT channel_id, timetoken, publisher, created_at FROM chat_messages ORDER BY channel_id, created_at, rowid').all() as { channel_id: string; timetoken: string; publisher: string; created_at: string }[];
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((row) => /^\d{17}$/.test(row.timetoken) && /^(user|creator)-/.test(row.publisher))).toBe(true);
    expect(new Set(rows.map((row) => `${row.channel_id}|${row.timetoken}`)).size).toBe(rows.length);
    const first = rows[0]!;
    expect(Math.abs(Number(first.timetoken.slice(0, 13)) - Date.parse(first.created_at))).toBeLessThanOrEqual(1);
  });
});
