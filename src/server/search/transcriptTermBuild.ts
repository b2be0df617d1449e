import type Database from 'better-sqlite3';
import { inList, type SqlClient, type SqlEngineName, type SqlParam } from '../db/sqlClient';
import { addLineTerms, addToPosting, encodePosting } from './transcriptTerms';
import { mergePositions, PositionsWriter } from './runPositions';
import { allRows, inIntegers, oneRow, runSteps, runStepsSync, write, type Steps } from './storeSteps';
import { trigramFold } from './trigramFold';

/** Past this many videos waiting to be indexed, the whole index is rebuilt instead of adding them one by one. */
const REBUILD_PENDING = 400;
/** Terms a build pass collects at the most (about 100 bytes of memory each with their postings), so memory stays flat at any scale. */
const LINES_PER_PASS = 600_000;
/** Videos whose lines one read brings (a round trip each on PostgreSQL). */
const VIDEOS_PER_READ = 500;
/** Any constant all instances agree on: the advisory lock one back end holds while it indexes (PostgreSQL). */
const INDEXING_LOCK_KEY = 0x5265656d;

export const TERM_TABLES = { word: 'transcript_words', pair: 'transcript_pairs', triple: 'transcript_triples' } as const;
export type TermKind = keyof typeof TERM_TABLES;
/** The triples' positional postings (runPositions.ts), one row per `transcript_triples` row, by the same id. */
export const POSITIONS = 'transcript_triple_positions';

/**
 * Adds the transcripts written since the last catch-up (or rebuilds, when many are waiting), in one transaction.
 * On PostgreSQL several back ends share the database: an advisory lock lets one index while the others wait, and the
 * pending table is locked against writers meanwhile, so a transcript written during the catch-up stays pending
 * instead of being cleared unread. Answers whether this call changed the index.
 */
export async function catchUpTranscriptTerms(sql: SqlClient): Promise<boolean> {
  const waiting = await termsWaiting(sql);
  if (waiting.pending === 0 && !waiting.unfolded) return false;
  let rebuilt = false;
  const changed = await sql.transaction(async (tx) => {
    if (tx.engine === 'postgres') {
      await tx.get(`SELECT pg_advisory_xact_lock(${INDEXING_LOCK_KEY}) AS locked`);
      await tx.run('LOCK TABLE transcript_term_pending IN EXCLUSIVE MODE');
    }
    // Another back end (or process) may have caught up while this one waited.
    const { pending, unfolded } = await termsWaiting(tx);
    if (pending === 0 && !unfolded) return false;
    rebuilt = pending > REBUILD_PENDING || unfolded;
    await runSteps(tx, rebuilt ? rebuildSteps(tx.engine) : addPendingSteps(tx.engine));
    return true;
  });
  if (rebuilt && sql.engine === 'postgres') await settleRebuiltTerms(sql);
  return changed;
}

/**
 * After a rebuild on PostgreSQL, the planner's statistics still describe the terms before it (after a move: every
 * folded text NULL) and the trigram indexes hold the new terms in their pending lists, which every search scans in
 * full. Measured on the 10k bench workspace right after a move: each search's `folded LIKE` ran as a sequential scan
 * of every pair (2.5 ms there, ten times that at 100k) until both were settled, then read the index (0.05 ms).
 */
async function settleRebuiltTerms(sql: SqlClient): Promise<void> {
  await sql.run(`ANALYZE ${TERM_TABLES.word}, ${TERM_TABLES.pair}, ${TERM_TABLES.triple}, ${POSITIONS}`);
  await sql.get(`SELECT gin_clean_pending_list('${TERM_TABLES.word}_folded_trgm'::regclass) AS words, gin_clean_pending_list('${TERM_TABLES.pair}_folded_trgm'::regclass) AS pairs,
    gin_clean_pending_list('${TERM_TABLES.triple}_folded_trgm'::regclass) AS triples`);
}

/**
 * Videos waiting to be indexed, and (PostgreSQL) whether some term lacks its folded text: terms copied in by the move
 * from an embedded workspace, which the search cannot find until the terms are rebuilt.
 */
