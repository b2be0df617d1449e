/**
 * Vitest helper: one throwaway PostgreSQL cluster per test file (scripts/pg-cluster.sh, a real server on a loopback
 * port; no mock database) and a fresh, empty database per call. The cluster is removed after the file's tests.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll } from 'vitest';
import { databaseUrl, startPgCluster } from '../../../../../scripts/pgCluster';
import type { PgCluster } from '../../../../../scripts/pgCluster';

export interface PgTestCluster {
  /** The cluster itself (its `postgres` database, as superuser); valid inside tests and hooks. */
  readonly cluster: PgCluster;
  /** Creates an empty database (C collation, as Reelscope needs) and answers its URL. */
  createDatabase: () => Promise<string>;
  /** Runs one statement on the cluster's `postgres` database as superuser. */
  admin: (sql: string, values?: unknown[]) => Promise<pg.QueryResult>;
}

export function usePgTestCluster(): PgTestCluster {
  let cluster: PgCluster | undefined;
  beforeAll(async () => {
    cluster = await startPgCluster();
  });
  afterAll(async () => {
    await cluster?.stop();
  });

  const started = (): PgCluster => {
    if (!cluster) throw new Error('usePgTestCluster: the cluster is only there inside tests and hooks');
    return cluster;
  };
  const admin = async (sql: string, values: unknown[] = []): Promise<pg.QueryResult> => {
    const client = new pg.Client({ connectionString: started().url });
    await client.connect();
    try {
      return await client.query(sql, values);
    } finally {
      await client.end();
    }
  };
  return {
    get cluster() {
      return started();
    },
    admin,
    createDatabase: async () => {
      const name = `test_${randomBytes(6).toString('hex')}`;
      await admin(`CREATE DATABASE ${name} TEMPLATE template0 ENCODING 'UTF8' LC_COLLATE 'C' LC_CTYPE 'C'`);
      return databaseUrl(started().url, name);
    },
  };
}
