import { readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { PublishJob } from '../../shared/http/publishing.schemas';
import { publishingBlock, type VideoRights } from '../../shared/rules/licensing';
import { HttpError } from '../http/httpError';
import type { PublishableVideo, PublishJobRow } from '../repositories/publishing/publishJobsRepository';
import type { PublishingRepositories } from '../repositories/publishing/index';

type Action = PublishJob['action'];
/** A payload the gateway kept on disk for a request's jobs, and its size. */
export type KeptPayload = { file: string; bytes: number };

/** Jobs moved per step: a bulk action of thousands settles in a few steps without one long write. */
const STEP_JOBS = 250;
const STEP_MS = 40;

/**
 * Publishing to the shopper app (issue 17): each publish or unpublish is a job, queued → processing → published |
 * unpublished | failed, run a few hundred at a time on a timer so a bulk action never blocks the back end. The rights
 * gate is checked when a job is asked for (the whole request is refused, nothing changes) and again when it runs (a
 * license may have ended meanwhile: the job fails with the reason).
 */
export function createPublisher({ jobs, payloads }: PublishingRepositories, now: () => Date) {
  let timer: ReturnType<typeof setTimeout> | null = null;
  let stopped = false;
  /** Requests waiting for their own jobs to end, each woken after every step (not by other requests' jobs). */
  const waiters = new Set<() => void>();

  const blockOf = (video: PublishableVideo) => publishingBlock(video.rights, now());
  /** Why a job that runs now fails, or null: its video gone, or (a publish) the rights gate. */
  const failureOf = (job: PublishJobRow, video: PublishableVideo | null) => (!video ? 'The video is no longer in the library.' : job.action === 'publish' ? blockOf(video) : null);

  /** Moves jobs one step on; answers the payload files of the jobs that ended. */
  const step = (): string[] => jobs.step(now().toISOString(), STEP_JOBS, failureOf);

  /** A payload is deleted once every job of its request has ended (done or failed); one that fails to go is swept at the next start. */
  const removePayloads = (files: readonly string[]) => {
    for (const file of payloads.released(files)) {
      try {
        rmSync(file, { force: true });
      } catch {
        // Left for the start-up sweep (removeLeftoverPayloads).
      }
    }
  };

  const schedule = () => {
    if (timer !== null || stopped) return;
    timer = setTimeout(() => {
      timer = null;
      removePayloads(step());
      if (jobs.anyOpen()) schedule();
      for (const wake of [...waiters]) wake();
    }, STEP_MS);
  };

  return {
    /**
     * Queues one job per video after checking that every video is the brand's and, for a publish, may be published;
     * any refusal refuses the whole request (400 naming the video and why), so nothing changes.
     */
    enqueue(brandId: string, videoIds: readonly string[], action: Action, payload: KeptPayload | null = null): PublishJob[] {
      const rows = videoIds.map((id) => {
        const row = jobs.video(brandId, id);
        if (!row) throw new HttpError(404, `Video ${id} is not one of the brand's videos.`);
        return row;
      });
      if (action === 'publish') {
        for (const row of rows) {
          const block = blockOf(row);
          if (block) throw new HttpError(400, `“${row.title}”: ${block}`, 'publish_blocked');
        }
      }
      const queued = jobs.queue(brandId, rows.map((row) => row.id), action, payload, now().toISOString());
      schedule();
      return queued;
    },
    /** Why the brand's video may not be published now, or null. */
    blocked(brandId: string, videoId: string): string | null {
      const video = jobs.video(brandId, videoId);
      return video ? blockOf(video) : null;
    },
    /** What the rights gate decides from (the app manager sends it, so the page checks a selection with the same rule). */
    rights(brandId: string, videoId: string): VideoRights | null {
      return jobs.video(brandId, videoId)?.rights ?? null;
    },
    /** The latest job of a video, or null. */
    latestOf: (brandId: string, videoId: string): PublishJob | null => jobs.latestOf(brandId, videoId),
    /** A job by its id, or the latest job of a video by the video's id (the gateway's state route takes either). */
    state: (brandId: string, id: string): PublishJob | null => jobs.job(brandId, id) ?? jobs.latestOf(brandId, id),
    /** Resolves when these jobs have ended, or after `ms` (a route that answers with final states when they come quickly). */
    settled(jobIds: readonly string[], ms: number): Promise<void> {
      const ended = () => jobs.openCount(jobIds) === 0;
      if (ended()) return Promise.resolve();
      return new Promise((resolve) => {
        const done = () => {
          clearTimeout(limit);
          waiters.delete(check);
          resolve();
        };
        const check = () => {
          if (stopped || ended()) done();
        };
        const limit = setTimeout(done, ms);
        waiters.add(check);
      });
    },
    /**
     * The calls of the videos list and detail (multi_publish, /video/content): queue, wait briefly for the jobs to end
     * (they usually take a few steps), and answer with their states; the app polls any that are still open.
     */
    async run(brandId: string, videoIds: readonly string[], published: boolean, waitMs = 3000) {
      const queued = this.enqueue(brandId, videoIds, published ? 'publish' : 'unpublish');
      await this.settled(queued.map((job) => job._id), waitMs);
      const jobs = queued.map((job) => this.state(brandId, job._id) ?? job);
      const done = jobs.filter((job) => job.state === (published ? 'published' : 'unpublished')).length;
      const open = jobs.filter((job) => job.state === 'queued' || job.state === 'processing').length;
      const word = published ? 'published' : 'unpublished';
      const message = `${done} video${done === 1 ? '' : 's'} ${word}${open > 0 ? `; ${open} still in progress` : ''}`;
      return { message, count: done, jobs };
    },
    /** Bytes of the payloads the brand's unfinished jobs keep on disk (its quota counts them). */
    waitingBytes: (brandId: string): number => payloads.waitingBytes(brandId),
    /**
     * At start-up: deletes every file in the payload folder no open job needs — payloads of jobs that ended while a
     * delete failed, and partial files of requests a stop or crash cut — and lets ended jobs forget theirs.
     */
    removeLeftoverPayloads(dir: string): void {
      const needed = payloads.openFiles();
      let names: string[] = [];
      try {
        names = readdirSync(dir);
      } catch {
        // No folder yet: nothing was ever kept.
      }
      for (const name of names) if (!needed.has(join(dir, name))) rmSync(join(dir, name), { force: true, recursive: true });
      payloads.forgetEnded();
    },
    /** Picks up jobs a shutdown interrupted. */
    resume(): void {
      stopped = false;
      if (jobs.anyOpen()) schedule();
    },
    stop(): void {
      stopped = true;
      if (timer !== null) clearTimeout(timer);
      timer = null;
      for (const wake of [...waiters]) wake();
    },
  };
}
export type Publisher = ReturnType<typeof createPublisher>;
