import type Database from 'better-sqlite3';

interface PasswordResetRow {
  token_hash: string;
  user_id: string;
  expires_at: string;
  used_at: string | null;
}

/** Single-use password reset tokens, stored by hash (prepared statements only). */
export function createPasswordResetsRepository(db: Database.Database) {
  const insert = db.prepare('INSERT INTO password_resets (token_hash, user_id, expires_at, created_at) VALUES (?, ?, ?, ?)');
  const byHash = db.prepare<[string], PasswordResetRow>('SELECT token_hash, user_id, expires_at, used_at FROM password_resets WHERE token_hash = ?');
  const markUsed = db.prepare<[string, string]>('UPDATE password_resets SET used_at = ? WHERE token_hash = ? AND used_at IS NULL');

  return {
    insert(reset: { tokenHash: string; userId: string; expiresAt: string; createdAt: string }): void {
      insert.run(reset.tokenHash, reset.userId, reset.expiresAt, reset.createdAt);
    },
    findByHash(tokenHash: string): { userId: string; expiresAt: string; usedAt: string | null } | null {
      const row = byHash.get(tokenHash);
      return row ? { userId: row.user_id, expiresAt: row.expires_at, usedAt: row.used_at } : null;
    },
    /** Marks the token used; false when it already was (so two concurrent resets cannot both succeed). */
    markUsed: (tokenHash: string, at: string): boolean => markUsed.run(at, tokenHash).changes === 1,
  };
}
export type PasswordResetsRepository = ReturnType<typeof createPasswordResetsRepository>;
