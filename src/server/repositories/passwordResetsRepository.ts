import type { SqlClient } from '../db/sqlClient';

interface PasswordResetRow {
  token_hash: string;
  user_id: string;
  expires_at: string;
  used_at: string | null;
}

/** Single-use password reset tokens, stored by hash; the same texts on both engines. */
export function createPasswordResetsRepository(sql: SqlClient) {
  return {
    async insert(reset: { tokenHash: string; userId: string; expiresAt: string; createdAt: string }): Promise<void> {
      await sql.run('INSERT INTO password_resets (token_hash, user_id, expires_at, created_at) VALUES (?, ?, ?, ?)', [reset.tokenHash, reset.userId, reset.expiresAt, reset.createdAt]);
    },
    async findByHash(tokenHash: string): Promise<{ userId: string; expiresAt: string; usedAt: string | null } | null> {
      const row = await sql.get<PasswordResetRow>('SELECT token_hash, user_id, expires_at, used_at FROM password_resets WHERE token_hash = ?', [tokenHash]);
      return row ? { userId: row.user_id, expiresAt: row.expires_at, usedAt: row.used_at } : null;
    },
    /** Marks the token used; false when it already was (so two concurrent resets cannot both succeed). */
    async markUsed(tokenHash: string, at: string): Promise<boolean> {
      return (await sql.run('UPDATE password_resets SET used_at = ? WHERE token_hash = ? AND used_at IS NULL', [at, tokenHash])).changes === 1;
    },
  };
}
export type PasswordResetsRepository = ReturnType<typeof createPasswordResetsRepository>;
