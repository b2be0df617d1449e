import { randomUUID } from 'node:crypto';
import type { SqlClient } from '../db/sqlClient';

export type NoteKind = 'video' | 'product' | 'influencer';

/** One brand's note on a video, product or creator (notes table, one per kind, target and brand); the same texts on both engines. */
export function createNotesRepository(sql: SqlClient, kind: NoteKind) {
  return {
    async note(targetId: string, brandId: string): Promise<{ content: string; updated_at: string } | null> {
      const row = await sql.get<{ content: string; updated_at: string }>('SELECT content, updated_at FROM notes WHERE kind = ? AND target_id = ? AND brand_id = ?', [kind, targetId, brandId]);
      return row ?? null;
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
