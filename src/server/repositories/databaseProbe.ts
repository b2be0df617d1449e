import type { SqlClient } from '../db/sqlClient';

/** Whether the database answers a trivial query: what the readiness probe asks (false once it is closed or failing). */
export function createDatabaseProbe(sql: SqlClient) {
  return {
    async answers(): Promise<boolean> {
      try {
        return Number((await sql.get<{ one: number }>('SELECT 1 AS one'))?.one) === 1;
      } catch {
        return false;
      }
    },
  };
}
export type DatabaseProbe = ReturnType<typeof createDatabaseProbe>;
