import { randomBytes } from 'node:crypto';
import { inList, type SqlClient } from '../../db/sqlClient';
import type { PublishJob } from '../../../shared/http/publishing.schemas';
import type { VideoRights } from '../../../shared/rules/licensing';
import { BRAND_MADE_SQL } from '../videos/videoScope';
import { PERSON_NAME, personOf } from '../team/authorship';

type Action = PublishJob['action'];
/** A job as stored: the runner reads its brand, video and payload file. */
export type PublishJobRow = {
  id: string; brand_id: string; video_id: string; action: Action; state: PublishJob['state']; error: string | null; payload_file: string | null; created_at: string; updated_at: string;
  user_id: string | null; requester_name?: string | null;
};
type VideoRow = { id: string; title: string; analysis_stage: string; by_brand: number };
/** A brand's video with what the rights gate decides from. */
export type PublishableVideo = { id: string; title: string; rights: VideoRights };

const toJob = (row: PublishJobRow): PublishJob => ({
  _id: row.id, video_id: row.video_id, action: row.action, state: row.state, error: row.error, created_at: row.created_at, updated_at: row.updated_at,
  requested_by: personOf(row.user_id, row.requester_name),
});
/** Jobs with the name of the teammate who asked for them. */
const JOB_ROWS = `SELECT j.*, ${PERSON_NAME('u')} AS requester_name FROM publish_jobs j LEFT JOIN users u ON u.id = j.user_id`;

const VIDEO = `SELECT v.id, v.title, v.analysis_stage, CASE WHEN ${BRAND_MADE_SQL} THEN 1 ELSE 0 END AS by_brand
  FROM videos v LEFT JOIN creators c ON c.id = v.creator_id WHERE v.id = ? AND v.brand_id = ?`;
// The licenses as plain rows (one text for both engines, instead of SQLite's json_group_array), in the order they were asked for.
const LICENSES = `SELECT la.status, (SELECT MAX(lp.expires_at) FROM license_purchases lp WHERE lp.agreement_id = la.id) AS expires_at
  FROM license_agreements la WHERE la.video_id = ? AND la.status IN ('paid', 'expired') ORDER BY la.created_at, la.id`;
const END = 'UPDATE publish_jobs SET state = ?, error = ?, updated_at = ?, claimed_by = NULL, lease_until = NULL WHERE id = ?';
/** Who steps jobs (an instance's id), its lease's end and the time now, as ISO text. */
export type JobClaim = { owner: string; leaseUntil: string; now: string };