async function termsWaiting(sql: SqlClient): Promise<{ pending: number; unfolded: boolean }> {
  const row = await sql.get<{ pending: number; unfolded?: number | null }>(sql.engine === 'postgres'
    ? `SELECT (SELECT COUNT(*) FROM transcript_term_pending) AS pending, (SELECT 1 FROM transcript_words WHERE folded IS NULL LIMIT 1) AS unfolded`
    : 'SELECT COUNT(*) AS pending FROM transcript_term_pending');
  return { pending: row?.pending ?? 0, unfolded: (row?.unfolded ?? null) !== null };
}

/** Builds every posting from the transcripts, synchronously on the embedded engine (the seed's last step). */
export function rebuildTranscriptTerms(db: Database.Database): void {
  db.transaction(() => runStepsSync(db, rebuildSteps('sqlite')))();
}

/** Adds each waiting video's terms, synchronously on the embedded engine (tests and the bench build this way). */
export function addPendingTranscripts(db: Database.Database): void {
  db.transaction(() => runStepsSync(db, addPendingSteps('sqlite')))();
}

/** One video's words and pairs, and (when `slotted` is given) the triples it keeps with their slots (see runPositions.ts). */
function videoTerms(lines: readonly string[], slotted?: (triple: string) => boolean) {
  const terms = { words: new Set<string>(), pairs: new Set<string>(), triples: slotted ? new Map<string, number[]>() : undefined };
  let base = 0;
  // Any line order will do: a line's slots follow on from the last, and no run of triples crosses between lines.
  for (const content of lines) base += addLineTerms(content, terms, base, slotted);
  return terms;
}

/** Calls `visit` with each video's lines (none for a video that has lost them), reading a share of the videos at a time. */
function* eachVideoLines(engine: SqlEngineName, rowids: readonly number[], visit: (rowid: number, lines: readonly string[]) => void): Steps<void> {
  for (let from = 0; from < rowids.length; from += VIDEOS_PER_READ) {
    const share = rowids.slice(from, from + VIDEOS_PER_READ);
    const list = inIntegers(engine, 'v.rowid', share);
    const rows = yield* allRows<{ rowid: number; content: string }>(
      `SELECT v.rowid AS rowid, tl.content AS content FROM videos v JOIN transcript_lines tl ON tl.video_id = v.id WHERE ${list.sql} ORDER BY v.rowid, tl.line_no`,
      [list.param],
    );
    const byVideo = new Map<number, string[]>();
    for (const { rowid, content } of rows) {
      const lines = byVideo.get(rowid);
      if (lines) lines.push(content);
      else byVideo.set(rowid, [content]);
    }
    for (const rowid of share) visit(rowid, byVideo.get(rowid) ?? []);
  }
}

/**
 * Counts a change of the term index (migration 025): a back end compares the count to know whether to read the indexed
 * videos again, and on PostgreSQL whether another back end indexed something (a change-log row there may commit under
 * a lower seq than one already read). A SQLite workspace migrated part of the way (in tests) has no count.
 */
function* countCatchUp(engine: SqlEngineName): Steps<void> {
  if (engine === 'sqlite' && (yield* oneRow("SELECT 1 AS found FROM sqlite_master WHERE type = 'table' AND name = 'transcript_term_version'")) === undefined) return;
  yield* write('INSERT INTO transcript_term_version (id, version) VALUES (1, 1) ON CONFLICT (id) DO UPDATE SET version = transcript_term_version.version + 1');
}

/**
 * Whether the workspace has the triples and their positional postings (migration 032; a SQLite workspace migrated part
 * of the way, in tests, has not).
 */
function* hasTriples(engine: SqlEngineName): Steps<boolean> {
  if (engine === 'postgres') return true;
  return (yield* oneRow("SELECT 1 AS found FROM sqlite_master WHERE type = 'table' AND name = ?", [POSITIONS])) !== undefined;
}

/** The term kinds the workspace holds. */
const kindsOf = (tripled: boolean): TermKind[] => (tripled ? ['word', 'pair', 'triple'] : ['word', 'pair']);

/** Rows written per statement on PostgreSQL (a round trip each; SQLite writes row by row, which costs it nothing). */
const ROWS_PER_WRITE = 1000;

