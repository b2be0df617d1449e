import type Database from 'better-sqlite3';
import type { BrandSafety, Topic } from '../../shared/domain/video';
import type { AnalysisSummary, Mention } from '../../shared/http/uploads.schemas';
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
}

/** What one finished analysis writes. `lines` null keeps the stored transcript (re-analysis of existing text). */
export interface AnalysisWrite {
  videoId: string;
  brandId: string;
  lines: { start_time: number; content: string; sentiment: string; speaker: string | null }[] | null;
  language: string;
  topics: Topic[];
  brandSafety: BrandSafety;
  sentiment: { positive: number; negative: number };
  durationSeconds: number;
  /** A poster frame taken from the uploaded file; null keeps what the video has. */
  thumbnailUrl: string | null;
  mentions: Mention[];
  transcriptSource: string;
  note: string | null;
  summary: AnalysisSummary;
  at: string;
}

/** The pipeline's tables: jobs, the video being analysed, what to look for, and the results (one transaction). */
export function createAnalysisRepository(db: Database.Database) {
  const jobGet = db.prepare<[string], JobRow>('SELECT video_id, state, due_at, runs, transcript_source, note, summary, completed_at FROM analysis_jobs WHERE video_id = ?');
  const jobUpsert = db.prepare(
    `INSERT INTO analysis_jobs (video_id, state, due_at, runs, updated_at) VALUES (?, ?, ?, 0, ?)
     ON CONFLICT (video_id) DO UPDATE SET state = excluded.state, due_at = excluded.due_at, updated_at = excluded.updated_at`,
  );
  const jobState = db.prepare('UPDATE analysis_jobs SET state = ?, started_at = COALESCE(?, started_at), updated_at = ? WHERE video_id = ?');
  const jobsActive = db.prepare<[], JobRow>("SELECT video_id, state, due_at, runs, transcript_source, note, summary, completed_at FROM analysis_jobs WHERE state IN ('queued','processing') ORDER BY due_at");
  const jobDone = db.prepare(
    "UPDATE analysis_jobs SET state = 'completed', runs = runs + 1, transcript_source = ?, note = ?, summary = ?, completed_at = ?, updated_at = ? WHERE video_id = ?",
  );
  const jobFailed = db.prepare("UPDATE analysis_jobs SET state = 'failed', note = ?, updated_at = ? WHERE video_id = ?");
  const stage = db.prepare('UPDATE videos SET analysis_stage = ?, updated_at = ? WHERE id = ?');
  const video = db.prepare<[string], AnalysisVideo>('SELECT id, brand_id, platform, media_file, thumbnail_url, language, brand_safety, duration_seconds FROM videos WHERE id = ?');
  const stored = db.prepare<[string], { start_time: number; content: string; speaker: string | null }>(
    'SELECT start_time, content, speaker FROM transcript_lines WHERE video_id = ? ORDER BY line_no',
  );
  const products = db.prepare<[string, string], { id: string; name: string; brand_id: string }>(
    'SELECT id, name, brand_id FROM products WHERE brand_id = ? OR brand_id IN (SELECT id FROM brands WHERE competitor_of = ?) ORDER BY id',
  );
  const brands = db.prepare<[string, string], { id: string; name: string }>('SELECT id, name FROM brands WHERE id = ? OR competitor_of = ? ORDER BY id');
  const deleteLines = db.prepare('DELETE FROM transcript_lines WHERE video_id = ?');
  const insertLine = db.prepare('INSERT INTO transcript_lines (video_id, line_no, start_time, content, sentiment, speaker) VALUES (?, ?, ?, ?, ?, ?)');
  const updateVideo = db.prepare(
    `UPDATE videos SET language = ?, topics = ?, brand_safety = ?, sentiment_positive = ?, sentiment_negative = ?, duration_seconds = ?,
       thumbnail_url = COALESCE(?, thumbnail_url), analysis_stage = 'completed', updated_at = ? WHERE id = ?`,
  );
  const linkProduct = db.prepare('INSERT OR IGNORE INTO video_products (video_id, product_id) VALUES (?, ?)');
  const sameProduct = db.prepare<[string, string], { id: string }>('SELECT video_id AS id FROM video_products WHERE product_id = ? AND video_id != ? ORDER BY video_id LIMIT 5');
  const brandVideos = db.prepare<[string, string], { id: string }>(
    "SELECT id FROM videos WHERE brand_id = ? AND id != ? AND analysis_stage = 'completed' ORDER BY created_at DESC, id LIMIT 5",
  );
  const associate = db.prepare(
    `INSERT INTO video_associations (video_id, associated_video_id, kind, score) VALUES (?, ?, ?, ?)
     ON CONFLICT (video_id, associated_video_id) DO UPDATE SET kind = excluded.kind, score = MAX(score, excluded.score)`,
  );

  const write = db.transaction((result: AnalysisWrite) => {
    if (result.lines) {
      deleteLines.run(result.videoId);
      result.lines.forEach((line, index) => insertLine.run(result.videoId, index, line.start_time, line.content, line.sentiment, line.speaker));
    }
    updateVideo.run(
      result.language, JSON.stringify(result.topics), JSON.stringify(result.brandSafety), result.sentiment.positive, result.sentiment.negative,
      result.durationSeconds, result.thumbnailUrl, result.at, result.videoId,
    );
    for (const mention of result.mentions) {
      const score = Math.min(0.99, 0.5 + 0.1 * mention.count);
      if (mention.kind === 'product') {
        linkProduct.run(result.videoId, mention.id);
        for (const other of sameProduct.all(mention.id, result.videoId)) associate.run(result.videoId, other.id, 'same_product', score);
      } else if (mention.competitor) {
        for (const other of brandVideos.all(mention.id, result.videoId)) associate.run(result.videoId, other.id, 'competitor_mention', score);
      }
    }
    jobDone.run(result.transcriptSource, result.note, JSON.stringify(result.summary), result.at, result.at, result.videoId);
  });

  return {
    job: (videoId: string): JobRow | null => jobGet.get(videoId) ?? null,
    activeJobs: (): JobRow[] => jobsActive.all(),
    /** Queues (or re-queues) a video: the job row and the video's stage in one go. */
    queue(videoId: string, videoStage: 'pending' | 'processing', dueAt: string, at: string): void {
      db.transaction(() => {
        jobUpsert.run(videoId, videoStage === 'pending' ? 'queued' : 'processing', dueAt, at);
        stage.run(videoStage, at, videoId);
      })();
    },
    markProcessing(videoId: string, at: string): void {
      db.transaction(() => {
        jobState.run('processing', at, at, videoId);
        stage.run('processing', at, videoId);
      })();
    },
    /** A run that could not finish (unreadable file, bug): the video completes without results rather than hanging. */
    markFailed(videoId: string, note: string, at: string): void {
      db.transaction(() => {
        jobFailed.run(note, at, videoId);
        stage.run('completed', at, videoId);
      })();
    },
    video: (videoId: string): AnalysisVideo | null => video.get(videoId) ?? null,
    storedLines: (videoId: string) => stored.all(videoId),
    /** The brand's and its competitors' products and names. */
    targets(brandId: string): MentionTarget[] {
      const list: MentionTarget[] = products.all(brandId, brandId).map((row) => ({ kind: 'product', id: row.id, name: row.name, competitor: row.brand_id !== brandId }));
      for (const row of brands.all(brandId, brandId)) list.push({ kind: 'brand', id: row.id, name: row.name, competitor: row.id !== brandId });
      return list;
    },
    write: (result: AnalysisWrite): void => write(result),
  };
}
export type AnalysisRepository = ReturnType<typeof createAnalysisRepository>;