/** The publish jobs (issue 17) and the rights of the videos they publish. */
export function createPublishJobsRepository(sql: SqlClient) {
  // Jobs made in the same millisecond keep their order by SQLite's rowid; PostgreSQL's publish_jobs has no such column, so its ties go by id.
  const tieBreak = sql.engine === 'postgres' ? 'id' : 'rowid';

  /** The brand's video and its rights, or null when it is not the brand's (read through `client`: inside a step, its transaction). */
  const videoOf = async (client: SqlClient, brandId: string, videoId: string): Promise<PublishableVideo | null> => {
    const row = await client.get<VideoRow>(VIDEO, [videoId, brandId]);
    if (!row) return null;
    const licenses = await client.all<VideoRights['licenses'][number]>(LICENSES, [videoId]);
    return { id: row.id, title: row.title, rights: { byBrand: row.by_brand === 1, licenses, analysed: row.analysis_stage === 'completed' } };
  };
  const jobOf = (row: PublishJobRow | undefined): PublishJob | null => (row ? toJob(row) : null);
  const byId = `${JOB_ROWS} WHERE j.id = ? AND j.brand_id = ?`;

  return {
    /** The brand's video and its rights, or null when it is not the brand's. */
    video: (brandId: string, videoId: string): Promise<PublishableVideo | null> => videoOf(sql, brandId, videoId),
    /** Queues one job per video in one transaction, asked by `userId` (null: the brand's API key); answers the jobs. */
    queue: (brandId: string, userId: string | null, videoIds: readonly string[], action: Action, payload: { file: string; bytes: number } | null, at: string): Promise<PublishJob[]> =>
      sql.transaction(async (tx) => {
        const jobs: PublishJob[] = [];
        for (const videoId of videoIds) {
          const id = randomBytes(12).toString('hex');
          await tx.run('INSERT INTO publish_jobs (id, brand_id, video_id, action, state, payload_file, payload_bytes, created_at, updated_at, user_id) VALUES (?, ?, ?, ?, \'queued\', ?, ?, ?, ?, ?)',
            [id, brandId, videoId, action, payload?.file ?? null, payload?.bytes ?? 0, at, at, userId]);
          jobs.push(toJob((await tx.get<PublishJobRow>(byId, [id, brandId])) as PublishJobRow));
        }
        return jobs;
      }),
    job: async (brandId: string, id: string): Promise<PublishJob | null> => jobOf(await sql.get<PublishJobRow>(byId, [id, brandId])),
    latestOf: async (brandId: string, videoId: string): Promise<PublishJob | null> => jobOf(await sql.get<PublishJobRow>(
      `${JOB_ROWS} WHERE j.video_id = ? AND j.brand_id = ? ORDER BY j.created_at DESC, j.${tieBreak} DESC LIMIT 1`, [videoId, brandId])),
    /**
     * Moves up to `limit` jobs one step on, in one transaction, under `claim.owner`'s claims: processing ones it holds
     * (or nobody holds, or whose holder's lease ran out: a dead instance's) end — published, unpublished, or failed with
     * the reason `blockOf` gives — and are released in the transaction that makes their change; queued ones start
     * processing, claimed until `claim.leaseUntil`. The rows are locked as they are taken (PostgreSQL skips those
     * another instance is stepping; SQLite has one writer), so no job moves twice. Answers the payload files of the jobs that ended.
     */
    step: (claim: JobClaim, limit: number, blockOf: (job: PublishJobRow, video: PublishableVideo | null) => string | null): Promise<string[]> =>
      sql.transaction(async (tx) => {
        const at = claim.now;
        const skipLocked = tx.engine === 'postgres' ? ' FOR UPDATE SKIP LOCKED' : '';
        const ended: string[] = [];
        const ending = await tx.all<PublishJobRow>(
          `SELECT * FROM publish_jobs WHERE state = 'processing' AND (claimed_by IS NULL OR claimed_by = ? OR lease_until < ?)
            ORDER BY created_at, ${tieBreak} LIMIT ?${skipLocked}`, [claim.owner, at, limit]);
        for (const row of ending) {
          if (row.payload_file !== null) ended.push(row.payload_file);
          const block = blockOf(row, await videoOf(tx, row.brand_id, row.video_id));
          if (block) {
            await tx.run(END, ['failed', block, at, row.id]);
            continue;
          }
          const publish = row.action === 'publish';
          await tx.run(publish ? 'UPDATE videos SET published = 1, app_published_at = ?, updated_at = ? WHERE id = ?' : 'UPDATE videos SET published = 0, updated_at = ? WHERE id = ?',
            publish ? [at, at, row.video_id] : [at, row.video_id]);
          await tx.run(END, [publish ? 'published' : 'unpublished', null, at, row.id]);
        }
        await tx.run(
          `UPDATE publish_jobs SET state = 'processing', claimed_by = ?, lease_until = ?, updated_at = ? WHERE id IN (
             SELECT id FROM publish_jobs WHERE state = 'queued' ORDER BY created_at, ${tieBreak} LIMIT ?${skipLocked})`,
          [claim.owner, claim.leaseUntil, at, limit]);
        // The jobs it holds and did not end yet (more than `limit` processing) keep their claim.
        await tx.run("UPDATE publish_jobs SET lease_until = ? WHERE state = 'processing' AND claimed_by = ?", [claim.leaseUntil, claim.owner]);
        return ended;
      }),
    /** Lets go of `owner`'s processing jobs (a stop): another instance, or the next start, ends them at once. */
    release: async (owner: string): Promise<void> =>
      void (await sql.run("UPDATE publish_jobs SET claimed_by = NULL, lease_until = NULL WHERE state = 'processing' AND claimed_by = ?", [owner])),
    /** Whether any job is queued or processing. */
    anyOpen: async (): Promise<boolean> => (await sql.get("SELECT 1 AS open FROM publish_jobs WHERE state IN ('queued', 'processing') LIMIT 1")) !== undefined,
    /** How many of these jobs are still queued or processing. */
    async openCount(jobIds: readonly string[]): Promise<number> {
      const jobs = inList(sql, 'id', jobIds);
      return Number((await sql.get<{ open: number }>(`SELECT COUNT(*) AS open FROM publish_jobs WHERE state IN ('queued', 'processing') AND ${jobs.sql}`, [jobs.param]))?.open ?? 0);
    },
  };
}
export type PublishJobsRepository = ReturnType<typeof createPublishJobsRepository>;
