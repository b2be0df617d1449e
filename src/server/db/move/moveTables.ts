/**
 * Copies every table of an embedded workspace (a migrated SQLite file) into an empty PostgreSQL database migrated to
 * the same version, in ONE transaction: a move killed at any moment leaves the target as empty as it was. Tables go
 * in foreign-key order, rows in batches of multi-row INSERTs, blobs as bytea, the videos' implicit rowid as the
 * PostgreSQL column of that name; the identity sequences then start past the copied ids. The PostgreSQL triggers that
 * feed the change log and the transcript terms are switched off inside the transaction (those tables are copied as
 * they are) and on again before the commit.
 */
import type Database from 'better-sqlite3';
import type { PoolClient } from 'pg';
import { describeTarget } from '../postgres/connectionError';
import type { PostgresPool } from '../postgres/pool';
import { trigramFold } from '../../search/trigramFold';

/** Tables the migrations themselves fill on both engines: not workspace data, replaced by the source's rows. */
const MIGRATION_FILLED_TABLES = new Set(['schema_migrations', 'assistant_prompts']);
/** PostgreSQL binds at most 65535 parameters per statement; 500 rows keep one INSERT small for the widest table. */
const MAX_PARAMS = 60_000;
const MAX_BATCH_ROWS = 500;

/** A move's progress: a table started, a batch copied, a table done. */
export interface MoveProgress {
  table: string;
  copied: number;
  total: number;
}

export interface TableMoveSummary {
  moved: { table: string; rows: number }[];
  /** SQLite tables PostgreSQL's schema does not have (FTS5 indexes and their shadow tables, sqlite_sequence). */
  skipped: string[];
}

/** Raised when the target already holds workspace rows; the message is the one sentence to print. */
export class MoveTargetNotEmptyError extends Error {
  constructor(url: string, table: string) {
    const where = describeTarget(url);
    super(
      `The PostgreSQL database ${where ? `${where.database} at ${where.where} ` : ''}already holds a workspace (table ${table} has rows): ` +
        'move into an empty database.',
    );
    this.name = 'MoveTargetNotEmptyError';
  }
}

const quote = (name: string): string => `"${name.replaceAll('"', '""')}"`;

/** Base tables of the target's schema and their columns, in column order. */
async function targetColumns(client: PostgresPool | PoolClient): Promise<Map<string, string[]>> {
  const { rows } = await client.query<{ table_name: string; column_name: string }>(
    `SELECT c.table_name, c.column_name FROM information_schema.columns c
       JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name
      WHERE c.table_schema = current_schema() AND t.table_type = 'BASE TABLE'
      ORDER BY c.table_name, c.ordinal_position`,
  );
  const tables = new Map<string, string[]>();
  for (const row of rows) tables.set(row.table_name, [...(tables.get(row.table_name) ?? []), row.column_name]);
  return tables;
}

/** The first workspace table of the target holding a row, or null when the target is empty. */
export async function firstNonEmptyTable(client: PostgresPool | PoolClient): Promise<string | null> {
  for (const table of (await targetColumns(client)).keys()) {
    if (MIGRATION_FILLED_TABLES.has(table)) continue;
    const { rowCount } = await client.query(`SELECT 1 FROM ${quote(table)} LIMIT 1`);
    if (rowCount) return table;
  }
  return null;
}

/** `tables` ordered so every table comes after the tables its foreign keys point at (self-references aside). */
async function foreignKeyOrder(client: PoolClient, tables: string[]): Promise<string[]> {
  const { rows } = await client.query<{ child: string; parent: string }>(
    `SELECT conrelid::regclass::text AS child, confrelid::regclass::text AS parent FROM pg_constraint
      WHERE contype = 'f' AND connamespace = current_schema()::regnamespace`,
  );
  const unquote = (name: string) => name.replace(/^"(.*)"$/, '$1');
  const parents = new Map<string, Set<string>>(tables.map((table) => [table, new Set()]));
  for (const { child, parent } of rows) if (unquote(child) !== unquote(parent)) parents.get(unquote(child))?.add(unquote(parent));
  const ordered: string[] = [];
  const visit = (table: string, path: Set<string>): void => {
    if (ordered.includes(table) || path.has(table)) return;
    path.add(table);
    for (const parent of parents.get(table) ?? []) if (parents.has(parent)) visit(parent, path);
    path.delete(table);
    ordered.push(table);
  };
  for (const table of [...tables].sort()) visit(table, new Set());
  return ordered;
}

