/** Cluster-level statements of the test engine (databases made and dropped), for testEngine.ts and its global set-up. */
import pg from 'pg';

/** The database migrated once per cluster, which each test's database is copied from. */
export const MIGRATED_TEMPLATE = 'reelscope_migrated';

export async function adminQuery<Row extends pg.QueryResultRow = pg.QueryResultRow>(clusterUrl: string, text: string, params: unknown[] = []): Promise<Row[]> {
  const admin = new pg.Client({ connectionString: clusterUrl });
  await admin.connect();
  try {
    return (await admin.query<Row>(text, params)).rows;
  } finally {
    await admin.end();
  }
}

/** A new database `name` copied from `template`, sorting and folding text as SQLite does (the C collation). */
export function createDatabase(clusterUrl: string, name: string, template = 'template0'): Promise<unknown> {
  return adminQuery(clusterUrl, `CREATE DATABASE ${name} TEMPLATE ${template} ENCODING 'UTF8' LC_COLLATE 'C' LC_CTYPE 'C'`);
}
