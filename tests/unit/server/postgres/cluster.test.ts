// PostgreSQL only (not in bothEngineTests.ts): the `unit` project runs it once, in a throwaway cluster of its own.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { percentile } from '../../../../bench/benchStats';
import { inList } from '../../../../src/server/db/sqlClient';
import type { ChatConfig } from '../../../../src/shared/http/chat.schemas';
import { EMBEDDED_PUBNUB_KEYS } from '../../../../src/shared/http/pubnub.schemas';
import { METRICS_KEY_HEADER } from '../../../../src/shared/http/widgets.schemas';
import { call, type Session, signIn } from '../support/apiSession';
import { createTestUser } from '../support/testServer';
import { until } from '../support/until';
import { expectWrongPasswordsLimitedAcross } from '../support/wrongPasswords';
import { startBackEndCluster, type BackEndCluster, type Instance } from './support/backEndCluster';

/**
 * Issue 28: three back-end processes (the production command line) on one PostgreSQL database and one S3-compatible
 * bucket, on their own loopback ports, driven by a round-robin client as a load balancer would: they behave as one back
 * end. The instances start once for the whole file; its tests run in order (the sign-in limit's, which uses up the
 * address's sign-in attempts, after the only sign-in; the two that kill an instance last).
 */

/** Long enough for the test to hold a job between its queueing and its run; short enough to keep the file quick. */
const ANALYSIS_DELAY_MS = 2000;
/** A dead instance's jobs are taken over this long after its last renewal (REELSCOPE_JOB_LEASE_MS). */
const LEASE_MS = 3000;
const DEMO_VIDEO = join(process.cwd(), 'resources', 'media', 'reelscope-demo-1.mp4');

