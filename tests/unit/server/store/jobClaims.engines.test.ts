/**
 * Jobs across back-end instances (issue 28): several separately built job runners (their own repositories, pipeline
 * and publisher, their own instance id) over one database. Every analysis and publish job runs exactly once between
 * them, counted by its side effect committed (the analysis result written, the video handed to the shopper app); a
 * runner that dies holding claims has its jobs finished by another once the lease has run out, and its late writes
 * change nothing.
 */
import { describe, expect, it } from 'vitest';
import { createAnalysisPipeline, type AnalysisPipeline } from '../../../../src/server/analysis/pipeline';
import { realTimer } from '../../../../src/server/analysis/timer';
import type { SqlClient } from '../../../../src/server/db/sqlClient';
import { createAnalysisRepository, LostClaimError, type AnalysisRepository } from '../../../../src/server/repositories/analysisRepository';
import { createPublishingRepositories } from '../../../../src/server/repositories/publishing/index';
import { createPublisher, PUBLISH_LEASE_MS, type Publisher } from '../../../../src/server/services/publisher';
import { BASE_ROWS, useBothEngines, type EngineUnderTest } from './support/bothEngines';
import { until as waitUntil } from '../support/until';

const AT = '2026-11-26T10:00:00.000Z';
const ids = (prefix: string, count: number) => Array.from({ length: count }, (_, i) => `${prefix}${String(i + 1).padStart(3, '0')}`);
const ANALYSED = ids('a', 300);
const PUBLISHED = ids('p', 100);
const videoRows = [...ANALYSED, ...PUBLISHED].map((id) => `('${id}', 'b1', 'Clip ${id}', 'youtube', 'https://v.example/${id}', 1, '${AT}', '${AT}')`);
// The videos to publish are analysed already: a video still under analysis is not published.
const both = useBothEngines(`${BASE_ROWS}
INSERT INTO videos (id, brand_id, title, platform, video_url, added_by_bm, created_at, updated_at) VALUES ${videoRows.join(',\n')};
UPDATE videos SET analysis_stage = 'completed' WHERE id LIKE 'p%';`);

/** Side effects committed, per video: an analysis result written, a publish handed over. */
type Effects = { analysed: Map<string, number>; published: Map<string, number> };
const newEffects = (): Effects => ({ analysed: new Map(), published: new Map() });

/** A client that counts the side-effect statements of the transactions that committed (a rolled-back one counts nothing). */
function counting(sql: SqlClient, effects: Effects): SqlClient {
  const wrap = (client: SqlClient, seen: [Map<string, number>, string][]): SqlClient => ({
    ...client,
    run: async (text, params = []) => {
      const result = await client.run(text, params);
      const videoId = String(params.at(-1));
      if (result.changes > 0 && text.startsWith('UPDATE videos SET language')) seen.push([effects.analysed, videoId]);
      if (result.changes > 0 && text.startsWith('UPDATE videos SET published = 1')) seen.push([effects.published, videoId]);
      return result;
    },
    transaction: async (work) => {
      const inside: [Map<string, number>, string][] = [];
      const result = await client.transaction((tx) => work(wrap(tx, inside)));
      for (const [map, videoId] of inside) map.set(videoId, (map.get(videoId) ?? 0) + 1);
      return result;
    },
  });
  return wrap(sql, []);
}

/**
 * A client for another instance: on PostgreSQL its own connection pool. SQLite is one back-end process per file (its
 * transactions are serialised per connection, and a second connection in the same thread would wait on the first
 * synchronously), so there the instances share the connection — still separate repositories, runners and ids.
 */
const instanceClient = async (engine: EngineUnderTest, first: boolean): Promise<SqlClient> => (first || engine.name === 'sqlite' ? engine.sql : engine.another());

interface Runner {
  owner: string;
  repo: AnalysisRepository;
  pipeline: AnalysisPipeline;
  publisher: Publisher;
  /** Runs that ended, with their error (null: stored). */
  settled: { videoId: string; error: Error | null }[];
}

function runner(sql: SqlClient, owner: string, now: () => Date, repo = createAnalysisRepository(sql), pollMs = 10): Runner {
  const settled: Runner['settled'] = [];
  const pipeline = createAnalysisPipeline({
    repo, now, timer: realTimer, delayMs: 0, media: null, ffmpeg: { ffmpeg: '/nonexistent/ffmpeg', ffprobe: '/nonexistent/ffprobe' },
    owner, pollMs, onSettled: (videoId, error) => settled.push({ videoId, error }),
  });
  return { owner, repo, pipeline, publisher: createPublisher(createPublishingRepositories(sql), now, { owner }), settled };
}

/** Waits until `done` answers true (the test's timeout fails it first). */
const until = (done: () => Promise<boolean> | boolean) => waitUntil(done, { everyMs: 10, limitMs: Infinity });

const counts = (map: Map<string, number>) => [...map.values()];
const jobStates = (sql: SqlClient, table: 'analysis_jobs' | 'publish_jobs') =>
  sql.all<{ state: string; runs?: number; claimed: number }>(
    `SELECT state, ${table === 'analysis_jobs' ? 'runs, ' : ''}CASE WHEN claimed_by IS NULL THEN 0 ELSE 1 END AS claimed FROM ${table} ORDER BY video_id`,
  );