/** Tables carrying user triggers (the change log, the term postings, the product aggregates). */
async function triggeredTables(client: PoolClient): Promise<Set<string>> {
  const { rows } = await client.query<{ name: string }>(
    `SELECT DISTINCT c.relname AS name FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid
      WHERE NOT t.tgisinternal AND c.relnamespace = current_schema()::regnamespace`,
  );
  return new Set(rows.map((row) => row.name));
}

/** Identity columns of the target, by table. */
async function identityColumns(client: PoolClient): Promise<Map<string, string>> {
  const { rows } = await client.query<{ table_name: string; column_name: string }>(
    `SELECT table_name, column_name FROM information_schema.columns WHERE table_schema = current_schema() AND is_identity = 'YES'`,
  );
  return new Map(rows.map((row) => [row.table_name, row.column_name]));
}

/** A SQLite value as pg binds it: 64-bit integers as exact decimal text, the rest as they are (Buffer → bytea). */
function bindable(value: unknown): unknown {
  return typeof value === 'bigint' ? value.toString() : value;
}

/**
 * Target columns SQLite does not have, computed from a copied one: the transcript terms' folded text (PostgreSQL
 * migration 025). Without it the first search on the team server rebuilt every term from every line (most of an
 * hour at 100k videos) to get the same terms with the folded text beside them.
 */
const DERIVED: Record<string, { column: string; from: string; derive: (value: unknown) => unknown }> = {
  transcript_words: { column: 'folded', from: 'term', derive: (term) => trigramFold(String(term)) },
  transcript_pairs: { column: 'folded', from: 'term', derive: (term) => trigramFold(String(term)) },
  transcript_triples: { column: 'folded', from: 'term', derive: (term) => trigramFold(String(term)) },
};

interface SourceTable {
  name: string;
  /** Columns copied (those both engines have); `rowid` included for a table whose target has a column of that name. */
  columns: string[];
  rows: number;
}

function sourceTables(sqlite: Database.Database, target: Map<string, string[]>): { copy: Map<string, SourceTable>; skipped: string[] } {
  const names = sqlite.prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").pluck().all() as string[];
  const copy = new Map<string, SourceTable>();
  const skipped: string[] = [];
  for (const name of names) {
    const targetCols = target.get(name);
    if (!targetCols || name === 'schema_migrations') {
      if (name !== 'schema_migrations') skipped.push(name);
      continue;
    }
    const sourceCols = (sqlite.prepare(`PRAGMA table_info(${quote(name)})`).all() as { name: string }[]).map((col) => col.name);
    // SQLite's implicit rowid is a real column on PostgreSQL where the store layer keys rows by it (videos).
    const columns = targetCols.filter((col) => sourceCols.includes(col) || col === 'rowid');
    const derived = DERIVED[name];
    if (derived && targetCols.includes(derived.column) && !columns.includes(derived.column) && columns.includes(derived.from)) columns.push(derived.column);
    const rows = sqlite.prepare(`SELECT COUNT(*) FROM ${quote(name)}`).pluck().get() as number;
    copy.set(name, { name, columns, rows });
  }
  return { copy, skipped };
}

async function copyTable(
  sqlite: Database.Database,
  client: PoolClient,
  table: SourceTable,
  identity: string | undefined,
  onProgress: (progress: MoveProgress) => void,
): Promise<void> {
  const { name, columns } = table;
  // In insertion order: a row referring to another of its table (a competitor's brand, an answer's question) was
  // written after it, so its parent is copied first. A WITHOUT ROWID table goes in key order.
  const withoutRowid = (sqlite.prepare('SELECT wr FROM pragma_table_list WHERE name = ?').pluck().get(name) as number | undefined) === 1;
  const order = withoutRowid ? '' : ' ORDER BY rowid';
  // A derived column (last) is computed from its source column rather than read.
  const derived = DERIVED[name]?.column === columns.at(-1) ? DERIVED[name] : undefined;
  const read = derived ? columns.slice(0, -1) : columns;
  const from = derived ? read.indexOf(derived.from) : -1;
  const select = sqlite.prepare(`SELECT ${read.map(quote).join(', ')} FROM ${quote(name)}${order}`).raw(true).safeIntegers(true);
  const batchRows = Math.max(1, Math.min(MAX_BATCH_ROWS, Math.floor(MAX_PARAMS / columns.length)));
  const head = `INSERT INTO ${quote(name)} (${columns.map(quote).join(', ')})${identity ? ' OVERRIDING SYSTEM VALUE' : ''} VALUES `;
  let batch: unknown[][] = [];
  let copied = 0;
  const flush = async (): Promise<void> => {
    if (batch.length === 0) return;
    const tuples = batch.map((_, r) => `(${columns.map((__, c) => `$${r * columns.length + c + 1}`).join(', ')})`);
    await client.query(head + tuples.join(', '), batch.flat().map(bindable));
    copied += batch.length;
    batch = [];
    onProgress({ table: name, copied, total: table.rows });
  };
  for (const row of select.iterate() as Iterable<unknown[]>) {
    if (derived) row.push(derived.derive(row[from]));
    batch.push(row);
    if (batch.length === batchRows) await flush();
  }
  await flush();
  if (copied === 0) onProgress({ table: name, copied, total: table.rows });
}

