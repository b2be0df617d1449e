import { randomUUID } from 'node:crypto';
import type Database from 'better-sqlite3';

export type NoteKind = 'video' | 'product' | 'influencer';

/** One brand's note on a video, product or creator (notes table, one per kind, target and brand). */
export function createNotesRepository(db: Database.Database, kind: NoteKind) {
  const get = db.prepare('SELECT content, updated_at FROM notes WHERE kind = ? AND target_id = ? AND brand_id = ?');
  const upsert = db.prepare(
    `INSERT INTO notes (id, kind, target_id, brand_id, user_id, content, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT (kind, target_id, brand_id) DO UPDATE SET content = excluded.content, user_id = excluded.user_id, updated_at = excluded.updated_at`,
  );
  const remove = db.prepare('DELETE FROM notes WHERE kind = ? AND target_id = ? AND brand_id = ?');
  return {
    note(targetId: string, brandId: string): { content: string; updated_at: string } | null {
      return (get.get(kind, targetId, brandId) as { content: string; updated_at: string } | undefined) ?? null;
    },
    /** Saves the note; blank content deletes it. */
    save(targetId: string, brandId: string, userId: string, content: string, at: string): void {
      if (content.trim() === '') remove.run(kind, targetId, brandId);
      else upsert.run(randomUUID(), kind, targetId, brandId, userId, content, at, at);
    },
  };
}
export type NotesRepository = ReturnType<typeof createNotesRepository>;