function* inBatches<T>(items: readonly T[], write: (batch: readonly T[]) => Steps<void>): Steps<void> {
  for (let from = 0; from < items.length; from += ROWS_PER_WRITE) yield* write(items.slice(from, from + ROWS_PER_WRITE));
}

/** Binary values as a text array PostgreSQL casts to bytea[] (hex), since the store client binds arrays of text. */
const hexes = (values: readonly Buffer[]) => values.map((value) => `\\x${value.toString('hex')}`);

/**
 * Rows of one integer column, from a list parameter (`SELECT` text for an `INSERT … SELECT`; SQLite reads an upsert
 * after a SELECT only when the SELECT has a WHERE).
 */
function integerRows(engine: SqlEngineName, values: readonly number[]): { sql: string; param: SqlParam } {
  return engine === 'postgres'
    ? { sql: 'SELECT unnest(?::bigint[])', param: values }
    : { sql: 'SELECT value FROM json_each(?) WHERE true', param: JSON.stringify(values) };
}

/**
 * Inserts new terms with their postings; on PostgreSQL with their folded text, which the search matches (see
 * trigramFold.ts). On SQLite, `withFts` indexes each in the term's FTS5 table too (a rebuild rebuilds those at the end).
 * Answers the new ids by term.
 */
function* insertTerms(engine: SqlEngineName, table: string, entries: readonly (readonly [string, Buffer])[], withFts: boolean): Steps<Map<string, number>> {
  const ids = new Map<string, number>();
  if (engine === 'sqlite') {
    for (const [term, posting] of entries) {
      const id = (yield* oneRow<{ id: number }>(`INSERT INTO ${table} (term, videos) VALUES (?, ?) RETURNING id`, [term, posting]))?.id ?? 0;
      if (withFts) yield* write(`INSERT INTO ${table}_fts (rowid, term) VALUES (?, ?)`, [id, term]);
      ids.set(term, id);
    }
    return ids;
  }
  yield* inBatches(entries, function* (batch) {
    const terms = batch.map(([term]) => term);
    const rows = yield* allRows<{ id: number; term: string }>(
      `INSERT INTO ${table} (term, folded, videos) SELECT u.term, u.folded, u.videos FROM unnest(?::text[], ?::text[], ?::bytea[]) AS u(term, folded, videos) RETURNING id, term`,
      [terms, terms.map(trigramFold), hexes(batch.map(([, posting]) => posting))],
    );
    for (const row of rows) ids.set(row.term, row.id);
  });
  return ids;
}

/** Replaces the postings of terms by id. */
function* updatePostings(engine: SqlEngineName, table: string, updates: readonly (readonly [number, Buffer])[]): Steps<void> {
  if (engine === 'sqlite') {
    for (const [id, posting] of updates) yield* write(`UPDATE ${table} SET videos = ? WHERE id = ?`, [posting, id]);
    return;
  }
  yield* inBatches(updates, (batch) => write(
    `UPDATE ${table} t SET videos = u.videos FROM unnest(?::bigint[], ?::bytea[]) AS u(id, videos) WHERE t.id = u.id`,
    [batch.map(([id]) => id), hexes(batch.map(([, posting]) => posting))],
  ));
}

/** Writes triples' positional postings by id (replacing any they had). */
function* writePositions(engine: SqlEngineName, rows: readonly (readonly [number, Buffer])[]): Steps<void> {
  const upsert = 'ON CONFLICT (id) DO UPDATE SET positions = excluded.positions';
  if (engine === 'sqlite') {
    for (const [id, positions] of rows) yield* write(`INSERT INTO ${POSITIONS} (id, positions) VALUES (?, ?) ${upsert}`, [id, positions]);
    return;
  }
  yield* inBatches(rows, (batch) => write(
    `INSERT INTO ${POSITIONS} (id, positions) SELECT u.id, u.positions FROM unnest(?::bigint[], ?::bytea[]) AS u(id, positions) ${upsert}`,
    [batch.map(([id]) => id), hexes(batch.map(([, positions]) => positions))],
  ));
}

