import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type Database from 'better-sqlite3';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../../../../../src/server/app';
import type { BuildAppOptions } from '../../../../../src/server/app';
import type { SqlClient, SqlEngineName } from '../../../../../src/server/db/sqlClient';
import { seedDemoWorkspace } from '../../../../../src/server/seed/index';
import { DEMO_ACCOUNTS } from '../../../../../src/shared/demoAccounts';
import { firstValue, openTestDatabase, sqliteOnly } from '../../support/testEngine';
import { until } from '../../support/until';
import { useOpened } from '../../support/useOpened';
import { signIn } from '../../support/testServer';

/** A seeded demo workspace in a temp data folder, the app on it, and the demo manager signed in. */
export interface VideoWorkspace {
  app: FastifyInstance;
  /** The database on the test engine (support/testEngine.ts): tests read and write it through this. */
  sql: SqlClient;
  /** The SQLite handle; throws on PostgreSQL (for the few tests about the embedded engine itself). */
  readonly db: Database.Database;
  dataDir: string;
  jwt: string;
  userId: string;
  brandId: string;
  competitorIds: string[];
  otherBrandId: string;
  /** GET with the bearer; query values are strings, arrays or objects (JSON-encoded). */
  get(path: string, query?: Record<string, unknown>): Promise<LightMyRequestResponse>;
  send(method: 'POST' | 'PUT' | 'DELETE', path: string, body?: object): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

/** The workspace's clock: every call answers as of this instant. */
export const WORKSPACE_NOW = '2026-11-22T10:00:00.000Z';

/**
 * Seeds once (scale 0.3 keeps it quick) and signs in the demo brand manager; on the test engine, or on `engine` (a
 * twin on SQLite whose file a test reads as its reference: the seed is deterministic, so the ids are the same).
 */
export async function openVideoWorkspace(scale = 0.3, appOptions: Partial<BuildAppOptions> = {}, engine?: SqlEngineName): Promise<VideoWorkspace> {
  const dataDir = mkdtempSync(join(tmpdir(), 'reelscope-videos-'));
  // Seeded as if created the day of its clock, as a fresh install is: the newest videos are from the hours before.
  // The seed is the same for every file that asks for this scale: it runs once per run and engine (the cache).
  const mediaDir = join(dataDir, 'media');
  const database = await openTestDatabase({
    dir: dataDir,
    engine,
    seed: (db) => seedDemoWorkspace(db, { mediaDir, scale, creatorScale: 0.3, createdAt: new Date(WORKSPACE_NOW) }),
    cached: { key: `videoWorkspace scale=${scale} creatorScale=0.3 createdAt=${WORKSPACE_NOW}`, mediaDir },
  });
  const { sql } = database;
  const app = await buildApp({ sql, jwtSecret: randomBytes(64), dataDir, now: () => new Date(WORKSPACE_NOW), ...appOptions });
  const session = await signIn(app, DEMO_ACCOUNTS.brandManager);
  // The seed leaves a few videos in analysis with their jobs already due: the back end finishes them as it starts.
  // The workspace is handed over once it has, so no test reads (or compares two engines) while those writes land.
  const inAnalysis = async () => Number(await firstValue(sql, "SELECT COUNT(*) FROM videos WHERE analysis_stage <> 'completed'"));
  await until(async () => (await inAnalysis()) === 0, { what: "the seeded videos' first analysis", limitMs: 60_000 });
  const userId = (session.currentUser as { _id: string })._id;
  const brands = await sql.all<{ id: string }>('SELECT b.id FROM brands b JOIN brand_members m ON m.brand_id = b.id WHERE m.user_id = ? ORDER BY b.created_at, b.name', [userId]);
  const brandId = (session.currentBrand as { _id: string })._id;
  const otherBrandId = brands.map((brand) => brand.id).find((id) => id !== brandId) ?? '';
  const competitorIds = (await sql.all<{ id: string }>('SELECT id FROM brands WHERE competitor_of = ? ORDER BY id', [brandId])).map((brand) => brand.id);
  const headers = { authorization: `Bearer ${session.jwt}` };
  return {
    app,
    sql,
    get db() {
      return sqliteOnly(database);
    },
    dataDir, jwt: session.jwt, userId, brandId, competitorIds, otherBrandId,
    get(path, query = {}) {
      const params = new URLSearchParams();
      for (const [key, value] of Object.entries({ brand_id: brandId, user_id: userId, ...query })) {
        if (value === undefined) continue;
        if (Array.isArray(value)) for (const item of value) params.append(key, String(item));
        else params.append(key, typeof value === 'object' ? JSON.stringify(value) : String(value));
      }
      return app.inject({ method: 'GET', url: `${path}?${params.toString()}`, headers });
    },
    send(method, path, body = {}) {
      return app.inject({ method, url: path, headers, payload: { brand_id: brandId, user_id: userId, ...body } });
    },
    async close() {
      await app.close();
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A workspace opened before a file's tests and closed after; read `.w` inside tests. */
export function useVideoWorkspace(scale = 0.2, appOptions: Partial<BuildAppOptions> = {}): { readonly w: VideoWorkspace } {
  return useOpened(() => openVideoWorkspace(scale, appOptions));
}
