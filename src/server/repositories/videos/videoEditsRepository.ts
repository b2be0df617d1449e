import { randomUUID } from 'node:crypto';
import type Database from 'better-sqlite3';
import { createCreatorNaming } from '../creators/creatorNaming';

/** Changeable columns of PUT /videos/:id (whitelist; values are bound). */
export const EDITABLE_COLUMNS = ['title', 'category', 'language', 'licensing_duration', 'licensing_price', 'sentiment_feedback_like'] as const;
export type EditableColumn = (typeof EDITABLE_COLUMNS)[number];

export interface LabelRow {
  id: string;
  video_id: string;
  label: string;
  age_range: string | null;
  ethnicity: string | null;
  gender: string | null;
  created_at: string;
  updated_at: string;
}

/** Writes on one video: fields, title and creator name, analysis stage and audience labels (notes: repositories/notesRepository.ts). */
export function createVideoEditsRepository(db: Database.Database) {
  const renameCreator = db.prepare('UPDATE creators SET name = ? WHERE id = ?');
  const creatorOf = db.prepare<[string], { creator_id: string | null; brand_id: string; platform: string; language: string | null; from_page: number }>(
    `SELECT v.creator_id, v.brand_id, v.platform, v.language, EXISTS (SELECT 1 FROM campaign_videos cv WHERE cv.video_id = v.id) AS from_page
       FROM videos v WHERE v.id = ?`,
  );
  const linkCreator = db.prepare('UPDATE videos SET creator_id = ?, updated_at = ? WHERE id = ?');
  const naming = createCreatorNaming(db);
  const stage = db.prepare('UPDATE videos SET analysis_stage = ?, updated_at = ? WHERE id = ?');
  const labels = db.prepare('SELECT * FROM demographics_labels WHERE video_id = ? AND brand_id = ? ORDER BY created_at, id');
  const labelGet = db.prepare('SELECT * FROM demographics_labels WHERE id = ? AND video_id = ? AND brand_id = ?');
  const labelInsert = db.prepare(
    'INSERT INTO demographics_labels (id, video_id, brand_id, user_id, label, age_range, ethnicity, gender, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
  );
  const labelUpdate = db.prepare('UPDATE demographics_labels SET label = ?, age_range = ?, ethnicity = ?, gender = ?, updated_at = ? WHERE id = ? AND video_id = ? AND brand_id = ?');
  const labelDelete = db.prepare('DELETE FROM demographics_labels WHERE id = ? AND video_id = ? AND brand_id = ?');

  return {
    /** Updates the given whitelisted columns of a video. */
    update(videoId: string, changes: Partial<Record<EditableColumn, string | number | null>>, at: string): void {
      const columns = EDITABLE_COLUMNS.filter((column) => changes[column] !== undefined);
      if (columns.length === 0) return;
      const set = columns.map((column) => `${column} = ?`).join(', ');
      db.prepare(`UPDATE videos SET ${set}, updated_at = ? WHERE id = ?`).run(...columns.map((column) => changes[column] ?? null), at, videoId);
    },
    /**
     * Renames the video's creator; a video without one (an upload, a campaign submission) is linked to the brand's
     * creator of that name, added when there is none.
     */
    renameCreator(videoId: string, name: string, at: string): void {
      db.transaction(() => {
        const video = creatorOf.get(videoId);
        if (!video) return;
        if (video.creator_id) {
          renameCreator.run(name, video.creator_id);
          return;
        }
        const creatorId = naming.findOrAdd({
          brandId: video.brand_id, name, platform: video.platform, language: video.language ?? 'en', type: video.from_page ? 'fan' : 'brand', at,
        });
        linkCreator.run(creatorId, at, videoId);
        naming.recount(creatorId);
      })();
    },
    setStage(videoId: string, value: 'pending' | 'processing' | 'completed', at: string): void {
      stage.run(value, at, videoId);
    },
    labels(videoId: string, brandId: string): LabelRow[] {
      return labels.all(videoId, brandId) as LabelRow[];
    },
    label(id: string, videoId: string, brandId: string): LabelRow | null {
      return (labelGet.get(id, videoId, brandId) as LabelRow | undefined) ?? null;
    },
    addLabel(videoId: string, brandId: string, userId: string, value: Pick<LabelRow, 'label' | 'age_range' | 'ethnicity' | 'gender'>, at: string): string {
      const id = randomUUID();
      labelInsert.run(id, videoId, brandId, userId, value.label, value.age_range, value.ethnicity, value.gender, at, at);
      return id;
    },
    updateLabel(id: string, videoId: string, brandId: string, value: Pick<LabelRow, 'label' | 'age_range' | 'ethnicity' | 'gender'>, at: string): boolean {
      return labelUpdate.run(value.label, value.age_range, value.ethnicity, value.gender, at, id, videoId, brandId).changes > 0;
    },
    deleteLabel(id: string, videoId: string, brandId: string): boolean {
      return labelDelete.run(id, videoId, brandId).changes > 0;
    },
  };
}

export type VideoEditsRepository = ReturnType<typeof createVideoEditsRepository>;
