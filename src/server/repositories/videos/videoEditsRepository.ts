import { randomUUID } from 'node:crypto';
import { PERSON_NAME } from '../team/authorship';
import type { SqlClient } from '../../db/sqlClient';
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
  /** Who added it and who changed it last (issue 29), with their names. */
  user_id: string | null;
  author_name: string | null;
  updated_by: string | null;
  editor_name: string | null;
}

const LABEL_COLUMNS = `l.id, l.video_id, l.label, l.age_range, l.ethnicity, l.gender, l.created_at, l.updated_at, l.user_id, ${PERSON_NAME('a')} AS author_name,
  l.updated_by, ${PERSON_NAME('e')} AS editor_name`;
const FROM_LABELS = 'FROM demographics_labels l LEFT JOIN users a ON a.id = l.user_id LEFT JOIN users e ON e.id = l.updated_by';

/** Writes on one video: fields, title and creator name, analysis stage and audience labels (notes: repositories/notesRepository.ts), on either engine. */
export function createVideoEditsRepository(sql: SqlClient) {
  return {
    /** Updates the given whitelisted columns of a video. */
    async update(videoId: string, changes: Partial<Record<EditableColumn, string | number | null>>, at: string): Promise<void> {
      const columns = EDITABLE_COLUMNS.filter((column) => changes[column] !== undefined);
      if (columns.length === 0) return;
      const set = columns.map((column) => `${column} = ?`).join(', ');
      await sql.run(`UPDATE videos SET ${set}, updated_at = ? WHERE id = ?`, [...columns.map((column) => changes[column] ?? null), at, videoId]);
    },
    /**
     * Renames the video's creator; a video without one (an upload, a campaign submission) is linked to the brand's
     * creator of that name, added when there is none.
     */
    renameCreator(videoId: string, name: string, at: string): Promise<void> {
      return sql.transaction(async (tx) => {
        const video = await tx.get<{ creator_id: string | null; brand_id: string; platform: string; language: string | null; from_page: number }>(
          `SELECT v.creator_id, v.brand_id, v.platform, v.language,
             CASE WHEN EXISTS (SELECT 1 FROM campaign_videos cv WHERE cv.video_id = v.id) THEN 1 ELSE 0 END AS from_page
           FROM videos v WHERE v.id = ?`,
          [videoId],
        );
        if (!video) return;
        if (video.creator_id) {
          await tx.run('UPDATE creators SET name = ? WHERE id = ?', [name, video.creator_id]);
          return;
        }
        const naming = createCreatorNaming(tx);
        const creatorId = await naming.findOrAdd({
          brandId: video.brand_id, name, platform: video.platform, language: video.language ?? 'en', type: video.from_page ? 'fan' : 'brand', at,
        });
        await tx.run('UPDATE videos SET creator_id = ?, updated_at = ? WHERE id = ?', [creatorId, at, videoId]);
        await naming.recount(creatorId);
      });
    },
    async setStage(videoId: string, value: 'pending' | 'processing' | 'completed', at: string): Promise<void> {
      await sql.run('UPDATE videos SET analysis_stage = ?, updated_at = ? WHERE id = ?', [value, at, videoId]);
    },
    labels(videoId: string, brandId: string): Promise<LabelRow[]> {
      return sql.all<LabelRow>(`SELECT ${LABEL_COLUMNS} ${FROM_LABELS} WHERE l.video_id = ? AND l.brand_id = ? ORDER BY l.created_at, l.id`, [videoId, brandId]);
    },
    async label(id: string, videoId: string, brandId: string): Promise<LabelRow | null> {
      return (await sql.get<LabelRow>(`SELECT ${LABEL_COLUMNS} ${FROM_LABELS} WHERE l.id = ? AND l.video_id = ? AND l.brand_id = ?`, [id, videoId, brandId])) ?? null;
    },
    async addLabel(videoId: string, brandId: string, userId: string, value: Pick<LabelRow, 'label' | 'age_range' | 'ethnicity' | 'gender'>, at: string): Promise<string> {
      const id = randomUUID();
      await sql.run(
        'INSERT INTO demographics_labels (id, video_id, brand_id, user_id, label, age_range, ethnicity, gender, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
        [id, videoId, brandId, userId, value.label, value.age_range, value.ethnicity, value.gender, at, at],
      );
      return id;
    },
    async updateLabel(id: string, videoId: string, brandId: string, userId: string, value: Pick<LabelRow, 'label' | 'age_range' | 'ethnicity' | 'gender'>, at: string): Promise<boolean> {
      const result = await sql.run(
        'UPDATE demographics_labels SET label = ?, age_range = ?, ethnicity = ?, gender = ?, updated_at = ?, updated_by = ? WHERE id = ? AND video_id = ? AND brand_id = ?',
        [value.label, value.age_range, value.ethnicity, value.gender, at, userId, id, videoId, brandId],
      );
      return result.changes > 0;
    },
    async deleteLabel(id: string, videoId: string, brandId: string): Promise<boolean> {
      return (await sql.run('DELETE FROM demographics_labels WHERE id = ? AND video_id = ? AND brand_id = ?', [id, videoId, brandId])).changes > 0;
    },
  };
}

export type VideoEditsRepository = ReturnType<typeof createVideoEditsRepository>;
