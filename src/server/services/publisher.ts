import { randomUUID } from 'node:crypto';
import { basename } from 'node:path';
import type { PublishJob } from '../../shared/http/publishing.schemas';
import { publishingBlock, type VideoRights } from '../../shared/rules/licensing';
import { HttpError } from '../http/httpError';
import type { MediaStore } from '../media/mediaStore';
import type { PublishableVideo, PublishJobRow } from '../repositories/publishing/publishJobsRepository';
import type { PublishingRepositories } from '../repositories/publishing/index';

type Action = PublishJob['action'];
/** A payload the gateway kept for a request's jobs (its name in the payload store), and its size. */
export type KeptPayload = { file: string; bytes: number };

/** A job's payload name in the store; rows written before the payload store held the file's full path, whose last segment it is. */
const payloadKey = (file: string): string => basename(file);

/** Jobs moved per step: a bulk action of thousands settles in a few steps without one long write. */
const STEP_JOBS = 250;
const STEP_MS = 40;
/** After a step the database refused: long enough not to spin while it is away. */
const RETRY_MS = 1000;
/** With no job open, how often to look again: jobs queued through another instance, or left by one that died. */
const IDLE_POLL_MS = 2000;
/** How long this instance's hold on its processing jobs lasts without a step renewing it. */
export const PUBLISH_LEASE_MS = 30_000;

export interface PublisherOptions {
  /** This instance's id in the jobs' claims (a new one per start). */
  owner?: string;
  leaseMs?: number;
  /** Where the gateway keeps publish payloads (the payload store), deleted once their jobs end. */
  payloadStore?: MediaStore | null;
}

/**
 * Publishing to the shopper app (issue 17): each publish or unpublish is a job, queued → processing → published |
 * unpublished | failed, run a few hundred at a time on a timer so a bulk action never blocks the back end. The rights
 * gate is checked when a job is asked for (the whole request is refused, nothing changes) and again when it runs (a
 * license may have ended meanwhile: the job fails with the reason).
 */
