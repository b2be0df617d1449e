import type { SqlClient, SqlParam } from '../../db/sqlClient';
import { andAll, type SqlPart } from '../videos/videoScope';

/**
 * Pieces of the products and creators lists' SQL that the two engines write differently (docs/architecture.md,
 * "Database engines"); everything else in those lists is one text for both.
 */

/** SQLite's LIKE ignores ASCII case; PostgreSQL's ILIKE does the same under the C character type the database has. */
export function likeOperator(client: Pick<SqlClient, 'engine'>): 'LIKE' | 'ILIKE' {
  return client.engine === 'postgres' ? 'ILIKE' : 'LIKE';
}

/** Parts joined with AND, or TRUE when there are none (PostgreSQL does not read `1` as a condition; SQLite reads TRUE). */
export function allOf(parts: readonly (SqlPart | null)[]): SqlPart {
  const joined = andAll(parts);
  return joined.sql === '1' ? { sql: 'TRUE', params: [] } : joined;
}

/** A condition as 1 or 0: SQLite answers a bare EXISTS or comparison as an integer, PostgreSQL as a boolean. */
export function asFlag(condition: string): string {
  return `CASE WHEN ${condition} THEN 1 ELSE 0 END`;
}

/** A SqlPart's parameters as the client binds them (they are strings and numbers built by the list code). */
export function paramsOf(...parts: readonly { params: unknown[] }[]): SqlParam[] {
  return parts.flatMap((part) => part.params) as SqlParam[];
}