describe('three back-end instances on one PostgreSQL and one bucket behave as one back end (issue 28)', () => {
  let cluster: BackEndCluster;
  let session: Session;

  beforeAll(async () => {
    cluster = await startBackEndCluster(3, { REELSCOPE_ANALYSIS_DELAY_MS: String(ANALYSIS_DELAY_MS), REELSCOPE_JOB_LEASE_MS: String(LEASE_MS) });
    session = await signIn(cluster.next().url);
  }, 180_000);
  afterAll(async () => cluster?.close(), 60_000);

  const on = (instance: Instance): Session => ({ ...session, url: instance.url });
  const json = async <T>(answer: Promise<Response>): Promise<T> => {
    const response = await answer;
    if (response.status !== 200) throw new Error(`${response.url}: ${response.status} ${await response.text()}`);
    return (await response.json()) as T;
  };
  type VideoList = { data: { count: number }; videos: { _id: string; is_favorite: boolean }[] };
  const list = (instance: Instance, tab = '') => json<VideoList>(call(on(instance), 'GET', `/jwt_api/videos?per_page=100${tab ? `&tab=${tab}` : ''}`));
  const note = async (instance: Instance, videoId: string) =>
    (await json<{ note: { content: string } | null }>(call(on(instance), 'GET', `/jwt_api/videos/${videoId}/video_note`))).note?.content;
  /** Runs `count` calls of `task`, `lanes` at a time. */
  const inLanes = async <T>(count: number, lanes: number, task: (n: number) => Promise<T>): Promise<T[]> => {
    const results: T[] = [];
    let taken = 0;
    await Promise.all(Array.from({ length: lanes }, async () => {
      while (taken < count) {
        const n = taken++;
        results[n] = await task(n);
      }
    }));
    return results;
  };

  it('reads each of 200 writes spread over the instances back from every instance at once, and the list counts agree', async () => {
    const all = await list(cluster.next());
    // Every listed video fits one page, so a Favorites page shows all of them.
    expect(all.data.count).toBeLessThanOrEqual(100);
    const videos = all.videos.map((video) => video._id);
    const favorite = new Set(all.videos.filter((video) => video.is_favorite).map((video) => video._id));
    for (let n = 0; n < 200; n++) {
      const videoId = videos[Math.floor(n / 2) % videos.length]!;
      if (n % 2 === 0) {
        const content = `note ${n} — مرحبا ✓`;
        expect((await call(on(cluster.next()), 'PUT', `/jwt_api/videos/${videoId}/video_note`, { content })).status).toBe(200);
        expect(await Promise.all(cluster.live().map((instance) => note(instance, videoId)))).toEqual([content, content, content]);
      } else {
        const marked = !favorite.has(videoId);
        const path = marked ? '/jwt_api/videos/favorite_videos' : '/jwt_api/videos/unfavorite_videos';
        expect((await call(on(cluster.next()), 'POST', path, { video_ids: [videoId] })).status).toBe(200);
        if (marked) favorite.add(videoId);
        else favorite.delete(videoId);
        // The list index of every instance follows the write at once: the next answer of each has it.
        const favorites = await Promise.all(cluster.live().map((instance) => list(instance, 'Favorites')));
        for (const answer of favorites) {
          expect(answer.data.count).toBe(favorite.size);
          expect(answer.videos.map((video) => video._id).sort()).toEqual([...favorite].sort());
        }
      }
    }
    const counts = await Promise.all(cluster.live().flatMap((instance) => [list(instance), list(instance, 'Favorites')]));
    expect(counts.map((answer) => answer.data.count)).toEqual([all.data.count, favorite.size, all.data.count, favorite.size, all.data.count, favorite.size]);
  }, 120_000);

  it('delivers 500 chat messages published through one instance to a subscriber long-polling on another: none lost, doubled or out of order', async () => {
    const [publisher, subscriber] = cluster.live() as [Instance, Instance];
    const config = await json<ChatConfig>(call(on(publisher), 'GET', '/jwt_api/chats/config'));
    const channel = (await cluster.database.sql.get<{ pubnub_id: string }>('SELECT pubnub_id FROM chat_channels WHERE brand_id = ? ORDER BY id LIMIT 1', [session.identity.brand_id]))!.pubnub_id;
    const caller = new URLSearchParams({ uuid: config.userId, auth: config.authKey });
    const { publishKey, subscribeKey } = EMBEDDED_PUBNUB_KEYS;
    type Subscribed = { t: { t: string }; m: { d: { id: string } }[] };
    const subscribe = (tt: string, signal?: AbortSignal) =>
      json<Subscribed>(fetch(`${subscriber.url}/v2/subscribe/${subscribeKey}/${channel}/0?tt=${tt}&${caller}`, { signal }));

    const count = 500;
    const received: { id: string; at: number }[] = [];
    const stop = new AbortController();
    let cursor = (await subscribe('0')).t.t;
    // The subscriber: a long poll, asked again from its cursor as soon as it answers (as the PubNub SDK does).
    const subscribing = (async () => {
      while (received.length < count) {
        const answer = await subscribe(cursor, stop.signal);
        const at = performance.now();
        for (const message of answer.m) received.push({ id: message.d.id, at });
        cursor = answer.t.t;
      }
    })();
    const sent: string[] = [];
    const acknowledged = new Map<string, number>();
    try {
      for (let n = 0; n < count; n++) {
        const id = `cluster-${n}`;
        const payload = encodeURIComponent(JSON.stringify({ id, text: `message ${n}` }));
        const answer = await json<[number, string, string]>(fetch(`${publisher.url}/publish/${publishKey}/${subscribeKey}/0/${channel}/0/${payload}?${caller}`));
        expect(answer.slice(0, 2)).toEqual([1, 'Sent']);
        acknowledged.set(id, performance.now());
        sent.push(id);
      }
      await until(() => received.length >= count, { what: 'the delivery of every message', limitMs: 30_000 });
      await subscribing;
    } finally {
      stop.abort();
    }
    expect(received.map((message) => message.id)).toEqual(sent);
    // From the publish's acknowledgement to the subscriber's receipt (a message can even arrive first: 0).
    const delivery = received.map((message) => Math.max(0, message.at - acknowledged.get(message.id)!));
    const p95 = percentile(delivery, 95);
    console.log(`chat across instances: ${count} messages, delivery p95 ${p95.toFixed(1)} ms, max ${Math.max(...delivery).toFixed(1)} ms`);
    expect(p95).toBeLessThanOrEqual(250);
  }, 120_000);

  // loginLimitAcrossInstances.test.ts proves the same with two instances in one process on SQLite; here it is three
  // processes on PostgreSQL, whose limiter rows the instances race for.
  it('checks exactly 5 of 60 parallel wrong passwords spread over the three instances', async () => {
    const user = await createTestUser(cluster.database.sql, { email: 'cluster-guess@example.com', brands: [{ name: 'Guessed' }] });
    await expectWrongPasswordsLimitedAcross(cluster.live().map((instance) => instance.url), user.email);
  }, 60_000);

  it('plays a video uploaded through one instance from the bucket through another, by byte range', async () => {
    const [uploader, signer, player] = cluster.live() as [Instance, Instance, Instance];
    const video = readFileSync(DEMO_VIDEO);
    const target = await json<{ url: string; videoId: string }>(call(on(uploader), 'POST', '/second/video/create-upload-url/cluster.mp4', {}));
    const put = await fetch(`${uploader.url}${target.url}`, { method: 'PUT', headers: { 'content-type': 'video/mp4' }, body: new Uint8Array(video) });
    expect(put.status).toBe(200);
    expect(await cluster.bucket.keys(`uploads/${target.videoId}`)).toEqual([`uploads/${target.videoId}.mp4`]);
    const { data } = await json<{ data: { signedUrl: string } }>(call(on(signer), 'POST', '/second/download-video', { videoId: target.videoId }));
    const ranged = await fetch(`${player.url}${data.signedUrl}`, { headers: { range: 'bytes=100-4195' } });
    expect(ranged.status).toBe(206);
    expect(ranged.headers.get('content-range')).toBe(`bytes 100-4195/${video.length}`);
    expect(Buffer.from(await ranged.arrayBuffer()).equals(video.subarray(100, 4196))).toBe(true);
  }, 60_000);

  /** Adds link videos through `instance` (or round robin); answers their ids. Each one queues an analysis job. */
  const addLinks = (first: number, count: number, instance?: Instance) => inLanes(count, 6, async (n) => {
    const url = `https://www.youtube.com/watch?v=cl${String(first + n).padStart(9, '0')}`;
    return (await json<{ video: { _id: string } }>(call(on(instance ?? cluster.next()), 'POST', '/second/video/submit-video-url', { url, title: `Cluster ${first + n}` }))).video._id;
  });
  type AnalysisRow = { video_id: string; state: string; runs: number; summary: string; claimed_by: string | null };
  const analysisJobs = (videoIds: readonly string[]) => {
    const ids = inList(cluster.database.sql, 'video_id', videoIds);
    return cluster.database.sql.all<AnalysisRow>(`SELECT video_id, state, runs, summary, claimed_by FROM analysis_jobs WHERE ${ids.sql}`, [ids.param]);
  };
  type PublishRow = { id: string; video_id: string; state: string; claimed_by: string | null };
  const publishJobs = (jobIds: readonly string[]) => {
    const ids = inList(cluster.database.sql, 'id', jobIds);
    return cluster.database.sql.all<PublishRow>(`SELECT id, video_id, state, claimed_by FROM publish_jobs WHERE ${ids.sql}`, [ids.param]);
  };
  let apiKey: Promise<string> | null = null;
  const publish = async (instance: Instance, videoIds: readonly string[]): Promise<string[]> => {
    // Made once (a rotation ends the key before it), then used through every instance.
    apiKey ??= json<{ api_key: string }>(call(on(instance), 'POST', `/jwt_api/brands/${session.identity.brand_id}/api_key/rotate`, {})).then((body) => body.api_key);
    const answer = await json<{ jobs: { _id: string }[] }>(fetch(`${instance.url}/gateway/video/publish?brand_id=${session.identity.brand_id}`, {
      method: 'POST', headers: { [METRICS_KEY_HEADER]: await apiKey, 'content-type': 'application/json' }, body: JSON.stringify({ video_ids: videoIds, published: true }),
    }));
    return answer.jobs.map((job) => job._id);
  };
  /** Each analysis ran once: completed with one run counted, its claim released. */
  const expectAnalysedOnce = (rows: AnalysisRow[]) => {
    for (const row of rows) {
      expect({ id: row.video_id, state: row.state, runs: row.runs, summaryRuns: (JSON.parse(row.summary) as { runs: number }).runs, claimed: row.claimed_by })
        .toEqual({ id: row.video_id, state: 'completed', runs: 1, summaryRuns: 1, claimed: null });
    }
  };

  // store/jobClaims.engines.test.ts proves the claims on pipelines and publishers in one process, on both engines; here
  // the jobs are queued through the API of three processes and run by their own timers and polls.
  it('runs 300 analysis jobs and 100 publish jobs queued through the three instances each exactly once', async () => {
    const videoIds = await addLinks(0, 300);
    expect(new Set(videoIds).size).toBe(300);
    await until(async () => (await analysisJobs(videoIds)).every((row) => row.state === 'completed'), { what: 'the end of 300 analyses', limitMs: 90_000, everyMs: 250 });
    const analysed = await analysisJobs(videoIds);
    expect(analysed).toHaveLength(300);
    expectAnalysedOnce(analysed);

    const toPublish = videoIds.slice(0, 100);
    const jobIds = (await Promise.all(Array.from({ length: 10 }, (_, n) => publish(cluster.next(), toPublish.slice(n * 10, n * 10 + 10))))).flat();
    expect(jobIds).toHaveLength(100);
    await until(async () => (await publishJobs(jobIds)).every((row) => row.state !== 'queued' && row.state !== 'processing'), { what: 'the end of 100 publish jobs', limitMs: 60_000, everyMs: 250 });
    const ended = await publishJobs(jobIds);
    expect(ended.map((row) => [row.state, row.claimed_by])).toEqual(Array(100).fill(['published', null]));
    expect(new Set(ended.map((row) => row.video_id))).toEqual(new Set(toPublish));
    const published = inList(cluster.database.sql, 'id', toPublish);
    expect(await cluster.database.sql.all(`SELECT id FROM videos WHERE ${published.sql} AND published = 1`, [published.param])).toHaveLength(100);
  }, 150_000);

  it('finishes the analysis and publish jobs an instance had claimed when it was killed, on another instance, once each', async () => {
    const [victim, ...others] = cluster.live() as [Instance, Instance, Instance];
    const pause = (signal: 'SIGSTOP' | 'SIGCONT') => others.forEach((instance) => instance.started.child.kill(signal));
    // The videos to publish are analysed first: a video still under analysis is not published.
    const toPublish = await addLinks(1100, 5);
    await until(async () => (await analysisJobs(toPublish)).every((row) => row.state === 'completed'), { what: 'the analyses of the videos to publish', limitMs: 60_000, everyMs: 100 });
    // While the others are paused, only the victim can claim: whatever is claimed is its.
    pause('SIGSTOP');
    const holder = new pg.Client({ connectionString: cluster.database.url ?? '' });
    await holder.connect();
    try {
      const videoIds = await addLinks(1000, 5, victim);
      await until(async () => (await analysisJobs(videoIds)).every((row) => row.state === 'processing'), { what: 'the analyses starting' });
      // Holding the videos' rows keeps each job's last write waiting after its claim: the victim dies mid-job.
      await holder.query('BEGIN');
      await holder.query('SELECT id FROM videos WHERE id = ANY($1) FOR NO KEY UPDATE', [[...videoIds, ...toPublish]]);
      const jobIds = await publish(victim, toPublish);
      await until(async () => {
        const analyses = await analysisJobs(videoIds);
        if (analyses.some((row) => row.state === 'completed')) throw new Error('an analysis ended before the test held its video: ANALYSIS_DELAY_MS is too short for this machine');
        const claimed = (rows: { state: string; claimed_by: string | null }[]) => rows.every((row) => row.state === 'processing' && row.claimed_by !== null);
        return claimed(analyses) && claimed(await publishJobs(jobIds));
      }, { what: 'the victim claiming its jobs' });
      // One holder of each kind of job (the victim's pipeline and its publisher each claim under an id of their own).
      expect(new Set((await analysisJobs(videoIds)).map((row) => row.claimed_by)).size).toBe(1);
      expect(new Set((await publishJobs(jobIds)).map((row) => row.claimed_by)).size).toBe(1);
      // Claimed for REELSCOPE_JOB_LEASE_MS from the instance's now (at most this test's now), not the 30 s default.
      const leases = await cluster.database.sql.all<{ lease_until: string }>(
        'SELECT lease_until FROM analysis_jobs WHERE video_id = ANY(?) UNION ALL SELECT lease_until FROM publish_jobs WHERE id = ANY(?)', [videoIds, jobIds]);
      expect(leases).toHaveLength(10);
      expect(leases.filter((row) => Date.parse(row.lease_until) > Date.now() + LEASE_MS + 1000)).toEqual([]);

      await cluster.kill(victim);
      await holder.query('ROLLBACK');
      pause('SIGCONT');
      await until(async () => (await analysisJobs(videoIds)).every((row) => row.state === 'completed') && (await publishJobs(jobIds)).every((row) => row.state === 'published'),
        { what: 'another instance finishing the dead one\'s jobs', limitMs: 60_000, everyMs: 100 });
      expectAnalysedOnce(await analysisJobs(videoIds));
      expect((await publishJobs(jobIds)).map((row) => row.claimed_by)).toEqual(Array(5).fill(null));
    } finally {
      pause('SIGCONT');
      await holder.end();
    }
    // Three again for the next test.
    await cluster.add();
  }, 120_000);

  it('loses no acknowledged write when one instance is killed (SIGKILL) under a write load, and the other two keep answering', async () => {
    expect(cluster.live()).toHaveLength(3);
    const victim = cluster.live()[1]!;
    const videos = (await list(cluster.next())).videos.map((video) => video._id);
    // Per video: the notes sent in order and how many were acknowledged; each lane writes its own videos, one at a time.
    const notes = new Map(videos.map((id) => [id, { sent: [] as string[], acknowledged: 0 }]));
    const survivorLatencies: number[] = [];
    const survivorFailures: string[] = [];
    let acknowledged = 0;
    let afterKill = 0;
    let killed = false;
    let stopped = false;
    const lanes = 6;
    const lane = async (index: number) => {
      for (let round = 0; !stopped; round++) {
        for (let i = index; i < videos.length && !stopped; i += lanes) {
          const id = videos[i]!;
          const entry = notes.get(id)!;
          const content = `load ${round}:${i}`;
          entry.sent.push(content);
          const instance = cluster.next();
          const started = performance.now();
          const wasKilled = killed;
          try {
            const answer = await call(on(instance), 'PUT', `/jwt_api/videos/${id}/video_note`, { content });
            if (answer.status === 200) {
              entry.acknowledged = entry.sent.length;
              acknowledged += 1;
              if (killed) afterKill += 1;
            } else if (instance !== victim) survivorFailures.push(`${instance.name}: ${answer.status}`);
            if (wasKilled && instance !== victim) survivorLatencies.push(performance.now() - started);
          } catch (error) {
            // A request the kill cut is not acknowledged; a survivor must not fail.
            if (instance !== victim) survivorFailures.push(`${instance.name}: ${(error as Error).message}`);
          }
        }
      }
    };
    const writing = Array.from({ length: lanes }, (_, index) => lane(index));
    await until(() => acknowledged >= 150, { what: '150 acknowledged writes', limitMs: 60_000, everyMs: 5 });
    await cluster.kill(victim);
    killed = true;
    await until(() => afterKill >= 300, { what: '300 writes acknowledged by the survivors', limitMs: 60_000, everyMs: 5 });
    stopped = true;
    await Promise.all(writing);

    expect(survivorFailures).toEqual([]);
    console.log(`kill -9 under load: ${acknowledged} writes acknowledged, survivors' p99 after the kill ${percentile(survivorLatencies, 99).toFixed(1)} ms over ${survivorLatencies.length} writes`);
    for (const [id, entry] of notes) {
      if (entry.acknowledged === 0) continue;
      const read = await Promise.all(cluster.live().map((instance) => note(instance, id)));
      // The last acknowledged note, or one sent after it whose answer the kill cut off; the same on both survivors.
      expect(entry.sent.slice(entry.acknowledged - 1)).toContain(read[0]);
      expect(read[1]).toBe(read[0]);
    }
  }, 150_000);
});
