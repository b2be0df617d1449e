import { inList, type SqlClient } from '../db/sqlClient';
import type { BrandSafety, Topic } from '../../shared/domain/video';
import type { AnalysisSummary, AudioFindings, Mention } from '../../shared/http/uploads.schemas';
import type { MentionTarget } from '../analysis/textAnalytics';

export type JobState = 'queued' | 'processing' | 'completed' | 'failed';

export interface JobRow {
  video_id: string;
  state: JobState;
  due_at: string;
  runs: number;
  transcript_source: string | null;
  note: string | null;
  summary: string;
  completed_at: string | null;
  /** The step a running analysis is at (ANALYSIS_STEPS) and how far, 0..1. */
  step: string | null;
  progress: number | null;
  /** Tries of the current analysis that failed and are tried again later. */
  attempts: number;
  /** The sentence of the last failed try (kept while it is tried again, and after the last). */
  failure: string | null;
}

export interface AnalysisVideo {
  id: string;
  brand_id: string;
  platform: string;
  media_file: string | null;
  thumbnail_url: string | null;
  language: string;
  brand_safety: string;
  duration_seconds: number;
  topics: string;
  sentiment_positive: number;
  sentiment_negative: number;
}

/** A transcript line as stored: speech at its start, or words on screen from start to end. */
export interface StoredLineWrite {
  start_time: number;
  end_time: number | null;
  content: string;
  sentiment: string;
  speaker: string | null;
}

/** What one finished analysis writes. `lines` null keeps the stored transcript (re-analysis of existing text). */
export interface AnalysisWrite {
  videoId: string;
  brandId: string;
  /** The speech track; null keeps it. */
  lines: StoredLineWrite[] | null;
  /** The on-screen track; null keeps it (the file was not read). */
  screenLines: StoredLineWrite[] | null;
  /** The sound's labels; null keeps the stored ones. */
  audio: AudioFindings | null;
  /** A disclosure seen on screen: the brand it names, if any, and its second. */
  sponsor: { sponsoredBy: string | null; second: number } | null;
  language: string;
  /** null keeps the video's topics (nothing found to replace them with). */
  topics: Topic[] | null;
  brandSafety: BrandSafety;
  /** null keeps the video's sentiment (no line could be scored anew). */
  sentiment: { positive: number; negative: number } | null;
  /** A sponsorship said in the transcript; false leaves the stored flag (a "no" is only ever the absence of a disclosure). */
  sponsored: boolean;
  durationSeconds: number;
  /** A poster frame taken from the uploaded file; null keeps what the video has. */
  thumbnailUrl: string | null;
  mentions: Mention[];
  transcriptSource: string;
  note: string | null;
  summary: AnalysisSummary;
  at: string;
  /** The instance whose claim the result is written under; a claim lost meanwhile writes nothing (LostClaimError). */
  owner: string;
}

/** A job's claim passed to another instance (its lease ran out) or a re-queue cleared it: this run's result is dropped. */
export class LostClaimError extends Error {
  constructor(videoId: string) {
    super(`The analysis of ${videoId} is no longer this instance's to finish.`);
    this.name = 'LostClaimError';
  }
}

/** A claim: who runs a job, until when (ISO), as of `now` (ISO). */
export interface Claim {
  owner: string;
  leaseUntil: string;
  now: string;
}

/** The words on screen a video keeps for the plain search, at most (a title is short; a slide deck of text is not). */
export const SCREEN_TEXT_MAX_CHARS = 4000;

/** The first line number of the on-screen track (speech lines count from 0). */
export const SCREEN_LINE_BASE = 1_000_000;

const JOB_COLUMNS = 'video_id, state, due_at, runs, transcript_source, note, summary, completed_at, step, progress, attempts, failure';
const STAGE = 'UPDATE videos SET analysis_stage = ?, updated_at = ? WHERE id = ?';

/**
 * The positive share a product link carries: a competitor's product takes the tone of the lines that name it (NULL,
 * the video's own share, for the brand's products and for a mention without a tally).
 */
function linkShare(mention: Mention): number | null {
  const tone = mention.sentiment;
  if (!mention.competitor || !tone) return null;
  const lines = tone.positive + tone.negative + tone.neutral;
  return lines === 0 ? null : Math.round((tone.positive / lines) * 1000) / 1000;
}

