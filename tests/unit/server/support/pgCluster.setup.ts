/**
 * Vitest global set-up of the unit-postgres project (vitest.config.ts): one throwaway PostgreSQL cluster for the run,
 * its template migrated once, named to the test processes by REELSCOPE_TEST_PG_CLUSTER_URL. Each test file makes its
 * databases in it and drops them after itself (testEngine.ts), instead of some seventy clusters started, migrated and
 * stopped again, one per file.
 */
import { databaseUrl, startPgCluster } from '../../../../scripts/pgCluster';
import { openPostgresDatabase } from '../../../../src/server/db/postgres/database';
import { createDatabase, MIGRATED_TEMPLATE } from './pgAdmin';

export default async function setup(): Promise<() => Promise<void>> {
  const cluster = await startPgCluster();
  try {
    await createDatabase(cluster.url, MIGRATED_TEMPLATE);
    // openPostgresDatabase migrates; the pool is closed so the template has no connection when it is copied.
    await (await openPostgresDatabase(databaseUrl(cluster.url, MIGRATED_TEMPLATE))).end();
  } catch (error) {
    await cluster.stop();
    throw error;
  }
  process.env.REELSCOPE_TEST_PG_CLUSTER_URL = cluster.url;
  return cluster.stop;
}
