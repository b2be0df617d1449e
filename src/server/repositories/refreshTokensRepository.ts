import type Database from 'better-sqlite3';

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

/** Refresh tokens, stored by hash (prepared statements only). */
export function createRefreshTokensRepository(db: Database.Database) {
  const insert = db.prepare('INSERT INTO refresh_tokens (token_hash, user_id, brand_id, session_id, expires_at, created_at) VALUES (?, ?, ?, ?, ?, ?)');
  const byHash = db.prepare<[string], RefreshTokenRow>(
    'SELECT token_hash, user_id, brand_id, session_id, expires_at, revoked_at, rotated_at, successor_hash FROM refresh_tokens WHERE token_hash = ?',
  );
  const revoke = db.prepare<[string, string]>('UPDATE refresh_tokens SET revoked_at = ? WHERE token_hash = ? AND revoked_at IS NULL');
  const rotate = db.prepare<[string, string, string, string]>(
    'UPDATE refresh_tokens SET revoked_at = ?, rotated_at = ?, successor_hash = ? WHERE token_hash = ? AND revoked_at IS NULL',
  );
  const revokeAll = db.prepare<[string, string]>('UPDATE refresh_tokens SET revoked_at = ? WHERE user_id = ? AND revoked_at IS NULL');
  const revokeSession = db.prepare<[string, string]>('UPDATE refresh_tokens SET revoked_at = ? WHERE session_id = ? AND revoked_at IS NULL');
  const live = db.prepare<[string, string, string]>('SELECT EXISTS (SELECT 1 FROM refresh_tokens WHERE session_id = ? AND user_id = ? AND revoked_at IS NULL AND expires_at > ?)').pluck();

  return {
    insert(token: { tokenHash: string; userId: string; brandId: string | null; sessionId: string; expiresAt: string; createdAt: string }): void {
      insert.run(token.tokenHash, token.userId, token.brandId, token.sessionId, token.expiresAt, token.createdAt);
    },
    findByHash(tokenHash: string): RefreshTokenRecord | null {
      const row = byHash.get(tokenHash);
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
    revoke: (tokenHash: string, at: string): boolean => revoke.run(at, tokenHash).changes === 1,
    /** Spends a live token in exchange for `successorHash`; false when it was already spent (race-safe like revoke). */
    rotate: (tokenHash: string, successorHash: string, at: string): boolean => rotate.run(at, at, successorHash, tokenHash).changes === 1,
    revokeAllForUser(userId: string, at: string): void {
      revokeAll.run(at, userId);
    },
    /** Ends a sign-in: every token of the session (an earlier brand switch's too). */
    revokeSession(sessionId: string, at: string): void {
      revokeSession.run(at, sessionId);
    },
    /** Whether the user's session still holds a token that can be refreshed (not revoked, not expired at `at`). */
    sessionLive: (sessionId: string, userId: string, at: string): boolean => live.get(sessionId, userId, at) === 1,
  };
}
export type RefreshTokensRepository = ReturnType<typeof createRefreshTokensRepository>;
