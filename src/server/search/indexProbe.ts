import { inList, type SqlClient } from '../db/sqlClient';

/** Where the transcript term index stands (see TranscriptIndex.ready): what tells whether it must catch up or read again. */
export interface TermProbe {
  /** Videos waiting to be indexed. */
  pending: number;
  /** (PostgreSQL) a term lacks its folded text: terms copied in by the move, rebuilt by the next catch-up. */
  unfolded: boolean;
  /** Changes whenever the indexed terms or the transcripts may have: the index reads its state again. */
  mark: string;
  /** Changes only when a catch-up changed which videos are indexed. */
  indexedMark: string;
}

/** Everything the in-memory indexes check before they answer, read in one statement. */
export interface IndexProbe {
  /** The change log's position now (searchLog.ts). */
  head: number;
  /** The videos logged from the position asked for up to `head`, in log order (SearchLog.between), when one was asked for. */
  logged: { from: number; ids: string[] } | null;
  /** The mark version of each brand asked for (0: never written). */
  markVersions: ReadonlyMap<string, number>;
  terms: TermProbe;
}

const termColumns = (sql: SqlClient): string => sql.engine === 'postgres'
  ? `(SELECT COALESCE(MAX(seq), 0) FROM video_search_log) AS seq, (SELECT COUNT(*) FROM transcript_term_pending) AS pending,
     (SELECT COALESCE(MAX(version), 0) FROM transcript_term_version) AS version, (SELECT COUNT(*) FROM transcript_term_stale) AS stale,
     (SELECT 1 FROM transcript_words WHERE folded IS NULL LIMIT 1) AS unfolded`
  : `(SELECT COALESCE(MAX(seq), 0) FROM video_search_log) AS seq, (SELECT COUNT(*) FROM transcript_term_pending) AS pending,
     (SELECT COALESCE(MAX(version), 0) FROM transcript_term_version) AS version`;

interface TermRow { seq: number; pending: number; version: number; stale?: number; unfolded?: number | null }

const termProbeOf = (row: TermRow | undefined): TermProbe => ({
  pending: row?.pending ?? 0,
  unfolded: (row?.unfolded ?? null) !== null,
  mark: [row?.seq, row?.pending, row?.version, row?.stale].join('|'),
  indexedMark: String(row?.version ?? 0),
});

/**
 * The transcript term index's state in one round trip. On SQLite, where writers commit one at a time in seq order, the
 * log's last seq and the pending count tell every write; on PostgreSQL a log row may commit under a lower seq than one
 * already seen, so the catch-ups' count and the stale videos' count are read too.
 */
export async function probeTerms(sql: SqlClient): Promise<TermProbe> {
  return termProbeOf(await sql.get<TermRow>(`SELECT ${termColumns(sql)}`));
}

/**
 * The change log's head, the videos logged since `logFrom` (the list index's position; null before its first load),
 * the brands' mark versions and the term index's state in one statement: a request that reads the indexes checks them
 * with one round trip (on a team server each costs a network hop), all read at one moment.
 */
export async function probeIndexes(sql: SqlClient, brandIds: readonly string[], logFrom: number | null): Promise<IndexProbe> {
  const brands = inList(sql, 'brand_id', brandIds);
  const postgres = sql.engine === 'postgres';
  const head = postgres ? 'pg_snapshot_xmin(pg_current_snapshot())' : '(SELECT COALESCE(MAX(seq), 0) FROM video_search_log)';
  // The same range as SearchLog.between(logFrom, head), read in the same snapshot as the head.
  const logged = logFrom === null ? 'NULL'
    : postgres ? `(SELECT COALESCE(json_agg(video_id ORDER BY seq), '[]')::text FROM video_search_log WHERE tx >= ?::xid8 AND tx < ${head})`
    : "(SELECT COALESCE(json_group_array(video_id), '[]') FROM (SELECT video_id FROM video_search_log WHERE seq > ? ORDER BY seq))";
  const versions = postgres
    ? `(SELECT json_agg(json_build_array(brand_id, version))::text FROM brand_mark_versions WHERE ${brands.sql})`
    : `(SELECT json_group_array(json_array(brand_id, version)) FROM brand_mark_versions WHERE ${brands.sql})`;
  const row = await sql.get<TermRow & { head: string | number; logged: string | null; versions: string | null }>(
    `SELECT ${head}${postgres ? '::text' : ''} AS head, ${logged} AS logged, ${versions} AS versions, ${termColumns(sql)}`,
    [...(logFrom === null ? [] : [postgres ? String(logFrom) : logFrom]), brands.param],
  );
  const markVersions = new Map<string, number>(brandIds.map((id) => [id, 0]));
  for (const [brandId, version] of JSON.parse(row?.versions ?? '[]') as [string, number][]) markVersions.set(brandId, Number(version));
  return {
    head: Number(row?.head ?? 0),
    logged: logFrom === null || row?.logged == null ? null : { from: logFrom, ids: JSON.parse(row.logged) as string[] },
    markVersions,
    terms: termProbeOf(row),
  };
}
