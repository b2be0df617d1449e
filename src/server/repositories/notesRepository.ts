import { randomUUID } from 'node:crypto';
import type { Person } from '../../shared/http/team.schemas';
import type { SqlClient } from '../db/sqlClient';
import { PERSON_NAME, personOf } from './team/authorship';

export type NoteKind = 'video' | 'product' | 'influencer';

/** One brand's note on a video, product or creator (notes table, one per kind, target and brand); the same texts on both engines. */
export function createNotesRepository(sql: SqlClient, kind: NoteKind) {
  return {
    /** The note with who wrote it last and when (notes are the team's: one per brand, any teammate edits it). */
    async note(targetId: string, brandId: string): Promise<{ content: string; updated_at: string; updated_by: Person | null } | null> {
      const row = await sql.get<{ content: string; updated_at: string; user_id: string | null; author: string | null }>(
        `SELECT n.content, n.updated_at, n.user_id, ${PERSON_NAME('u')} AS author FROM notes n LEFT JOIN users u ON u.id = n.user_id
         WHERE n.kind = ? AND n.target_id = ? AND n.brand_id = ?`,
        [kind, targetId, brandId],
      );
      return row ? { content: row.content, updated_at: row.updated_at, updated_by: personOf(row.user_id, row.author) } : null;
    },
    /** Saves the note; blank content deletes it. */
    async save(targetId: string, brandId: string, userId: string, content: string, at: string): Promise<void> {
      if (content.trim() === '') {
        await sql.run('DELETE FROM notes WHERE kind = ? AND target_id = ? AND brand_id = ?', [kind, targetId, brandId]);
        return;
      }
      await sql.run(
        `INSERT INTO notes (id, kind, target_id, brand_id, user_id, content, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)
         ON CONFLICT (kind, target_id, brand_id) DO UPDATE SET content = excluded.content, user_id = excluded.user_id, updated_at = excluded.updated_at`,
        [randomUUID(), kind, targetId, brandId, userId, content, at, at],
      );
    },
  };
}
export type NotesRepository = ReturnType<typeof createNotesRepository>;
