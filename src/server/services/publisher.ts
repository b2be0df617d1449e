import { randomBytes } from 'node:crypto';
import { readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type Database from 'better-sqlite3';
import type { PublishJob } from '../../shared/http/publishing.schemas';
import { publishingBlock, type VideoRights } from '../../shared/rules/licensing';
import { HttpError } from '../http/httpError';
import { BRAND_MADE_SQL } from '../repositories/videos/videoScope';
import { createPublishPayloadsRepository } from '../repositories/publishPayloadsRepository';

type Action = PublishJob['action'];
type JobRow = { id: string; brand_id: string; video_id: string; action: Action; state: PublishJob['state']; error: string | null; payload_file: string | null; created_at: string; updated_at: string };
/** A payload the gateway kept on disk for a request's jobs, and its size. */
export type KeptPayload = { file: string; bytes: number };
type RightsRow = { id: string; title: string; by_brand: number; licenses: string | null };

/** Jobs moved per step: a bulk action of thousands settles in a few steps without one long write. */
const STEP_JOBS = 250;
const STEP_MS = 40;

const toJob = (row: JobRow): PublishJob => ({ _id: row.id, video_id: row.video_id, action: row.action, state: row.state, error: row.error, created_at: row.created_at, updated_at: row.updated_at });

/**
 * Publishing to the shopper app (issue 17): each publish or unpublish is a job, queued → processing → published |
 * unpublished | failed, run a few hundred at a time on a timer so a bulk action never blocks the back end. The rights
 * gate is checked when a job is asked for (the whole request is refused, nothing changes) and again when it runs (a
 * license may have ended meanwhile: the job fails with the reason).
 */
export function createPublisher(db: Database.Database, now: () => Date) {
  const rightsOf = db.prepare(`SELECT v.id, v.title,
      ${BRAND_MADE_SQL} AS by_brand,
      (SELECT json_group_array(json_object('status', la.status, 'expires_at', (SELECT MAX(lp.expires_at) FROM license_purchases lp WHERE lp.agreement_id = la.id)))
         FROM license_agreements la WHERE la.video_id = v.id AND la.status IN ('paid', 'expired')) AS licenses
    FROM videos v LEFT JOIN creators c ON c.id = v.creator_id WHERE v.id = ? AND v.brand_id = ?`);
  const insert = db.prepare('INSERT INTO publish_jobs (id, brand_id, video_id, action, state, payload_file, payload_bytes, created_at, updated_at) VALUES (?, ?, ?, ?, \'queued\', ?, ?, ?, ?)');
  const payloads = createPublishPayloadsRepository(db);
  const byId = db.prepare('SELECT * FROM publish_jobs WHERE id = ? AND brand_id = ?');
  const latestOfVideo = db.prepare('SELECT * FROM publish_jobs WHERE video_id = ? AND brand_id = ? ORDER BY created_at DESC, rowid DESC LIMIT 1');
  const open = db.prepare("SELECT * FROM publish_jobs WHERE state = ? ORDER BY created_at, rowid LIMIT ?");
  const move = db.prepare('UPDATE publish_jobs SET state = ?, error = ?, updated_at = ? WHERE id = ?');
  const setPublished = db.prepare('UPDATE videos SET published = ?, app_published_at = CASE WHEN ? = 1 THEN ? ELSE app_published_at END, updated_at = ? WHERE id = ?');
  const anyOpen = db.prepare("SELECT 1 FROM publish_jobs WHERE state IN ('queued', 'processing') LIMIT 1").pluck();

  let timer: ReturnType<typeof setTimeout> | null = null;
  let stopped = false;
  /** Requests waiting for their own jobs to end, each woken after every step (not by other requests' jobs). */
  const waiters = new Set<() => void>();
  const openOf = db.prepare(`SELECT COUNT(*) FROM publish_jobs WHERE state IN ('queued', 'processing') AND id IN (SELECT value FROM json_each(?))`).pluck();

  const rightsOfRow = (row: RightsRow): VideoRights => ({ byBrand: row.by_brand === 1, licenses: JSON.parse(row.licenses ?? '[]') as VideoRights['licenses'] });
  const blockOf = (row: RightsRow) => publishingBlock(rightsOfRow(row), now());

  /** Moves jobs one step on; answers the payload files of the jobs that ended. */
  const step = db.transaction((): string[] => {
    const at = now().toISOString();
    const ended: string[] = [];
    for (const row of open.all('processing', STEP_JOBS) as JobRow[]) {
      if (row.payload_file !== null) ended.push(row.payload_file);
      const rights = rightsOf.get(row.video_id, row.brand_id) as RightsRow | undefined;
      const block = !rights ? 'The video is no longer in the library.' : row.action === 'publish' ? blockOf(rights) : null;
      if (block) {
        move.run('failed', block, at, row.id);
        continue;
      }
      setPublished.run(row.action === 'publish' ? 1 : 0, row.action === 'publish' ? 1 : 0, at, at, row.video_id);
      move.run(row.action === 'publish' ? 'published' : 'unpublished', null, at, row.id);
    }
    for (const row of open.all('queued', STEP_JOBS) as JobRow[]) move.run('processing', null, at, row.id);
    return ended;
  });

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
      if (anyOpen.get() !== undefined) schedule();
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
        const row = rightsOf.get(id, brandId) as RightsRow | undefined;
        if (!row) throw new HttpError(404, `Video ${id} is not one of the brand's videos.`);
        return row;
      });
      if (action === 'publish') {
        for (const row of rows) {
          const block = blockOf(row);
          if (block) throw new HttpError(400, `“${row.title}”: ${block}`, 'publish_blocked');
        }
      }
      const at = now().toISOString();
      const ids = db.transaction(() => rows.map((row) => {
        const id = randomBytes(12).toString('hex');
        insert.run(id, brandId, row.id, action, payload?.file ?? null, payload?.bytes ?? 0, at, at);
        return id;
      }))();
      schedule();
      return ids.map((id) => toJob(byId.get(id, brandId) as JobRow));
    },
    /** Why the brand's video may not be published now, or null. */
    blocked(brandId: string, videoId: string): string | null {
      const row = rightsOf.get(videoId, brandId) as RightsRow | undefined;
      return row ? blockOf(row) : null;
    },
    /** What the rights gate decides from (the app manager sends it, so the page checks a selection with the same rule). */
    rights(brandId: string, videoId: string): VideoRights | null {
      const row = rightsOf.get(videoId, brandId) as RightsRow | undefined;
      return row ? rightsOfRow(row) : null;
    },
    /** The latest job of a video, or null. */
    latestOf(brandId: string, videoId: string): PublishJob | null {
      const row = latestOfVideo.get(videoId, brandId) as JobRow | undefined;
      return row ? toJob(row) : null;
    },
    /** A job by its id, or the latest job of a video by the video's id (the gateway's state route takes either). */
    state(brandId: string, id: string): PublishJob | null {
      const row = (byId.get(id, brandId) ?? latestOfVideo.get(id, brandId)) as JobRow | undefined;
      return row ? toJob(row) : null;
    },
    /** Resolves when these jobs have ended, or after `ms` (a route that answers with final states when they come quickly). */
    settled(jobIds: readonly string[], ms: number): Promise<void> {
      const ids = JSON.stringify(jobIds);
      const ended = () => (openOf.get(ids) as number) === 0;
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
      if (anyOpen.get() !== undefined) schedule();
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
