import { randomBytes } from 'node:crypto';
import type Database from 'better-sqlite3';
import type { PublishJob } from '../../../shared/http/publishing.schemas';
import type { VideoRights } from '../../../shared/rules/licensing';
import { BRAND_MADE_SQL } from '../videos/videoScope';

type Action = PublishJob['action'];
/** A job as stored: the runner reads its brand, video and payload file. */
export type PublishJobRow = { id: string; brand_id: string; video_id: string; action: Action; state: PublishJob['state']; error: string | null; payload_file: string | null; created_at: string; updated_at: string };
type RightsRow = { id: string; title: string; by_brand: number; licenses: string | null };
/** A brand's video with what the rights gate decides from. */
export type PublishableVideo = { id: string; title: string; rights: VideoRights };

const toJob = (row: PublishJobRow): PublishJob => ({ _id: row.id, video_id: row.video_id, action: row.action, state: row.state, error: row.error, created_at: row.created_at, updated_at: row.updated_at });
const toVideo = (row: RightsRow): PublishableVideo => ({ id: row.id, title: row.title, rights: { byBrand: row.by_brand === 1, licenses: JSON.parse(row.licenses ?? '[]') as VideoRights['licenses'] } });

/** The publish jobs (issue 17) and the rights of the videos they publish. */
export function createPublishJobsRepository(db: Database.Database) {
  const rightsOf = db.prepare(`SELECT v.id, v.title,
      ${BRAND_MADE_SQL} AS by_brand,
      (SELECT json_group_array(json_object('status', la.status, 'expires_at', (SELECT MAX(lp.expires_at) FROM license_purchases lp WHERE lp.agreement_id = la.id)))
         FROM license_agreements la WHERE la.video_id = v.id AND la.status IN ('paid', 'expired')) AS licenses
    FROM videos v LEFT JOIN creators c ON c.id = v.creator_id WHERE v.id = ? AND v.brand_id = ?`);
  const insert = db.prepare('INSERT INTO publish_jobs (id, brand_id, video_id, action, state, payload_file, payload_bytes, created_at, updated_at) VALUES (?, ?, ?, ?, \'queued\', ?, ?, ?, ?)');
  const byId = db.prepare('SELECT * FROM publish_jobs WHERE id = ? AND brand_id = ?');
  const latestOfVideo = db.prepare('SELECT * FROM publish_jobs WHERE video_id = ? AND brand_id = ? ORDER BY created_at DESC, rowid DESC LIMIT 1');
  const open = db.prepare("SELECT * FROM publish_jobs WHERE state = ? ORDER BY created_at, rowid LIMIT ?");
  const move = db.prepare('UPDATE publish_jobs SET state = ?, error = ?, updated_at = ? WHERE id = ?');
  const setPublished = db.prepare('UPDATE videos SET published = ?, app_published_at = CASE WHEN ? = 1 THEN ? ELSE app_published_at END, updated_at = ? WHERE id = ?');
  const anyOpen = db.prepare("SELECT 1 FROM publish_jobs WHERE state IN ('queued', 'processing') LIMIT 1").pluck();
  const openOf = db.prepare(`SELECT COUNT(*) FROM publish_jobs WHERE state IN ('queued', 'processing') AND id IN (SELECT value FROM json_each(?))`).pluck();

  const jobOf = (row: unknown): PublishJob | null => (row ? toJob(row as PublishJobRow) : null);

  return {
    /** The brand's video and its rights, or null when it is not the brand's. */
    video(brandId: string, videoId: string): PublishableVideo | null {
      const row = rightsOf.get(videoId, brandId) as RightsRow | undefined;
      return row ? toVideo(row) : null;
    },
    /** Queues one job per video in one transaction; answers the jobs. */
    queue(brandId: string, videoIds: readonly string[], action: Action, payload: { file: string; bytes: number } | null, at: string): PublishJob[] {
      const ids = db.transaction(() => videoIds.map((videoId) => {
        const id = randomBytes(12).toString('hex');
        insert.run(id, brandId, videoId, action, payload?.file ?? null, payload?.bytes ?? 0, at, at);
        return id;
      }))();
      return ids.map((id) => toJob(byId.get(id, brandId) as PublishJobRow));
    },
    job: (brandId: string, id: string): PublishJob | null => jobOf(byId.get(id, brandId)),
    latestOf: (brandId: string, videoId: string): PublishJob | null => jobOf(latestOfVideo.get(videoId, brandId)),
    /**
     * Moves up to `limit` jobs one step on, in one transaction: processing ones end (published, unpublished, or failed
     * with the reason `blockOf` gives), queued ones start processing. Answers the payload files of the jobs that ended.
     */
    step(at: string, limit: number, blockOf: (job: PublishJobRow, video: PublishableVideo | null) => string | null): string[] {
      return db.transaction((): string[] => {
        const ended: string[] = [];
        for (const row of open.all('processing', limit) as PublishJobRow[]) {
          if (row.payload_file !== null) ended.push(row.payload_file);
          const video = rightsOf.get(row.video_id, row.brand_id) as RightsRow | undefined;
          const block = blockOf(row, video ? toVideo(video) : null);
          if (block) {
            move.run('failed', block, at, row.id);
            continue;
          }
          setPublished.run(row.action === 'publish' ? 1 : 0, row.action === 'publish' ? 1 : 0, at, at, row.video_id);
          move.run(row.action === 'publish' ? 'published' : 'unpublished', null, at, row.id);
        }
        for (const row of open.all('queued', limit) as PublishJobRow[]) move.run('processing', null, at, row.id);
        return ended;
      })();
    },
    /** Whether any job is queued or processing. */
    anyOpen: (): boolean => anyOpen.get() !== undefined,
    /** How many of these jobs are still queued or processing. */
    openCount: (jobIds: readonly string[]): number => openOf.get(JSON.stringify(jobIds)) as number,
  };
}
export type PublishJobsRepository = ReturnType<typeof createPublishJobsRepository>;