export function createPublisher({ jobs, payloads }: PublishingRepositories, now: () => Date, options: PublisherOptions = {}) {
  const payloadStore = options.payloadStore ?? null;
  const owner = options.owner ?? randomUUID();
  const leaseMs = options.leaseMs ?? PUBLISH_LEASE_MS;
  let timer: ReturnType<typeof setTimeout> | null = null;
  /** The step running now (its transaction open), awaited by stop so the database is not closed under it. */
  let running: Promise<void> | null = null;
  /** Jobs were queued while a step ran (it may not have seen them): step again after it. */
  let queuedMeanwhile = false;
  let stopped = false;
  /** Requests waiting for their own jobs to end, each woken after every step (not by other requests' jobs). */
  const waiters = new Set<() => void>();

  const blockOf = (video: PublishableVideo) => publishingBlock(video.rights, now());
  /** Why a job that runs now fails, or null: its video gone, or (a publish) the rights gate. */
  const failureOf = (job: PublishJobRow, video: PublishableVideo | null) => (!video ? 'The video is no longer in the library.' : job.action === 'publish' ? blockOf(video) : null);

  /** A payload is deleted once every job of its request has ended (done or failed); one that fails to go is swept at the next start. */
  const removePayloads = async (files: readonly string[]) => {
    if (files.length === 0) return;
    for (const file of await payloads.released(files)) {
      // One that fails is left for the start-up sweep (removeLeftoverPayloads).
      await payloadStore?.delete(payloadKey(file)).catch(() => undefined);
    }
  };

  /**
   * Moves jobs one step on (one transaction), then deletes the payloads of the jobs that ended, and schedules the next
   * step while jobs are open. A step the database refused (e.g. PostgreSQL away for a moment) is tried again later.
   */
  const runStep = async (idle: boolean) => {
    let next = RETRY_MS;
    try {
      // An idle look opens no write transaction unless some job is open.
      if (idle && !queuedMeanwhile && !(await jobs.anyOpen())) {
        next = IDLE_POLL_MS;
        return;
      }
      const at = now();
      const claim = { owner, now: at.toISOString(), leaseUntil: new Date(at.getTime() + leaseMs).toISOString() };
      await removePayloads(await jobs.step(claim, STEP_JOBS, failureOf));
      // Open jobs may be another instance's (held under its lease): looked at again when idle, not spun on.
      next = queuedMeanwhile || (await jobs.anyOpen()) ? STEP_MS : IDLE_POLL_MS;
    } catch {
      // Its transaction rolled back: the jobs are as they were, and the next step takes them again.
    } finally {
      running = null;
      timer = null;
      queuedMeanwhile = false;
      schedule(next);
      for (const wake of [...waiters]) wake();
    }
  };

  const schedule = (delay = STEP_MS) => {
    if (running !== null) queuedMeanwhile = true;
    if (timer !== null || running !== null || stopped) return;
    timer = setTimeout(() => {
      running = runStep(delay === IDLE_POLL_MS);
    }, delay);
    // The jobs are in the database: a pending step never keeps the process alive.
    timer.unref();
  };

  return {
    /**
     * Queues one job per video after checking that every video is the brand's and, for a publish, may be published;
     * any refusal refuses the whole request (400 naming the video and why), so nothing changes. `userId` is who asked
     * (null: the brand's API key), shown on the jobs.
     */
    async enqueue(brandId: string, userId: string | null, videoIds: readonly string[], action: Action, payload: KeptPayload | null = null): Promise<PublishJob[]> {
      const rows: PublishableVideo[] = [];
      for (const id of videoIds) {
        const row = await jobs.video(brandId, id);
        if (!row) throw new HttpError(404, `Video ${id} is not one of the brand's videos.`);
        rows.push(row);
      }
      if (action === 'publish') {
        for (const row of rows) {
          const block = blockOf(row);
          if (block) throw new HttpError(400, `“${row.title}”: ${block}`, 'publish_blocked');
        }
      }
      const queued = await jobs.queue(brandId, userId, rows.map((row) => row.id), action, payload, now().toISOString());
      schedule();
      return queued;
    },
    /** Why the brand's video may not be published now, or null. */
    async blocked(brandId: string, videoId: string): Promise<string | null> {
      const video = await jobs.video(brandId, videoId);
      return video ? blockOf(video) : null;
    },
    /** The brand's videos with what the rights gate decides from, in the order asked (null for one not the brand's). */
    async rightsOf(brandId: string, videoIds: readonly string[]): Promise<(PublishableVideo | null)[]> {
      const rows: (PublishableVideo | null)[] = [];
      for (const id of videoIds) rows.push(await jobs.video(brandId, id));
      return rows;
    },
    /** What the rights gate decides from (the app manager sends it, so the page checks a selection with the same rule). */
    rights: async (brandId: string, videoId: string): Promise<VideoRights | null> => (await jobs.video(brandId, videoId))?.rights ?? null,
    /** The latest job of a video, or null. */
    latestOf: (brandId: string, videoId: string): Promise<PublishJob | null> => jobs.latestOf(brandId, videoId),
    /** A job by its id, or the latest job of a video by the video's id (the gateway's state route takes either). */
    state: async (brandId: string, id: string): Promise<PublishJob | null> => (await jobs.job(brandId, id)) ?? jobs.latestOf(brandId, id),
    /** Resolves when these jobs have ended, or after `ms` (a route that answers with final states when they come quickly). */
    async settled(jobIds: readonly string[], ms: number): Promise<void> {
      const ended = async () => (await jobs.openCount(jobIds)) === 0;
      if (await ended()) return;
      await new Promise<void>((resolve) => {
        let done = false;
        const finish = () => {
          if (done) return;
          done = true;
          clearTimeout(limit);
          waiters.delete(check);
          resolve();
        };
        const check = () => {
          if (stopped) return finish();
          ended().then((yes) => yes && finish(), finish);
        };
        const limit = setTimeout(finish, ms);
        waiters.add(check);
      });
    },
    /**
     * The calls of the videos list and detail (multi_publish, /video/content): queue, wait briefly for the jobs to end
     * (they usually take a few steps), and answer with their states; the app polls any that are still open.
     */
    async run(brandId: string, userId: string, videoIds: readonly string[], published: boolean, waitMs = 3000) {
      const queued = await this.enqueue(brandId, userId, videoIds, published ? 'publish' : 'unpublish');
      await this.settled(queued.map((job) => job._id), waitMs);
      const jobs: PublishJob[] = [];
      for (const job of queued) jobs.push((await this.state(brandId, job._id)) ?? job);
      const done = jobs.filter((job) => job.state === (published ? 'published' : 'unpublished')).length;
      const open = jobs.filter((job) => job.state === 'queued' || job.state === 'processing').length;
      const word = published ? 'published' : 'unpublished';
      const message = `${done} video${done === 1 ? '' : 's'} ${word}${open > 0 ? `; ${open} still in progress` : ''}`;
      return { message, count: done, jobs };
    },
    /** Bytes of the payloads the brand's unfinished jobs keep on disk (its quota counts them). */
    waitingBytes: (brandId: string): Promise<number> => payloads.waitingBytes(brandId),
    /**
     * At start-up: deletes every payload in the store no open job needs — payloads of jobs that ended while a delete
     * failed, and partial files of requests a stop or crash cut — and lets ended jobs forget theirs.
     */
    async removeLeftoverPayloads(): Promise<void> {
      const needed = new Set([...(await payloads.openFiles())].map(payloadKey));
      if (payloadStore) for await (const item of payloadStore.list()) if (!needed.has(item.key)) await payloadStore.delete(item.key);
      await payloads.forgetEnded();
    },
    /** Picks up jobs a shutdown interrupted, and keeps looking for jobs no live instance holds. */
    async resume(): Promise<void> {
      stopped = false;
      schedule((await jobs.anyOpen()) ? STEP_MS : IDLE_POLL_MS);
    },
    /** Stops stepping; resolves once a step under way has ended (its transaction settled). */
    async stop(): Promise<void> {
      stopped = true;
      if (timer !== null && running === null) clearTimeout(timer);
      timer = null;
      for (const wake of [...waiters]) wake();
      await running;
      try {
        await jobs.release(owner);
      } catch {
        // The database is closing: the jobs wait for their lease to end.
      }
    },
    /** Stops stepping without letting go of the jobs held, as if the process died (tests of another instance taking over). */
    abandon(): void {
      stopped = true;
      if (timer !== null && running === null) clearTimeout(timer);
      timer = null;
    },
  };
}
export type Publisher = ReturnType<typeof createPublisher>;