/** Writes one finished analysis on a transaction's client: transcript, video columns, products and links, the job. */
async function writeResult(tx: SqlClient, result: AnalysisWrite): Promise<void> {
  // Each track is rewritten on its own; the screen's lines are numbered from SCREEN_LINE_BASE, so the two never collide
  // (UNIQUE (video_id, line_no)) and the stored order is speech, then screen.
  for (const [track, lines, base] of [['speech', result.lines, 0], ['screen', result.screenLines, SCREEN_LINE_BASE]] as const) {
    if (lines === null) continue;
    await tx.run('DELETE FROM transcript_lines WHERE video_id = ? AND track = ?', [result.videoId, track]);
    for (const [index, line] of lines.entries()) {
      await tx.run('INSERT INTO transcript_lines (video_id, line_no, start_time, end_time, content, sentiment, speaker, track) VALUES (?, ?, ?, ?, ?, ?, ?, ?)', [
        result.videoId, base + index, line.start_time, line.end_time, line.content, line.sentiment, line.speaker, track,
      ]);
    }
  }
  if (result.screenLines !== null) {
    const text = result.screenLines.map((line) => line.content).join('\n').slice(0, SCREEN_TEXT_MAX_CHARS);
    await tx.run('UPDATE videos SET screen_text = ? WHERE id = ?', [text === '' ? null : text, result.videoId]);
  }
  if (result.audio) {
    await tx.run('UPDATE videos SET audio_labels = ?, audio_classification = ?, audio_label_shares = ? WHERE id = ?', [
      JSON.stringify(result.audio.labels), result.audio.classification, JSON.stringify(result.audio.shares), result.videoId,
    ]);
  }
  if (result.sponsor) {
    await tx.run('UPDATE videos SET sponsored = 1, sponsored_by = COALESCE(?, sponsored_by), sponsored_second = ? WHERE id = ?', [
      result.sponsor.sponsoredBy, result.sponsor.second, result.videoId,
    ]);
  }
  await tx.run(
    `UPDATE videos SET language = ?, topics = COALESCE(?, topics), brand_safety = ?, sentiment_positive = COALESCE(?, sentiment_positive),
       sentiment_negative = COALESCE(?, sentiment_negative), duration_seconds = ?,
       thumbnail_url = COALESCE(?, thumbnail_url), sponsored = CASE WHEN ? = 1 THEN 1 ELSE sponsored END, analysis_stage = 'completed', updated_at = ? WHERE id = ?`,
    [
      result.language, result.topics === null ? null : JSON.stringify(result.topics), JSON.stringify(Object.fromEntries(Object.entries(result.brandSafety).filter(([, level]) => level !== null))),
      result.sentiment?.positive ?? null, result.sentiment?.negative ?? null, result.durationSeconds, result.thumbnailUrl, result.sponsored ? 1 : 0, result.at, result.videoId,
    ],
  );
  // SQLite's two-argument MAX is PostgreSQL's GREATEST.
  const greatest = tx.engine === 'postgres' ? 'GREATEST' : 'MAX';
  const associate = `INSERT INTO video_associations (video_id, associated_video_id, kind, score) VALUES (?, ?, ?, ?)
    ON CONFLICT (video_id, associated_video_id) DO UPDATE SET kind = excluded.kind, score = ${greatest}(video_associations.score, excluded.score)`;
  for (const mention of result.mentions) {
    const score = Math.min(0.99, 0.5 + 0.1 * mention.count);
    const others = mention.kind === 'product'
      ? await tx.all<{ id: string }>('SELECT video_id AS id FROM video_products WHERE product_id = ? AND video_id != ? ORDER BY video_id LIMIT 5', [mention.id, result.videoId])
      : mention.competitor
        ? await tx.all<{ id: string }>(
          "SELECT id FROM videos WHERE brand_id = ? AND id != ? AND analysis_stage = 'completed' ORDER BY created_at DESC, id LIMIT 5", [mention.id, result.videoId],
        )
        : [];
    if (mention.kind === 'product') {
      await tx.run(
        'INSERT INTO video_products (video_id, product_id, sentiment_positive) VALUES (?, ?, ?) ON CONFLICT (video_id, product_id) DO UPDATE SET sentiment_positive = excluded.sentiment_positive',
        [result.videoId, mention.id, linkShare(mention)],
      );
    }
    const kind = mention.kind === 'product' ? 'same_product' : 'competitor_mention';
    for (const other of others) await tx.run(associate, [result.videoId, other.id, kind, score]);
  }
  // Marks it done and releases the claim in the same transaction as the result: a run whose claim went elsewhere rolls back whole.
  const done = await tx.run(
    `UPDATE analysis_jobs SET state = 'completed', runs = runs + 1, transcript_source = ?, note = ?, summary = ?, completed_at = ?, updated_at = ?,
       claimed_by = NULL, lease_until = NULL, step = NULL, progress = NULL, attempts = 0, failure = NULL WHERE video_id = ? AND claimed_by = ?`,
    [result.transcriptSource, result.note, JSON.stringify(result.summary), result.at, result.at, result.videoId, result.owner],
  );
  if (done.changes !== 1) throw new LostClaimError(result.videoId);
}

