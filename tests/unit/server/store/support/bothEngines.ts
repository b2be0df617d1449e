/**
 * Repository tests on both engines (issue 27): each test gets a freshly migrated SQLite file and a freshly migrated
 * PostgreSQL database in a throwaway cluster (one cluster per test file), seeded with the same rows, and runs the same
 * repository code over each engine's SqlClient. A repository that answers differently on the two fails its test.
 */
import { afterEach, beforeEach } from 'vitest';
import type { SqlClient } from '../../../../../src/server/db/sqlClient';
import { createSqliteClient } from '../../../../../src/server/db/sqliteClient';
import { createPostgresClient } from '../../../../../src/server/db/postgres/postgresClient';
import { openDatabase } from '../../../../../src/server/db/database';
import { openPostgresDatabase } from '../../../../../src/server/db/postgres/database';
import { usePgTestCluster } from '../../postgres/support/pgTestCluster';
import { openTwoEngines, type TwoEngines } from '../../postgres/support/twoEngines';

export interface EngineUnderTest {
  name: 'sqlite' | 'postgres';
  sql: SqlClient;
  /** A client over its own new connection to the same database, as another back-end instance has (closed after the test). */
  another: () => Promise<SqlClient>;
}

/** A user `u1` (ana@example.com) with brands `b1` (Glow) and `b2` (Dewbloom, b1's competitor), on both engines. */
export const BASE_ROWS = `
INSERT INTO users (id, email, password_hash, first_name, last_name, created_at) VALUES ('u1', 'ana@example.com', 'x', 'Ana', 'Lee', '2026-11-01T00:00:00.000Z');
INSERT INTO brands (id, name, created_at) VALUES ('b1', 'Glow', '2026-11-01T00:00:00.000Z');
INSERT INTO brands (id, name, competitor_of, created_at) VALUES ('b2', 'Dewbloom', 'b1', '2026-11-01T00:00:00.000Z');
INSERT INTO brand_members (user_id, brand_id) VALUES ('u1', 'b1');`;

/** Both engines, fresh for each test, with `rows` (plain SQL) inserted into each. */
export function useBothEngines(rows = BASE_ROWS): { engines: () => EngineUnderTest[] } {
  const cluster = usePgTestCluster();
  let opened: TwoEngines | null = null;
  let list: EngineUnderTest[] = [];
  const closers: (() => Promise<void>)[] = [];
  beforeEach(async () => {
    const engines = await openTwoEngines(await cluster.createDatabase());
    opened = engines;
    await engines.exec(rows);
    list = [
      {
        name: 'sqlite',
        sql: createSqliteClient(engines.sqlite),
        another: async () => {
          const db = openDatabase(engines.sqlitePath);
          closers.push(async () => void db.close());
          return createSqliteClient(db);
        },
      },
      {
        name: 'postgres',
        sql: createPostgresClient(engines.pg),
        another: async () => {
          const pool = await openPostgresDatabase(engines.pgUrl);
          closers.push(() => pool.end());
          return createPostgresClient(pool);
        },
      },
    ];
  });
  afterEach(async () => {
    for (const close of closers.splice(0)) await close();
    await opened?.close();
    opened = null;
  });
  return { engines: () => list };
}