describe('jobs are claimed by exactly one instance on a shared database', () => {
  it('300 analysis jobs and 100 publish jobs queued through three instances each run exactly once between them', async () => {
    for (const engine of both.engines()) {
      const effects = newEffects();
      const runners: Runner[] = [];
      for (const n of [0, 1, 2]) runners.push(runner(counting(await instanceClient(engine, n === 0), effects), `instance-${n}`, () => new Date()));
      try {
        for (const r of runners) await r.pipeline.resume();
        for (const r of runners) await r.publisher.resume();
        // Requests spread round-robin over the instances, as a load balancer does.
        await Promise.all(ANALYSED.map((id, i) => runners[i % 3]!.pipeline.submit(id)));
        for (let batch = 0; batch < 10; batch += 1) await runners[batch % 3]!.publisher.enqueue('b1', null, PUBLISHED.slice(batch * 10, batch * 10 + 10), 'publish');

        await until(async () => (await engine.sql.get<{ open: number }>(
          `SELECT (SELECT COUNT(*) FROM analysis_jobs WHERE state IN ('queued','processing')) + (SELECT COUNT(*) FROM publish_jobs WHERE state IN ('queued','processing')) AS open`,
        ))?.open === 0);
      } finally {
        for (const r of runners) r.pipeline.stop();
        for (const r of runners) await r.publisher.stop();
      }
      const ran = runners.flatMap((r) => r.settled.filter((run) => run.error === null).map((run) => run.videoId));
      expect(ran.toSorted(), engine.name).toEqual(ANALYSED);
      expect([effects.analysed.size, Math.max(...counts(effects.analysed))], engine.name).toEqual([300, 1]);
      expect([effects.published.size, Math.max(...counts(effects.published))], engine.name).toEqual([100, 1]);
      const analysed = await jobStates(engine.sql, 'analysis_jobs');
      expect(analysed.filter((job) => job.state === 'completed' && job.runs === 1 && job.claimed === 0), engine.name).toHaveLength(300);
      const published = await jobStates(engine.sql, 'publish_jobs');
      expect(published.filter((job) => job.state === 'published' && job.claimed === 0), engine.name).toHaveLength(100);
      // Each instance took a share (the claims spread the work rather than one doing all of it) — printed, not asserted.
      console.log(`${engine.name}: analysis runs per instance ${runners.map((r) => r.settled.filter((run) => run.error === null).length).join(' / ')}`);
    }
  });

  it('an instance that dies holding claims has its jobs finished by another after the lease, and its late writes change nothing', async () => {
    for (const engine of both.engines()) {
      let clock = Date.parse(AT);
      const now = () => new Date(clock);
      const effects = newEffects();
      const deadSql = counting(await instanceClient(engine, true), effects);
      const deadRepo = createAnalysisRepository(deadSql);
      // The dying instance's analysis writes hang (its process stops mid-run); they are let go at the end, as a paused process resuming.
      let resumeDead = (): void => undefined;
      const deadResumed = new Promise<void>((resolve) => (resumeDead = resolve));
      const hung: Promise<void>[] = [];
      const dead = runner(deadSql, 'dead', now, { ...deadRepo, write: (result) => {
        const late = deadResumed.then(() => deadRepo.write(result));
        hung.push(late);
        return late;
      } }, 0);
      const victims = ANALYSED.slice(0, 5);
      for (const id of victims) await dead.pipeline.submit(id);
      await until(() => hung.length === victims.length);
      // Its publish step took jobs too (queued → processing, claimed), then it died before the step that ends them.
      await dead.publisher.enqueue('b1', null, PUBLISHED.slice(0, 5), 'publish');
      dead.publisher.abandon();
      const deadPublishJobs = createPublishingRepositories(deadSql).jobs;
      await deadPublishJobs.step({ owner: 'dead', now: now().toISOString(), leaseUntil: new Date(clock + PUBLISH_LEASE_MS).toISOString() }, 250, () => null);
      dead.pipeline.abandon();

      const otherSql = counting(await instanceClient(engine, false), effects);
      const other = runner(otherSql, 'other', now);
      try {
        // While the lease runs, the other instance leaves the jobs alone.
        const claimNow = { owner: 'other', now: now().toISOString(), leaseUntil: new Date(clock + 30_000).toISOString() };
        expect(await other.repo.claimNextDue(claimNow), engine.name).toBeNull();
        expect(await createPublishingRepositories(otherSql).jobs.step(claimNow, 250, () => null), engine.name).toEqual([]);
        expect((await jobStates(engine.sql, 'publish_jobs')).map((job) => job.state), engine.name).toEqual(Array(5).fill('processing'));

        clock += 31_000;
        await other.pipeline.resume();
        await other.publisher.resume();
        await until(() => other.settled.length >= victims.length);
        await until(async () => (await jobStates(engine.sql, 'publish_jobs')).every((job) => job.state === 'published'));
      } finally {
        other.pipeline.stop();
        await other.publisher.stop();
      }
      expect(other.settled.map((run) => [run.videoId, run.error]).toSorted(), engine.name).toEqual(victims.map((id) => [id, null]));

      // The dead instance comes back to life: its results are refused (the claim is gone), nothing is written twice.
      resumeDead();
      const late = await Promise.allSettled(hung);
      expect(late.every((outcome) => outcome.status === 'rejected' && outcome.reason instanceof LostClaimError), engine.name).toBe(true);
      expect(await deadPublishJobs.step({ owner: 'dead', now: now().toISOString(), leaseUntil: now().toISOString() }, 250, () => null), engine.name).toEqual([]);
      expect([...effects.analysed.entries()].toSorted(), engine.name).toEqual(victims.map((id) => [id, 1]));
      expect([...effects.published.entries()].toSorted(), engine.name).toEqual(PUBLISHED.slice(0, 5).map((id) => [id, 1]));
      expect((await jobStates(engine.sql, 'analysis_jobs')).map((job) => [job.state, job.runs, job.claimed]), engine.name).toEqual(victims.map(() => ['completed', 1, 0]));
    }
  });
});
