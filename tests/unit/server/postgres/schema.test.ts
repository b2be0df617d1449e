import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MIGRATIONS } from '../../../../src/server/db/migrations/index';
import { PG_MIGRATIONS } from '../../../../src/server/db/postgres/migrations/index';
import { usePgTestCluster } from './support/pgTestCluster';
import { openTwoEngines } from './support/twoEngines';
import type { Row, TwoEngines } from './support/twoEngines';

/** SQLite column types and the PostgreSQL types that hold the same values (integers are read back as numbers). */
const TYPE_TWINS: Record<string, string[]> = {
  INTEGER: ['bigint', 'integer'],
  REAL: ['double precision'],
  TEXT: ['text', 'citext'],
  BLOB: ['bytea'],
};
/**
 * Columns only PostgreSQL has: SQLite's implicit rowid of videos, the writing transaction of each log row, and the
 * transcript terms folded as SQLite's FTS5 folds them (PostgreSQL's transcript search, migration 025).
 */
const PG_ONLY_COLUMNS = ['brand_changes.tx', 'transcript_pairs.folded', 'transcript_triples.folded', 'transcript_words.folded', 'video_search_log.tx', 'videos.rowid'];
/**
 * PostgreSQL's own transcript search indexes (pg_trgm over the folded terms), twins of SQLite's FTS5 tables, and the
 * search log's index by writing transaction (its follower reads by transaction there: src/server/search/searchLog.ts).
 */
const PG_ONLY_INDEXES = ['brand_changes_tx', 'transcript_pairs_folded_trgm', 'transcript_pairs_unfolded', 'transcript_triples_folded_trgm', 'transcript_triples_middle', 'transcript_triples_unfolded', 'transcript_words_folded_trgm', 'transcript_words_unfolded', 'video_search_log_tx'];
/** SQLite's FTS5 indexes (virtual tables and their shadow tables): PostgreSQL's transcript search index is its own step. */
const FTS_TABLES = ['transcript_fts', 'transcript_pairs_fts', 'transcript_triples_fts', 'transcript_words_fts'];

interface Column {
  table: string;
  name: string;
  type: string;
  notNull: boolean;
  primaryKey: boolean;
}

function sqliteColumns(engines: TwoEngines): { columns: Column[]; fts: string[] } {
  const tables = engines.sqlite
    .prepare("SELECT name, sql FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name")
    .all() as { name: string; sql: string }[];
  const fts = tables.filter((table) => table.sql.startsWith('CREATE VIRTUAL TABLE')).map((table) => table.name);
  const isFts = (name: string) => fts.some((virtual) => name === virtual || name.startsWith(`${virtual}_`));
  const columns = tables
    .filter((table) => !isFts(table.name))
    .flatMap((table) =>
      (engines.sqlite.pragma(`table_info(${table.name})`) as { name: string; type: string; notnull: number; pk: number }[]).map((column) => ({
        table: table.name,
        name: column.name,
        type: column.type,
        notNull: column.notnull === 1,
        primaryKey: column.pk > 0,
      })),
    );
  return { columns, fts };
}

async function pgColumns(engines: TwoEngines): Promise<Column[]> {
  const { rows } = await engines.pg.query<{ table: string; name: string; type: string; not_null: boolean; primary_key: boolean }>(`
    SELECT c.table_name AS table, c.column_name AS name, CASE WHEN c.data_type = 'USER-DEFINED' THEN c.udt_name ELSE c.data_type END AS type,
      c.is_nullable = 'NO' AS not_null,
      EXISTS (SELECT 1 FROM information_schema.key_column_usage k JOIN information_schema.table_constraints t
        ON t.constraint_name = k.constraint_name AND t.table_name = k.table_name AND t.constraint_type = 'PRIMARY KEY'
        WHERE k.table_name = c.table_name AND k.column_name = c.column_name AND k.table_schema = 'public') AS primary_key
    FROM information_schema.columns c WHERE c.table_schema = 'public'`);
  return rows.map((row) => ({ table: row.table, name: row.name, type: row.type, notNull: row.not_null, primaryKey: row.primary_key }));
}

async function indexColumns(engines: TwoEngines): Promise<{ sqlite: Row[]; pg: Row[] }> {
  const sqliteIndexes = engines.sqlite
    .prepare("SELECT name, tbl_name AS tbl FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL ORDER BY name")
    .all() as { name: string; tbl: string }[];
  const sqlite = sqliteIndexes.map((index) => ({
    name: index.name,
    table: index.tbl,
    columns: (engines.sqlite.pragma(`index_info(${index.name})`) as { name: string }[]).map((column) => column.name).join(','),
  }));
  const { rows } = await engines.pg.query<Row>(`
    SELECT i.relname AS name, t.relname AS table,
      (SELECT string_agg(a.attname, ',' ORDER BY k.n) FROM unnest(x.indkey) WITH ORDINALITY AS k(attnum, n)
        JOIN pg_attribute a ON a.attrelid = t.oid AND a.attnum = k.attnum) AS columns
    FROM pg_index x JOIN pg_class i ON i.oid = x.indexrelid JOIN pg_class t ON t.oid = x.indrelid JOIN pg_namespace s ON s.oid = t.relnamespace
    WHERE s.nspname = 'public' AND NOT x.indisprimary AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = x.indexrelid)
    ORDER BY i.relname`);
  return { sqlite, pg: rows };
}

describe('the PostgreSQL schema matches the SQLite schema', () => {
  const pgCluster = usePgTestCluster();
  let engines: TwoEngines;
  beforeEach(async () => {
    engines = await openTwoEngines(await pgCluster.createDatabase());
  });
  afterEach(async () => {
    await engines.close();
  });

  it('has every migration under the same number and name, in the same order', () => {
    expect(PG_MIGRATIONS.map(({ version, name }) => ({ version, name }))).toEqual(MIGRATIONS.map(({ version, name }) => ({ version, name })));
  });

  it('has every SQLite table with the same columns, types that hold the same values, NOT NULLs and primary keys', async () => {
    const { columns: sqlite, fts } = sqliteColumns(engines);
    expect(fts).toEqual(FTS_TABLES);
    const pg = await pgColumns(engines);
    const key = (column: Column) => `${column.table}.${column.name}`;
    expect(pg.map(key).filter((name) => !PG_ONLY_COLUMNS.includes(name)).sort()).toEqual(sqlite.map(key).sort());
    for (const column of sqlite) {
      const twin = pg.find((candidate) => key(candidate) === key(column));
      expect({ column: key(column), type: TYPE_TWINS[column.type]?.includes(twin?.type ?? '') ? column.type : twin?.type }).toEqual({
        column: key(column),
        type: column.type,
      });
      // A PostgreSQL primary key is always NOT NULL; SQLite's TEXT keys merely never hold NULL in practice.
      expect({ column: key(column), notNull: twin?.notNull, primaryKey: twin?.primaryKey }).toEqual({
        column: key(column),
        notNull: column.notNull || column.primaryKey,
        primaryKey: column.primaryKey,
      });
    }
  });

  it('has every SQLite index under the same name over the same columns', async () => {
    const { sqlite, pg } = await indexColumns(engines);
    expect(pg.filter((index) => !PG_ONLY_INDEXES.includes(String(index.name)))).toEqual(sqlite);
  });
});