/** Adds videos to terms' postings (`added`: term to the rowids saying it), creating the terms not known yet. */
function* addToTerms(engine: SqlEngineName, table: string, added: ReadonlyMap<string, readonly number[]>): Steps<void> {
  const terms = [...added.keys()];
  for (let from = 0; from < terms.length; from += ROWS_PER_WRITE) {
    const batch = terms.slice(from, from + ROWS_PER_WRITE);
    const list = inList({ engine }, 'term', batch);
    const found = yield* allRows<{ id: number; term: string; videos: Buffer }>(`SELECT id, term, videos FROM ${table} WHERE ${list.sql}`, [list.param]);
    const known = new Set(found.map((row) => row.term));
    yield* updatePostings(engine, table, found.map((row) => [row.id, withVideos(row.videos, added.get(row.term) ?? [])] as const));
    const fresh = batch.filter((term) => !known.has(term)).map((term) => [term, encodePosting([...(added.get(term) ?? [])].sort((a, b) => a - b))] as const);
    yield* insertTerms(engine, table, fresh, true);
  }
}

function withVideos(posting: Buffer, rowids: readonly number[]): Buffer {
  let updated = posting;
  for (const rowid of rowids) updated = addToPosting(updated, rowid);
  return updated;
}

function pushTo<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

/** Adds each waiting video's terms to the postings; a video indexed before becomes stale (see TranscriptIndex). */
function* addPendingSteps(engine: SqlEngineName): Steps<void> {
  const pending = (yield* allRows<{ rowid: number }>('SELECT video_rowid AS rowid FROM transcript_term_pending ORDER BY video_rowid')).map((row) => row.rowid);
  const tripled = yield* hasTriples(engine);
  const added = { word: new Map<string, number[]>(), pair: new Map<string, number[]>(), triple: new Map<string, number[]>() };
  /** Per triple, the slots of each waiting video saying it: each posting is rewritten once, whatever the videos. */
  const slotsByTriple = new Map<string, Map<number, number[]>>();
  yield* eachVideoLines(engine, pending, (rowid, lines) => {
    const { words, pairs, triples } = videoTerms(lines, tripled ? () => true : undefined);
    for (const [triple, slots] of triples ?? []) {
      const videos = slotsByTriple.get(triple);
      if (videos) videos.set(rowid, slots);
      else slotsByTriple.set(triple, new Map([[rowid, slots]]));
      pushTo(added.triple, triple, rowid);
    }
    for (const word of words) pushTo(added.word, word, rowid);
    for (const pair of pairs) pushTo(added.pair, pair, rowid);
  });
  const waiting = inIntegers(engine, 'video_rowid', pending);
  const before = new Set((yield* allRows<{ rowid: number }>(`SELECT video_rowid AS rowid FROM transcript_term_videos WHERE ${waiting.sql}`, [waiting.param])).map((row) => row.rowid));
  const stale = integerRows(engine, pending.filter((rowid) => before.has(rowid)));
  yield* write(`INSERT INTO transcript_term_stale (video_rowid) ${stale.sql} ON CONFLICT DO NOTHING`, [stale.param]);
  const first = integerRows(engine, pending.filter((rowid) => !before.has(rowid)));
  yield* write(`INSERT INTO transcript_term_videos (video_rowid) ${first.sql}`, [first.param]);
  for (const kind of kindsOf(tripled)) yield* addToTerms(engine, TERM_TABLES[kind], added[kind]);
  const triples = [...slotsByTriple.keys()];
  const merged: (readonly [number, Buffer])[] = [];
  for (let from = 0; from < triples.length; from += ROWS_PER_WRITE) {
    const list = inList({ engine }, 't.term', triples.slice(from, from + ROWS_PER_WRITE));
    const rows = yield* allRows<{ id: number; term: string; positions: Buffer | null }>(
      `SELECT t.id, t.term, p.positions FROM ${TERM_TABLES.triple} t LEFT JOIN ${POSITIONS} p ON p.id = t.id WHERE ${list.sql}`,
      [list.param],
    );
    for (const row of rows) merged.push([row.id, mergePositions(row.positions, slotsByTriple.get(row.term) ?? new Map())]);
  }
  yield* writePositions(engine, merged);
  yield* write(`DELETE FROM transcript_term_pending WHERE ${waiting.sql}`, [waiting.param]);
  yield* countCatchUp(engine);
}

