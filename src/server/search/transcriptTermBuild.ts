import type Database from 'better-sqlite3';
import type { SqlClient, SqlEngineName } from '../db/sqlClient';
import { addLineTerms, addToPosting, encodePosting } from './transcriptTerms';
import { mergePositions, PositionsWriter } from './pairPositions';
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

export const TERM_TABLES = { word: 'transcript_words', pair: 'transcript_pairs' } as const;
/** The pairs' positional postings (pairPositions.ts), one row per `transcript_pairs` row, by the same id. */
export const POSITIONS = 'transcript_pair_positions';

/**
 * Adds the transcripts written since the last catch-up (or rebuilds, when many are waiting), in one transaction.
 * On PostgreSQL several back ends share the database: an advisory lock lets one index while the others wait, and the
 * pending table is locked against writers meanwhile, so a transcript written during the catch-up stays pending
 * instead of being cleared unread. Answers whether this call changed the index.
 */
export async function catchUpTranscriptTerms(sql: SqlClient): Promise<boolean> {
  const waiting = await sql.get<{ pending: number }>('SELECT COUNT(*) AS pending FROM transcript_term_pending');
  if (!waiting || waiting.pending === 0) return false;
  return sql.transaction(async (tx) => {
    if (tx.engine === 'postgres') {
      await tx.get(`SELECT pg_advisory_xact_lock(${INDEXING_LOCK_KEY}) AS locked`);
      await tx.run('LOCK TABLE transcript_term_pending IN EXCLUSIVE MODE');
    }
    // Another back end (or process) may have caught up while this one waited.
    const pending = (await tx.get<{ pending: number }>('SELECT COUNT(*) AS pending FROM transcript_term_pending'))?.pending ?? 0;
    if (pending === 0) return false;
    await runSteps(tx, pending > REBUILD_PENDING ? rebuildSteps(tx.engine) : addPendingSteps(tx.engine));
    return true;
  });
}

/** Builds every posting from the transcripts, synchronously on the embedded engine (the seed's last step). */
export function rebuildTranscriptTerms(db: Database.Database): void {
  db.transaction(() => runStepsSync(db, rebuildSteps('sqlite')))();
}

/** Adds each waiting video's terms, synchronously on the embedded engine (tests and the bench build this way). */
export function addPendingTranscripts(db: Database.Database): void {
  db.transaction(() => runStepsSync(db, addPendingSteps('sqlite')))();
}

