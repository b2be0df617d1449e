import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type Database from 'better-sqlite3';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../../../../../src/server/app';
import type { FfmpegTools } from '../../../../../src/server/analysis/embeddedSubtitles';
import type { AnalysisTimer } from '../../../../../src/server/analysis/timer';
import type { SqlClient } from '../../../../../src/server/db/sqlClient';
import { firstValue, openTestDatabase, sqliteOnly } from '../../support/testEngine';
import { createTestClock, type TestClock } from '../../support/testClock';
import { createTestUser, signIn, type TestUser } from '../../support/testServer';

export const DELAY_MS = 600_000;

/** A timer driven by the test clock: tasks run only when the test advances time (no real waiting). */
export function createManualTimer(clock: TestClock): AnalysisTimer & { runDue(): Promise<number>; scheduled(): number } {
  const tasks: { at: number; task: () => void | Promise<void>; cancelled: boolean }[] = [];
  return {
    schedule(delayMs, task) {
      const entry = { at: clock.now().getTime() + delayMs, task, cancelled: false };
      tasks.push(entry);
      return () => {
        entry.cancelled = true;
      };
    },
    async runDue() {
      let ran = 0;
      for (;;) {
        const now = clock.now().getTime();
        const due = tasks.filter((entry) => !entry.cancelled && entry.at <= now).sort((a, b) => a.at - b.at)[0];
        if (!due) return ran;
        tasks.splice(tasks.indexOf(due), 1);
        await due.task();
        ran += 1;
      }
    },
    scheduled: () => tasks.filter((entry) => !entry.cancelled).length,
  };
}

export interface UploadWorkspace {
  app: FastifyInstance;
  /** The database on the test engine (support/testEngine.ts): tests read and write it through this. */
  sql: SqlClient;
  /** The SQLite handle; throws on PostgreSQL (for the few tests about the embedded engine itself). */
  readonly db: Database.Database;
  dataDir: string;
  clock: TestClock;
  timer: ReturnType<typeof createManualTimer>;
  user: TestUser;
  jwt: string;
  brandId: string;
  competitorId: string;
  productId: string;
  /** Moves the clock and runs what fell due; resolves when their steps have stored what they do. */
  advance(ms: number): Promise<void>;
  /** Resolves when the pipeline has finished a run of the video (the n-th, counting from 1). */
  settled(videoId: string, run?: number): Promise<Error | null>;
  inject(method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: object): Promise<LightMyRequestResponse>;
  stage(videoId: string): Promise<string | undefined>;
  /** Signs in again (the access jwt lives minutes; tests move the clock by the analysis delay). */
  refresh(): Promise<void>;
  /** Closes the app but keeps the data folder and database (restart tests). */
  closeApp(): Promise<void>;
  close(): Promise<void>;
}

export interface WorkspaceOptions {
  uploadMaxBytes?: number;
  ffmpeg?: FfmpegTools;
  /** Reuse the data folder of an earlier workspace (restart). */
  reuse?: { dataDir: string; user: TestUser; clock: TestClock };
  /** Hears and reads the uploaded files (speech to text, words on screen, audio labels); unset reads subtitles only. */
  hearing?: (dataDir: string) => NonNullable<NonNullable<Parameters<typeof buildApp>[0]['analysis']>['hearing']>;
}

/** A brand 'Lumina Skincare' with competitor 'Dewbloom Beauty', one product each, a signed-in manager, a manual timer. */
export async function openUploadWorkspace(options: WorkspaceOptions = {}): Promise<UploadWorkspace> {
  const dataDir = options.reuse?.dataDir ?? mkdtempSync(join(tmpdir(), 'reelscope-uploads-'));
  const database = await openTestDatabase({ dir: dataDir, existing: Boolean(options.reuse) });
  const { sql } = database;
  const clock = options.reuse?.clock ?? createTestClock();
  const user = options.reuse?.user ?? (await createTestUser(sql, { email: `m-${randomUUID()}@example.com`, brands: [{ name: 'Lumina Skincare', competitors: ['Dewbloom Beauty'] }] }));
  const brandId = user.brandIds[0]!;
  const competitorId = user.competitorIds[0]!;
  if (!options.reuse) {
    const product = 'INSERT INTO products (id, brand_id, name, category, description, price, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)';
    await sql.run(product, ['p-glow', brandId, 'Lumina Glow Serum', 'Serums', 'Serum', 38, '2026-01-01T00:00:00Z', '2026-01-01T00:00:00Z']);
    await sql.run(product, ['p-rose', competitorId, 'Dewbloom Rose Essence', 'Serums', 'Essence', 34, '2026-01-01T00:00:00Z', '2026-01-01T00:00:00Z']);
  }
  const timer = createManualTimer(clock);
  const runs = new Map<string, { count: number; waiters: { run: number; resolve: (error: Error | null) => void }[]; errors: (Error | null)[] }>();
  const entry = (videoId: string) => {
    let value = runs.get(videoId);
    if (!value) runs.set(videoId, (value = { count: 0, waiters: [], errors: [] }));
    return value;
  };
  const app = await buildApp({
    sql, jwtSecret: randomBytes(64), now: clock.now, dataDir, uploadMaxBytes: options.uploadMaxBytes,
    analysis: {
      delayMs: DELAY_MS, timer, ...(options.ffmpeg ? { ffmpeg: options.ffmpeg } : {}), ...(options.hearing ? { hearing: options.hearing(dataDir) } : {}),
      onSettled(videoId, error) {
        const state = entry(videoId);
        state.count += 1;
        state.errors.push(error);
        for (const waiter of state.waiters.filter((item) => item.run <= state.count)) waiter.resolve(state.errors[waiter.run - 1] ?? null);
        state.waiters = state.waiters.filter((item) => item.run > state.count);
      },
    },
  });
  await app.ready();
  const session = await signIn(app, user);
  const headers = { authorization: `Bearer ${session.jwt}` };
  const refresh = async (): Promise<void> => {
    headers.authorization = `Bearer ${(await signIn(app, user)).jwt}`;
  };
  let appClosed = false;
  const closeApp = async (): Promise<void> => {
    if (appClosed) return;
    appClosed = true;
    await app.close();
    await database.close();
  };
  return {
    app, sql, dataDir,
    get db() {
      return sqliteOnly(database);
    }, clock, timer, user, jwt: session.jwt, brandId, competitorId, productId: 'p-glow',
    async advance(ms) {
      clock.advance(ms);
      await timer.runDue();
    },
    settled(videoId, run = 1) {
      const state = entry(videoId);
      if (state.count >= run) return Promise.resolve(state.errors[run - 1] ?? null);
      return new Promise((resolve) => state.waiters.push({ run, resolve }));
    },
    inject(method, url, payload) {
      return app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
    },
    refresh,
    stage: (videoId) => firstValue<string>(sql, 'SELECT analysis_stage FROM videos WHERE id = ?', [videoId]),
    closeApp,
    async close() {
      await closeApp();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