/**
 * Builds every posting from the transcripts (end of seeding, a migrated workspace, many waiting videos). Terms are
 * collected in passes over a share of the term space each, so memory stays bounded at any workspace size.
 */
function* rebuildSteps(engine: SqlEngineName): Steps<void> {
  const videos = (yield* allRows<{ rowid: number }>(
    'SELECT v.rowid AS rowid FROM videos v WHERE EXISTS (SELECT 1 FROM transcript_lines tl WHERE tl.video_id = v.id) ORDER BY v.rowid',
  )).map((row) => row.rowid);
  const lineCount = (yield* oneRow<{ lines: number }>('SELECT COUNT(*) AS lines FROM transcript_lines'))?.lines ?? 0;
  const passes = Math.max(1, Math.ceil(lineCount / LINES_PER_PASS));
  const tripled = yield* hasTriples(engine);
  const tables = kindsOf(tripled).map((kind) => TERM_TABLES[kind]);
  for (const table of tables) {
    yield* write(`DELETE FROM ${table}`);
    if (engine === 'sqlite') yield* write(`INSERT INTO ${table}_fts (${table}_fts) VALUES ('delete-all')`);
  }
  if (tripled) yield* write(`DELETE FROM ${POSITIONS}`);
  const passOf = new Map<string, number>();
  for (let pass = 0; pass < passes; pass++) {
    const postings = { word: new Map<string, number[]>(), pair: new Map<string, number[]>() };
    /** This pass's triples: the videos saying each, and where. */
    const tripleEntries = new Map<string, { rowids: number[]; slots: PositionsWriter }>();
    // Slots are collected for this pass's triples only (each triple's pass looked up once per build, not per line).
    const inPass = (triple: string): boolean => {
      let at = passOf.get(triple);
      if (at === undefined) passOf.set(triple, (at = termPass(triple, passes)));
      return at === pass;
    };
    yield* eachVideoLines(engine, videos, (rowid, lines) => {
      const { words, pairs, triples } = videoTerms(lines, tripled ? inPass : undefined);
      for (const [triple, slots] of triples ?? []) {
        let entry = tripleEntries.get(triple);
        if (!entry) tripleEntries.set(triple, (entry = { rowids: [], slots: new PositionsWriter() }));
        entry.rowids.push(rowid);
        entry.slots.add(rowid, slots);
      }
      for (const [kind, terms] of [['word', words], ['pair', pairs]] as const) {
        const map = postings[kind];
        for (const term of terms) {
          if (passes > 1 && termPass(term, passes) !== pass) continue;
          const list = map.get(term);
          if (list) list.push(rowid);
          else map.set(term, [rowid]);
        }
      }
    });
    yield* insertTerms(engine, TERM_TABLES.word, [...postings.word].map(([term, rowids]) => [term, encodePosting(rowids)] as const), false);
    yield* insertTerms(engine, TERM_TABLES.pair, [...postings.pair].map(([term, rowids]) => [term, encodePosting(rowids)] as const), false);
    if (!tripled) continue;
    const tripleIds = yield* insertTerms(engine, TERM_TABLES.triple, [...tripleEntries].map(([term, entry]) => [term, encodePosting(entry.rowids)] as const), false);
    yield* writePositions(engine, [...tripleIds].map(([term, id]) => [id, tripleEntries.get(term)?.slots.toBuffer() ?? Buffer.alloc(0)] as const));
  }
  if (engine === 'sqlite') for (const table of tables) yield* write(`INSERT INTO ${table}_fts (${table}_fts) VALUES ('rebuild')`);
  for (const table of ['transcript_term_pending', 'transcript_term_stale', 'transcript_term_videos']) yield* write(`DELETE FROM ${table}`);
  const indexed = integerRows(engine, videos);
  yield* write(`INSERT INTO transcript_term_videos (video_rowid) ${indexed.sql}`, [indexed.param]);
  yield* countCatchUp(engine);
}

/** Which pass collects a term (a stable hash of it). */
function termPass(term: string, passes: number): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < term.length; i++) hash = Math.imul(hash ^ term.charCodeAt(i), 0x01000193) >>> 0;
  return hash % passes;
}