/** The pipeline's tables: jobs, the video being analysed, what to look for, and the results (one transaction), on either engine. */
export function createAnalysisRepository(sql: SqlClient) {
  return {
    job: async (videoId: string): Promise<JobRow | null> => (await sql.get<JobRow>(`SELECT ${JOB_COLUMNS} FROM analysis_jobs WHERE video_id = ?`, [videoId])) ?? null,
    activeJobs: (): Promise<JobRow[]> => sql.all<JobRow>(`SELECT ${JOB_COLUMNS} FROM analysis_jobs WHERE state IN ('queued','processing') ORDER BY due_at`),
    /** Queues (or re-queues) a video: the job row and the video's stage in one go. */
    queue(videoId: string, videoStage: 'pending' | 'processing', dueAt: string, at: string): Promise<void> {
      return sql.transaction(async (tx) => {
        await tx.run(
          `INSERT INTO analysis_jobs (video_id, state, due_at, runs, updated_at) VALUES (?, ?, ?, 0, ?)
           ON CONFLICT (video_id) DO UPDATE SET state = excluded.state, due_at = excluded.due_at, updated_at = excluded.updated_at,
             claimed_by = NULL, lease_until = NULL, step = NULL, progress = NULL, attempts = 0, failure = NULL`,
          [videoId, videoStage === 'pending' ? 'queued' : 'processing', dueAt, at],
        );
        await tx.run(STAGE, [videoStage, at, videoId]);
      });
    },
    /** A queued job starts processing (a job another instance already moved on stays as it is). */
    markProcessing(videoId: string, at: string): Promise<void> {
      return sql.transaction(async (tx) => {
        const moved = await tx.run("UPDATE analysis_jobs SET state = ?, started_at = COALESCE(?, started_at), updated_at = ? WHERE video_id = ? AND state = 'queued'", ['processing', at, at, videoId]);
        if (moved.changes === 1) await tx.run(STAGE, ['processing', at, videoId]);
      });
    },
    /** A run that could not finish (unreadable file, bug): the video completes without results rather than hanging. Only under `owner`'s claim. */
    markFailed(videoId: string, note: string, at: string, owner: string): Promise<void> {
      return sql.transaction(async (tx) => {
        const failed = await tx.run(
          `UPDATE analysis_jobs SET state = 'failed', note = ?, failure = ?, updated_at = ?, claimed_by = NULL, lease_until = NULL, step = NULL, progress = NULL
             WHERE video_id = ? AND claimed_by = ?`, [note, note, at, videoId, owner],
        );
        if (failed.changes === 1) await tx.run(STAGE, ['completed', at, videoId]);
      });
    },
    /**
     * Claims this open job for `claim.owner` unless it is held under a lease still running — by another instance, or
     * by this one already (its poll and its own timer must not both run it). One conditional UPDATE: of claims made at
     * once, one gets the row (PostgreSQL re-checks the condition on the row it waited for; SQLite has one writer).
     */
    claim: async (videoId: string, claim: Claim): Promise<boolean> => (await sql.run(
      `UPDATE analysis_jobs SET claimed_by = ?, lease_until = ? WHERE video_id = ? AND state IN ('queued','processing')
         AND (claimed_by IS NULL OR lease_until < ?)`,
      [claim.owner, claim.leaseUntil, videoId, claim.now],
    )).changes === 1,
    /**
     * Claims the open job due first that nobody holds (or whose holder's lease ran out), or answers null. PostgreSQL
     * skips the rows other instances are claiming at this moment instead of waiting for them.
     */
    async claimNextDue(claim: Claim): Promise<{ video_id: string; state: JobState } | null> {
      const skipLocked = sql.engine === 'postgres' ? ' FOR UPDATE SKIP LOCKED' : '';
      return (await sql.get<{ video_id: string; state: JobState }>(
        `UPDATE analysis_jobs SET claimed_by = ?, lease_until = ? WHERE video_id = (
           SELECT video_id FROM analysis_jobs WHERE state IN ('queued','processing') AND due_at <= ? AND (claimed_by IS NULL OR lease_until < ?)
           ORDER BY due_at, video_id LIMIT 1${skipLocked}) RETURNING video_id, state`,
        [claim.owner, claim.leaseUntil, claim.now, claim.now],
      )) ?? null;
    },
    /** Extends the claims `owner` still holds on these jobs. */
    async renew(videoIds: readonly string[], owner: string, leaseUntil: string): Promise<void> {
      if (videoIds.length === 0) return;
      const ids = inList(sql, 'video_id', videoIds);
      await sql.run(`UPDATE analysis_jobs SET lease_until = ? WHERE claimed_by = ? AND ${ids.sql}`, [leaseUntil, owner, ids.param]);
    },
    /** Where a run under `owner`'s claim is (the detail's progress bar). */
    progress: async (videoId: string, owner: string, step: string, fraction: number): Promise<void> =>
      void (await sql.run('UPDATE analysis_jobs SET step = ?, progress = ? WHERE video_id = ? AND claimed_by = ?', [step, fraction, videoId, owner])),
    /** A try that may work later (a service asked to wait, or was unreachable): due again at `dueAt`, its sentence kept. */
    retryLater: async (videoId: string, owner: string, retry: { dueAt: string; attempts: number; failure: string; at: string }): Promise<void> =>
      void (await sql.run(
        `UPDATE analysis_jobs SET due_at = ?, attempts = ?, failure = ?, updated_at = ?, claimed_by = NULL, lease_until = NULL, step = NULL, progress = NULL
           WHERE video_id = ? AND claimed_by = ?`,
        [retry.dueAt, retry.attempts, retry.failure, retry.at, videoId, owner],
      )),
    /** Which of these jobs `owner` still holds (a run whose claim went elsewhere, or whose video was deleted, stops). */
    async heldBy(videoIds: readonly string[], owner: string): Promise<Set<string>> {
      if (videoIds.length === 0) return new Set();
      const ids = inList(sql, 'video_id', videoIds);
      const rows = await sql.all<{ video_id: string }>(`SELECT video_id FROM analysis_jobs WHERE claimed_by = ? AND ${ids.sql}`, [owner, ids.param]);
      return new Set(rows.map((row) => row.video_id));
    },
    /** Lets go of a claim without ending the job (a run cut by a shutdown): another instance may take it at once. */
    release: async (videoId: string, owner: string): Promise<void> =>
      void (await sql.run('UPDATE analysis_jobs SET claimed_by = NULL, lease_until = NULL WHERE video_id = ? AND claimed_by = ?', [videoId, owner])),
    video: async (videoId: string): Promise<AnalysisVideo | null> =>
      (await sql.get<AnalysisVideo>(
        `SELECT id, brand_id, platform, media_file, thumbnail_url, language, brand_safety, duration_seconds, topics, sentiment_positive, sentiment_negative
           FROM videos WHERE id = ?`, [videoId],
      )) ?? null,
    /** The stored transcript with each line's feeling (kept for the lines a re-analysis cannot score). */
    storedLines: (videoId: string): Promise<{ start_time: number; content: string; speaker: string | null; sentiment: string }[]> =>
      sql.all("SELECT start_time, content, speaker, sentiment FROM transcript_lines WHERE video_id = ? AND track = 'speech' ORDER BY line_no", [videoId]),
    /** The brand's and its competitors' products and names. */
    async targets(brandId: string): Promise<MentionTarget[]> {
      const products = await sql.all<{ id: string; name: string; brand_id: string }>(
        'SELECT id, name, brand_id FROM products WHERE brand_id = ? OR brand_id IN (SELECT id FROM brands WHERE competitor_of = ?) ORDER BY id', [brandId, brandId],
      );
      const brands = await sql.all<{ id: string; name: string }>('SELECT id, name FROM brands WHERE id = ? OR competitor_of = ? ORDER BY id', [brandId, brandId]);
      const list: MentionTarget[] = products.map((row) => ({ kind: 'product', id: row.id, name: row.name, competitor: row.brand_id !== brandId }));
      for (const row of brands) list.push({ kind: 'brand', id: row.id, name: row.name, competitor: row.id !== brandId });
      return list;
    },
    write: (result: AnalysisWrite): Promise<void> => sql.transaction((tx) => writeResult(tx, result)),
  };
}
export type AnalysisRepository = ReturnType<typeof createAnalysisRepository>;
