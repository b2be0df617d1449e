import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../../src/server/app';
import { seedDemoWorkspace } from '../../../../src/server/seed/index';
import { DEMO_ACCOUNTS } from '../../../../src/shared/demoAccounts';
import type { VideoListResponse } from '../../../../src/shared/http/videos.schemas';
import { firstValue, firstValues, openTestDatabase, type TestDatabase } from '../support/testEngine';
import { send, signIn } from '../support/testServer';

const DELAY_MS = 200;
let dir: string;
let database: TestDatabase;
let inAnalysis: string[];

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'reelscope-seeded-analysis-'));
  database = await openTestDatabase({ dir, seed: (db) => seedDemoWorkspace(db, { mediaDir: join(dir, 'media'), scale: 0.2, creatorScale: 0.1 }) });
  inAnalysis = (await firstValues(database.sql, "SELECT id FROM videos WHERE analysis_stage <> 'completed' ORDER BY id")) as string[];
});
afterAll(async () => {
  await database.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('the demo videos the seed leaves in analysis', () => {
  it('finish by themselves once the back end runs, with sentiment from their transcript instead of 0 % / 0 %', async () => {
    expect(inAnalysis.length).toBeGreaterThan(0);
    const settled = new Set<string>();
    const app = await buildApp({ sql: database.sql, jwtSecret: randomBytes(64), dataDir: dir, analysis: { delayMs: DELAY_MS, onSettled: (id) => settled.add(id) } });
    try {
      await app.ready();
      const deadline = Date.now() + 20_000;
      while (inAnalysis.some((id) => !settled.has(id)) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
      const session = await signIn(app, DEMO_ACCOUNTS.brandManager);
      const brandId = (session.currentBrand as { _id: string })._id;
      const list = (await send(app, 'GET', `/jwt_api/videos?brand_id=${brandId}&user_id=${(session.currentUser as { _id: string })._id}&per_page=1000&tab=My%20Videos`, undefined, session.jwt)).json() as VideoListResponse;
      const shown = list.videos.filter((video) => inAnalysis.includes(video._id));
      expect(shown.length).toBeGreaterThan(0);
      for (const video of shown) {
        expect(video.analysis_stage).toBe('completed');
        // Heard, so the list shows its sentiment (an unheard video's is null, never 0 %).
        expect(video.sentiment).not.toBeNull();
        expect(video.sentiment!.positive + video.sentiment!.negative).toBeGreaterThan(0);
      }
      expect(await firstValues(database.sql, "SELECT id FROM videos WHERE analysis_stage <> 'completed'")).toEqual([]);
    } finally {
      await app.close();
    }
  });

  it('re-analysed, a video in another language keeps its transcript, its lines\' feelings, its sentiment and topics', async () => {
    const settled: string[] = [];
    const app = await buildApp({ sql: database.sql, jwtSecret: randomBytes(64), dataDir: dir, analysis: { delayMs: DELAY_MS, onSettled: (id) => settled.push(id) } });
    try {
      await app.ready();
      const session = await signIn(app, DEMO_ACCOUNTS.brandManager);
      const brandId = (session.currentBrand as { _id: string })._id;
      // A demo video whose transcript is not English (the line scorer reads English only), with topics and a sentiment.
      const id = await firstValue(database.sql, `SELECT v.id FROM videos v WHERE v.brand_id = ? AND v.analysis_stage = 'completed' AND v.language IN ('ja', 'de', 'fr', 'es')
        AND v.topics <> '[]' AND v.sentiment_positive + v.sentiment_negative > 0 AND (SELECT COUNT(*) FROM transcript_lines t WHERE t.video_id = v.id) >= 3
        ORDER BY v.id LIMIT 1`, [brandId]) as string;
      expect(id).toBeTruthy();
      const lines = (): Promise<unknown[]> => database.sql.all('SELECT line_no, content, sentiment FROM transcript_lines WHERE video_id = ? ORDER BY line_no', [id]);
      const figures = (): Promise<unknown> => database.sql.get('SELECT language, sentiment_positive, sentiment_negative, topics FROM videos WHERE id = ?', [id]);
      const [linesBefore, figuresBefore] = [await lines(), await figures()];
      expect(new Set(linesBefore.map((line) => (line as { sentiment: string }).sentiment)).size).toBeGreaterThan(1);

      expect((await send(app, 'POST', '/second/reanalyze', { videoId: id }, session.jwt)).statusCode).toBe(200);
      const deadline = Date.now() + 20_000;
      while (!settled.includes(id) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
      expect(settled).toContain(id);

      expect(await lines()).toEqual(linesBefore);
      expect(await figures()).toEqual(figuresBefore);
      const before = figuresBefore as { sentiment_positive: number; sentiment_negative: number };
      const status = (await send(app, 'GET', `/jwt_api/videos/${id}/status`, undefined, session.jwt)).json();
      expect(status).toMatchObject({ analysis_stage: 'completed', analysis: { transcript_source: 'stored', transcript_lines: linesBefore.length } });
      expect(status.analysis.sentiment).toMatchObject({ positive: before.sentiment_positive, negative: before.sentiment_negative });
      expect(status.analysis.topics.length).toBeGreaterThan(0);
      const transcript = (await send(app, 'GET', `/jwt_api/videos/${id}/transcript`, undefined, session.jwt)).json() as { transcription: { sentiment: string }[] };
      expect(transcript.transcription.map((line) => line.sentiment)).toEqual(linesBefore.map((line) => (line as { sentiment: string }).sentiment));
    } finally {
      await app.close();
    }
  });
});
