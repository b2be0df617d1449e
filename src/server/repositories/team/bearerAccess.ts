import type { TeamRole } from '../../../shared/http/team.schemas';
import type { SqlClient } from '../../db/sqlClient';
import { USER_COLUMNS, userFromRow, type UserRecord, type UserRow } from '../usersRepository';
import type { Membership } from './teamRepository';

/** Everything the bearer check of a request reads about its user, as of one moment. */
export interface BearerAccess {
  /** Null when the user is gone. */
  user: UserRecord | null;
  /** The user's own brands with their role there, oldest brand first. */
  memberships: Membership[];
  /** Own brands, then the competitors of each. */
  readable: string[];
  /** Each own brand's competitors, in id order. */
  competitors: Map<string, string[]>;
  /** The name of every readable brand. */
  names: Map<string, string>;
  /** The sign-in the token belongs to has ended (signed out, or ended by a copied refresh token): the token is void. */
  sessionEnded: boolean;
}

interface AccessRow extends UserRow {
  brand_id: string | null;
  own: number | null;
  competitor_of: string | null;
  role: TeamRole | null;
  brand_name: string | null;
  session_ended: number | null;
}

const userColumns = USER_COLUMNS.split(', ').map((column) => `u.${column}`).join(', ');

/**
 * The user, their memberships and roles, the brands they may read and those brands' names in one statement, read on
 * every authenticated request so a removed teammate or a deleted user is refused at once. On a team server each read
 * is a round trip and a statement's work on both sides: the three reads this replaces (user, memberships, readable
 * brands) and the brand names home looked up after them cost a home widget about three times SQLite's time.
 * A user with no brand still comes back: the LEFT JOIN keeps their row with the brand columns NULL.
 * The same statement tells whether the token's sign-in has ended: a sign-out (or a copied refresh token) revokes its
 * tokens without a rotation, while a rotation revokes the old token and sets `rotated_at` in the same write, so a
 * session being renewed never reads as ended. The subquery names no outer column: it is run once, on the session index.
 */
const BEARER_ACCESS = `SELECT ${userColumns}, a.brand_id, a.own, a.competitor_of, a.role, a.brand_name,
  (SELECT 1 FROM refresh_tokens r WHERE r.session_id = ? AND r.revoked_at IS NOT NULL AND r.rotated_at IS NULL LIMIT 1) AS session_ended
  FROM users u LEFT JOIN (
    SELECT b.id AS brand_id, 1 AS own, NULL AS competitor_of, m.role AS role, b.name AS brand_name, b.created_at AS brand_created_at, b.name AS own_name
      FROM brands b JOIN brand_members m ON m.brand_id = b.id WHERE m.user_id = ?
    UNION ALL
    SELECT c.id, 0, c.competitor_of, NULL, c.name, NULL, NULL
      FROM brands c JOIN brand_members m ON m.brand_id = c.competitor_of WHERE m.user_id = ?
  ) a ON 1 = 1
  WHERE u.id = ?
  ORDER BY a.own DESC, a.brand_created_at, a.own_name, a.brand_id`;

export function createBearerAccess(sql: SqlClient) {
  /** `sessionId`: the sign-in the bearer's token belongs to (null for a token signed without one: never ended). */
  return async (userId: string, sessionId: string | null = null): Promise<BearerAccess> => {
    const rows = await sql.all<AccessRow>(BEARER_ACCESS, [sessionId, userId, userId, userId]);
    const first = rows[0];
    const memberships: Membership[] = [];
    const competitors = new Map<string, string[]>();
    const names = new Map<string, string>();
    for (const row of rows) {
      if (row.brand_id === null) continue;
      if (row.brand_name !== null) names.set(row.brand_id, row.brand_name);
      if (Number(row.own) === 1) {
        memberships.push({ brandId: row.brand_id, role: row.role as TeamRole });
        competitors.set(row.brand_id, []);
      } else if (row.competitor_of !== null) competitors.get(row.competitor_of)?.push(row.brand_id);
    }
    const readable = [...new Set(rows.flatMap((row) => (row.brand_id === null ? [] : [row.brand_id])))];
    return { user: first ? userFromRow(first) : null, memberships, readable, competitors, names, sessionEnded: first?.session_ended != null };
  };
}