/** Starts the table's identity sequence past the copied ids (and past SQLite's AUTOINCREMENT high-water mark). */
async function resetIdentity(sqlite: Database.Database, client: PoolClient, table: string, column: string): Promise<void> {
  const hasSequence = sqlite.prepare("SELECT 1 FROM sqlite_master WHERE name = 'sqlite_sequence'").pluck().get() !== undefined;
  const used = hasSequence ? Number(sqlite.prepare('SELECT seq FROM sqlite_sequence WHERE name = ?').pluck().get(table) ?? 0) : 0;
  await client.query(
    `SELECT setval(pg_get_serial_sequence($1, $2), GREATEST((SELECT MAX(${quote(column)}) FROM ${quote(table)}), $3::bigint, 1),
       (SELECT MAX(${quote(column)}) FROM ${quote(table)}) IS NOT NULL OR $3::bigint > 0)`,
    [quote(table), column, used],
  );
}

/**
 * Copies every table of `sqlite` into the PostgreSQL database of `pool` (migrated to the same version) in one
 * transaction. Refuses a target that holds any workspace row (MoveTargetNotEmptyError) before writing anything.
 */
export async function moveTables(
  sqlite: Database.Database,
  pool: PostgresPool,
  url: string,
  onProgress: (progress: MoveProgress) => void = () => undefined,
): Promise<TableMoveSummary> {
  const client = await pool.connect();
  try {
    const target = await targetColumns(client);
    const { copy, skipped } = sourceTables(sqlite, target);
    const order = (await foreignKeyOrder(client, [...copy.keys()])).map((name) => copy.get(name)).filter((t) => t !== undefined);
    const triggered = await triggeredTables(client);
    const identities = await identityColumns(client);
    await client.query('BEGIN');
    try {
      const occupied = await firstNonEmptyTable(client);
      if (occupied) throw new MoveTargetNotEmptyError(url, occupied);
      for (const table of order) {
        if (MIGRATION_FILLED_TABLES.has(table.name)) await client.query(`DELETE FROM ${quote(table.name)}`);
        const quiet = triggered.has(table.name);
        if (quiet) await client.query(`ALTER TABLE ${quote(table.name)} DISABLE TRIGGER USER`);
        await copyTable(sqlite, client, table, identities.get(table.name), onProgress);
        if (quiet) await client.query(`ALTER TABLE ${quote(table.name)} ENABLE TRIGGER USER`);
        const identity = identities.get(table.name);
        if (identity) await resetIdentity(sqlite, client, table.name, identity);
      }
      await client.query('COMMIT');
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    }
    // The GIN (trigram) indexes took the copied terms into their pending lists, which a search reads in full and the
    // planner prices so: every transcript search scanned all the terms (2.5 ms per pair at 10k videos, ten times that at
    // 100k) until autovacuum merged them. Merged now, in place of autovacuum, then the statistics taken.
    await client.query(`SELECT count(gin_clean_pending_list(i.indexrelid)) AS merged FROM pg_index i
      JOIN pg_class c ON c.oid = i.indexrelid JOIN pg_am a ON a.oid = c.relam WHERE a.amname = 'gin'`);
    // Statistics of the moved rows now, not when autovacuum gets round to it: until then the planner takes the tables
    // for empty and scans millions of transcript terms for a search the trigram index answers in a millisecond. VACUUM
    // too, as PostgreSQL advises after a bulk load: it marks the copied rows visible once (hint bits, visibility map),
    // work the first searches would otherwise do page by page, and it leaves autovacuum nothing to start on millions
    // of new rows while the team's first requests arrive.
    await client.query('VACUUM (ANALYZE)');
    return { moved: order.map((table) => ({ table: table.name, rows: table.rows })), skipped };
  } finally {
    client.release();
  }
}
