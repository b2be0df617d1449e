import type { SqlClient } from '../db/sqlClient';

export interface RefreshTokenRecord {
  tokenHash: string;
  userId: string;
  brandId: string | null;
  /** The sign-in this token belongs to (kept through rotations and brand switches). */
  sessionId: string;
  expiresAt: string;
  revokedAt: string | null;
  /** Set when the token was spent by a rotation (not by logout or theft detection), with the token it was exchanged for. */
  rotatedAt: string | null;
  successorHash: string | null;
}

interface RefreshTokenRow {
  token_hash: string;
  user_id: string;
  brand_id: string | null;
  session_id: string | null;
  expires_at: string;
  revoked_at: string | null;
  rotated_at: string | null;
  successor_hash: string | null;
}

/** Refresh tokens, stored by hash; the same texts on both engines. */
export function createRefreshTokensRepository(sql: SqlClient) {
  const changedOne = async (text: string, params: string[]): Promise<boolean> => (await sql.run(text, params)).changes === 1;
  return {
    async insert(token: { tokenHash: string; userId: string; brandId: string | null; sessionId: string; expiresAt: string; createdAt: string }): Promise<void> {
      await sql.run(
        'INSERT INTO refresh_tokens (token_hash, user_id, brand_id, session_id, expires_at, created_at) VALUES (?, ?, ?, ?, ?, ?)',
        [token.tokenHash, token.userId, token.brandId, token.sessionId, token.expiresAt, token.createdAt],
      );
    },
    async findByHash(tokenHash: string): Promise<RefreshTokenRecord | null> {
      const row = await sql.get<RefreshTokenRow>(
        'SELECT token_hash, user_id, brand_id, session_id, expires_at, revoked_at, rotated_at, successor_hash FROM refresh_tokens WHERE token_hash = ?',
        [tokenHash],
      );
      if (!row) return null;
      return {
        tokenHash: row.token_hash,
        userId: row.user_id,
        brandId: row.brand_id,
        sessionId: row.session_id ?? row.token_hash,
        expiresAt: row.expires_at,
        revokedAt: row.revoked_at,
        rotatedAt: row.rotated_at,
        successorHash: row.successor_hash,
      };
    },
    /** Revokes one token; false when it was already revoked (or unknown), which makes rotation race-safe. */
    revoke: (tokenHash: string, at: string): Promise<boolean> =>
      changedOne('UPDATE refresh_tokens SET revoked_at = ? WHERE token_hash = ? AND revoked_at IS NULL', [at, tokenHash]),
    /** Spends a live token in exchange for `successorHash`; false when it was already spent (race-safe like revoke). */
    rotate: (tokenHash: string, successorHash: string, at: string): Promise<boolean> =>
      changedOne('UPDATE refresh_tokens SET revoked_at = ?, rotated_at = ?, successor_hash = ? WHERE token_hash = ? AND revoked_at IS NULL', [at, at, successorHash, tokenHash]),
    async revokeAllForUser(userId: string, at: string): Promise<void> {
      await sql.run('UPDATE refresh_tokens SET revoked_at = ? WHERE user_id = ? AND revoked_at IS NULL', [at, userId]);
    },
    /** Ends a sign-in: every token of the session (an earlier brand switch's too). */
    async revokeSession(sessionId: string, at: string): Promise<void> {
      await sql.run('UPDATE refresh_tokens SET revoked_at = ? WHERE session_id = ? AND revoked_at IS NULL', [at, sessionId]);
    },
    /** Whether the user's session still holds a token that can be refreshed (not revoked, not expired at `at`). */
    async sessionLive(sessionId: string, userId: string, at: string): Promise<boolean> {
      const row = await sql.get(
        'SELECT 1 AS live FROM refresh_tokens WHERE session_id = ? AND user_id = ? AND revoked_at IS NULL AND expires_at > ? LIMIT 1',
        [sessionId, userId, at],
      );
      return row !== undefined;
    },
  };
}
export type RefreshTokensRepository = ReturnType<typeof createRefreshTokensRepository>;