/** One video's terms, and the slots (see pairPositions.ts) of its pairs that `slotted` keeps, when given. */
function videoTerms(lines: readonly string[], slotted?: (pair: string) => boolean) {
  const words = new Set<string>();
  const pairs = new Set<string>();
  const positions = slotted ? new Map<string, number[]>() : undefined;
  let base = 0;
  // Any line order will do: a line's slots follow on from the last, and no run of pairs crosses between lines.
  for (const content of lines) base += addLineTerms(content, words, pairs, positions, base, slotted);
  return { words, pairs, positions };
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

/** Whether the workspace has the pairs' positional postings (a SQLite workspace migrated part of the way, in tests, has not). */
function* hasPositions(engine: SqlEngineName): Steps<boolean> {
  if (engine === 'postgres') return true;
  return (yield* oneRow("SELECT 1 AS found FROM sqlite_master WHERE type = 'table' AND name = ?", [POSITIONS])) !== undefined;
}

/** Inserts a new term with its posting; on PostgreSQL with its folded text, which the search matches (see trigramFold). */
function* insertTerm(engine: SqlEngineName, table: string, term: string, posting: Buffer): Steps<number> {
  const row = engine === 'postgres'
    ? yield* oneRow<{ id: number }>(`INSERT INTO ${table} (term, videos, folded) VALUES (?, ?, ?) RETURNING id`, [term, posting, trigramFold(term)])
    : yield* oneRow<{ id: number }>(`INSERT INTO ${table} (term, videos) VALUES (?, ?) RETURNING id`, [term, posting]);
  return row?.id ?? 0;
}

/** Adds each waiting video's terms to the postings; a video indexed before becomes stale (see TranscriptIndex). */
function* addPendingSteps(engine: SqlEngineName): Steps<void> {
  const pending = (yield* allRows<{ rowid: number }>('SELECT video_rowid AS rowid FROM transcript_term_pending ORDER BY video_rowid')).map((row) => row.rowid);
  const positioned = yield* hasPositions(engine);
  const terms = new Map<number, { words: Set<string>; pairs: Set<string>; positions?: Map<string, number[]> }>();
  yield* eachVideoLines(engine, pending, (rowid, lines) => terms.set(rowid, videoTerms(lines, positioned ? () => true : undefined)));
  /** Per pair, the slots of each waiting video saying it: each posting is rewritten once, whatever the videos. */
  const slotsByPair = new Map<string, Map<number, number[]>>();
  for (const rowid of pending) {
    const { words, pairs, positions } = terms.get(rowid) ?? videoTerms([]);
    for (const [pair, slots] of positions ?? []) {
      const videos = slotsByPair.get(pair);
      if (videos) videos.set(rowid, slots);
      else slotsByPair.set(pair, new Map([[rowid, slots]]));
    }
    const indexedBefore = (yield* oneRow('SELECT 1 AS found FROM transcript_term_videos WHERE video_rowid = ?', [rowid])) !== undefined;
    if (indexedBefore) yield* write('INSERT INTO transcript_term_stale (video_rowid) VALUES (?) ON CONFLICT DO NOTHING', [rowid]);
    else yield* write('INSERT INTO transcript_term_videos (video_rowid) VALUES (?)', [rowid]);
    for (const [kind, said] of [['word', words], ['pair', pairs]] as const) {
      const table = TERM_TABLES[kind];
      for (const term of said) {
        const found = yield* oneRow<{ id: number; videos: Buffer }>(`SELECT id, videos FROM ${table} WHERE term = ?`, [term]);
        if (found) yield* write(`UPDATE ${table} SET videos = ? WHERE id = ?`, [addToPosting(found.videos, rowid), found.id]);
        else {
          const id = yield* insertTerm(engine, table, term, encodePosting([rowid]));
          if (engine === 'sqlite') yield* write(`INSERT INTO ${table}_fts (rowid, term) VALUES (?, ?)`, [id, term]);
        }
      }
    }
  }
  for (const [pair, videos] of slotsByPair) {
    const id = (yield* oneRow<{ id: number }>(`SELECT id FROM ${TERM_TABLES.pair} WHERE term = ?`, [pair]))?.id ?? 0;
    const before = (yield* oneRow<{ positions: Buffer }>(`SELECT positions FROM ${POSITIONS} WHERE id = ?`, [id]))?.positions ?? null;
    yield* write(`INSERT INTO ${POSITIONS} (id, positions) VALUES (?, ?) ON CONFLICT (id) DO UPDATE SET positions = excluded.positions`, [id, mergePositions(before, videos)]);
  }
  const done = inIntegers(engine, 'video_rowid', pending);
  yield* write(`DELETE FROM transcript_term_pending WHERE ${done.sql}`, [done.param]);
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
  const positioned = yield* hasPositions(engine);
  for (const table of Object.values(TERM_TABLES)) {
    yield* write(`DELETE FROM ${table}`);
    if (engine === 'sqlite') yield* write(`INSERT INTO ${table}_fts (${table}_fts) VALUES ('delete-all')`);
  }
  if (positioned) yield* write(`DELETE FROM ${POSITIONS}`);
  const passOf = new Map<string, number>();
  for (let pass = 0; pass < passes; pass++) {
    const postings = { word: new Map<string, number[]>(), pair: new Map<string, number[]>() };
    const slotWriters = new Map<string, PositionsWriter>();
    // Slots are collected for this pass's pairs only (each pair's pass looked up once per build, not per line).
    const inPass = (pair: string): boolean => {
      let at = passOf.get(pair);
      if (at === undefined) passOf.set(pair, (at = termPass(pair, passes)));
      return at === pass;
    };
    yield* eachVideoLines(engine, videos, (rowid, lines) => {
      const { words, pairs, positions } = videoTerms(lines, positioned ? inPass : undefined);
      for (const [pair, slots] of positions ?? []) {
        let writer = slotWriters.get(pair);
        if (!writer) slotWriters.set(pair, (writer = new PositionsWriter()));
        writer.add(rowid, slots);
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
    for (const [term, rowids] of postings.word) yield* insertTerm(engine, TERM_TABLES.word, term, encodePosting(rowids));
    for (const [term, rowids] of postings.pair) {
      const id = yield* insertTerm(engine, TERM_TABLES.pair, term, encodePosting(rowids));
      if (positioned) yield* write(`INSERT INTO ${POSITIONS} (id, positions) VALUES (?, ?)`, [id, slotWriters.get(term)?.toBuffer() ?? Buffer.alloc(0)]);
    }
  }
  if (engine === 'sqlite') for (const table of Object.values(TERM_TABLES)) yield* write(`INSERT INTO ${table}_fts (${table}_fts) VALUES ('rebuild')`);
  for (const table of ['transcript_term_pending', 'transcript_term_stale', 'transcript_term_videos']) yield* write(`DELETE FROM ${table}`);
  for (const rowid of videos) yield* write('INSERT INTO transcript_term_videos (video_rowid) VALUES (?)', [rowid]);
}

/** Which pass collects a term (a stable hash of it). */
function termPass(term: string, passes: number): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < term.length; i++) hash = Math.imul(hash ^ term.charCodeAt(i), 0x01000193) >>> 0;
  return hash % passes;
}
