import type Database from 'better-sqlite3';
import { ftsPhrase } from '../repositories/videos/videoScope';
import { addLineTerms, addToPosting, encodePosting, lineSays, lineSaysRun, markPostings, termKind } from './transcriptTerms';
import { markRunPositions, mergePositions, PositionsWriter, warmRunWalk } from './pairPositions';

/** Past this many videos waiting to be indexed, the whole index is rebuilt instead of adding them one by one. */
const REBUILD_PENDING = 400;
/** Terms a build pass collects at the most (about 100 bytes of memory each with their postings), so memory stays flat at any scale. */
const LINES_PER_PASS = 600_000;

const TABLES = { word: 'transcript_words', pair: 'transcript_pairs' } as const;
/** The pairs' positional postings (pairPositions.ts), one row per `transcript_pairs` row, by the same id. */
const POSITIONS = 'transcript_pair_positions';

/**
 * Which videos have a transcript line containing a phrase (issue 11), answered from the term postings of
 * `transcriptTerms.ts`: SQLite's trigram index finds the terms containing the phrase, their postings (on disk, read per
 * query) name the videos. The cost follows the number of matching terms, not lines, and nothing of the index lives in
 * memory between queries. Transcripts written later wait in `transcript_term_pending` (triggers) and are added before
 * the next answer; a video whose terms were indexed before and changed is "stale": its postings may name terms it no
 * longer says, so a stale hit is checked against its lines.
 */
export class TranscriptIndex {
  private readonly termsMatching: Record<'word' | 'pair', Database.Statement>;
  private readonly pairsMatching: Database.Statement;
  private readonly pairPositions: Database.Statement;
  private readonly linesMatching: Database.Statement;
  private readonly linesOf: Database.Statement;
  private readonly stale: Database.Statement;
  private readonly pendingCount: Database.Statement;
  private readonly version: Database.Statement;
  private lastPlan: { key: string; plan: Plan } | null = null;
  private readonly indexedVideos: Database.Statement;
  private readonly hasLines: Database.Statement;
  private lastTranscribed: { key: string; flags: Uint8Array } | null = null;

  constructor(private readonly db: Database.Database) {
    const matching = (table: string) => db.prepare(`SELECT t.term, t.videos FROM ${table}_fts f JOIN ${table} t ON t.id = f.rowid WHERE ${table}_fts MATCH ?`).raw();
    this.termsMatching = { word: matching('transcript_words'), pair: matching('transcript_pairs') };
    this.pairsMatching = db.prepare('SELECT t.id, t.term FROM transcript_pairs_fts f JOIN transcript_pairs t ON t.id = f.rowid WHERE transcript_pairs_fts MATCH ?').raw();
    this.pairPositions = db.prepare(`SELECT positions FROM ${POSITIONS} WHERE id = ?`).pluck();
    this.version = db.prepare('SELECT total_changes()').pluck();
    this.linesMatching = db.prepare(
      'SELECT DISTINCT v.rowid FROM transcript_fts f JOIN transcript_lines tl ON tl.id = f.rowid JOIN videos v ON v.id = tl.video_id WHERE transcript_fts MATCH ?',
    ).pluck();
    this.linesOf = db.prepare('SELECT tl.content FROM videos v JOIN transcript_lines tl ON tl.video_id = v.id WHERE v.rowid = ?').pluck();
    this.stale = db.prepare('SELECT video_rowid FROM transcript_term_stale').pluck();
    this.pendingCount = db.prepare('SELECT COUNT(*) FROM transcript_term_pending').pluck();
    this.indexedVideos = db.prepare('SELECT video_rowid FROM transcript_term_videos').pluck();
    this.hasLines = db.prepare('SELECT 1 FROM videos v JOIN transcript_lines tl ON tl.video_id = v.id WHERE v.rowid = ? LIMIT 1').pluck();
    warmRunWalk();
  }

  /**
   * Which videos (by rowid, below `size`) have a transcript, from the videos the term index holds (stale ones checked
   * on their lines): one read of a rowid list instead of a lookup per video, kept until the next write.
   */
  transcribed(size: number): Uint8Array {
    this.catchUp();
    const key = `${this.version.get() as number}|${size}`;
    if (this.lastTranscribed?.key === key) return this.lastTranscribed.flags;
    const flags = new Uint8Array(size);
    for (const rowid of this.indexedVideos.iterate() as IterableIterator<number>) if (rowid < size) flags[rowid] = 1;
    for (const rowid of this.stale.all() as number[]) if (rowid < size) flags[rowid] = this.hasLines.get(rowid) === undefined ? 0 : 1;
    this.lastTranscribed = { key, flags };
    return flags;
  }

  /**
   * A test of whether a video (by rowid) has a transcript line containing `phrase` (at least 3 characters; the same
   * meaning as `transcript_fts MATCH`, trigram with folded case and diacritics). `size` covers every rowid; given
   * `within` (a flag per rowid), the test answers only for the videos it flags (a run's slots are read for those alone).
   */
  matcher(phrase: string, size: number, within?: Uint8Array): (ordinal: number) => boolean {
    const flags = this.saying(phrase, size, within);
    return (ordinal) => flags[ordinal] === 1;
  }

  /**
   * `matcher` as a flag per rowid (1: says it), for a caller testing many videos in a loop of its own; written into
   * `into` (zeroed first) when it is given and long enough, so a caller searching often reuses one buffer.
   */
  saying(phrase: string, size: number, within?: Uint8Array, into?: Uint8Array): Uint8Array {
    const flags = into && into.length >= size ? into.subarray(0, size).fill(0) : new Uint8Array(size);
    const plan = this.plan(phrase);
    if (!plan) {
      for (const rowid of this.linesMatching.all(ftsPhrase(phrase)) as number[]) if (rowid < size) flags[rowid] = 1;
      return flags;
    }
    plan.mark(flags, within);
    // Stale videos (their postings may name terms, or slots, they no longer say) are checked on their lines.
    for (const rowid of this.stale.all() as number[]) {
      if (rowid < size && flags[rowid] === 1 && !(this.linesOf.all(rowid) as string[]).some(plan.says)) flags[rowid] = 0;
    }
    return flags;
  }

  /**
   * A test of one line's text for `phrase` (3 characters or more), exact by the same terms as `matcher`. Null for a
   * phrase only the line index can answer (odd spacing).
   */
  lineTest(phrase: string): ((content: string) => boolean) | null {
    return this.plan(phrase)?.says ?? null;
  }

  /**
   * Texts one of which every line `lineTest(phrase)` accepts contains (the few terms the phrase can be said as), so a
   * video's lines can be narrowed in SQL before they are read; null when there are too many or the phrase has no plan.
   */
  lineHints(phrase: string): readonly string[] | null {
    return this.plan(phrase)?.hints ?? null;
  }

  /**
   * How a phrase is answered from the terms, kept for the last phrase until the next write (a page tests the lines of
   * many videos with one reading of the terms).
   */
  private plan(phrase: string): Plan | null {
    const kind = termKind(phrase);
    if (kind === 'line') return null;
    this.catchUp();
    const key = `${this.version.get() as number}|${phrase}`;
    if (this.lastPlan?.key === key) return this.lastPlan.plan;
    let plan: Plan;
    if (kind === 'word' || kind === 'pair') {
      const rows = this.termsMatching[kind].all(ftsPhrase(phrase)) as [string, Buffer][];
      const postings = rows.map(([, videos]) => videos);
      const terms = new Set(rows.map(([term]) => term));
      const hints = fewOf(terms);
      plan = { says: sayingAny(terms, kind, hints), hints, mark: (flags) => markPostings(postings, flags) };
    } else {
      const runs = phrase.split(' ');
      const middles = runs.slice(1, -1).map((run) => [...run].length);
      plan = this.runFromPositions(runs, middles);
    }
    this.lastPlan = { key, plan };
    return plan;
  }

  /**
   * A run of three words or more from the pairs' positional postings: exact, no line read. Pair j's terms keep only
   * those whose inner words have their run's length. A pair without positions is said by no video but stale ones
   * (every video's pairs get positions when it is indexed, and migration 024 indexed every video again).
   */
  private runFromPositions(runs: readonly string[], middles: readonly number[]): Plan {
    const last = runs.length - 2;
    const pairs: { terms: Set<string>; postings: Buffer[] }[] = [];
    for (let j = 0; j <= last; j++) {
      const rows = this.pairsMatching.all(ftsPhrase(`${runs[j] ?? ''} ${runs[j + 1] ?? ''}`)) as [number, string][];
      // Terms first, positions only for those that fit: a short inner word ("is a") is inside hundreds of pairs
      // ("this amazing", "is actually" ...) whose positional postings are large and would be read for nothing.
      const fitting = rows.filter(([, term]) => {
        const space = term.indexOf(' ');
        return (j === 0 || [...term.slice(0, space)].length === middles[j - 1]) && (j === last || [...term.slice(space + 1)].length === middles[j]);
      });
      const postings = fitting.map(([id]) => (this.pairPositions.get(id) as Buffer | undefined) ?? Buffer.alloc(0));
      pairs.push({ terms: new Set(fitting.map(([, term]) => term)), postings });
    }
    const terms = pairs.map((pair) => pair.terms);
    const hints = terms[0] ? fewOf(terms[0]) : null;
    return {
      says: sayingRun(terms, middles, hints),
      hints,
      mark: (flags, within) => markRunPositions(pairs.map((pair) => pair.postings), flags, within),
    };
  }

  /** TEMPORARY until the SqlClient move of this index lands: plans are read on demand. */
  async prepare(_phrases: readonly string[]): Promise<void> {
    await Promise.resolve();
  }

  /** Adds the transcripts written since the last answer (or rebuilds, when many are waiting). */
  catchUp(): void {
    const pending = this.pendingCount.get() as number;
    if (pending === 0) return;
    if (pending > REBUILD_PENDING) rebuildTranscriptTerms(this.db);
    else addPendingTranscripts(this.db);
  }
}

/** How a phrase is answered from the terms: postings to mark, and a test of a line's text. */
interface Plan {
  says: (content: string) => boolean;
  /** Texts one of which every line `says` accepts contains (null: too many to be worth looking for). */
  hints: readonly string[] | null;
  /** Marks the videos saying the phrase (a run: only those `within` flags, when given). */
  mark: (flags: Uint8Array, within?: Uint8Array) => void;
}

/** Past this many terms, looking for each as text costs more than it saves. */
export const MAX_LINE_HINTS = 16;

function fewOf(terms: ReadonlySet<string>): readonly string[] | null {
  return terms.size <= MAX_LINE_HINTS ? [...terms] : null;
}

/** A line test for a set of words or pairs; a few terms are looked for as text first, which most lines do not contain. */
function sayingAny(terms: ReadonlySet<string>, kind: 'word' | 'pair', few: readonly string[] | null): (content: string) => boolean {
  return (content) => (few === null || few.some((term) => content.includes(term))) && lineSays(content, kind, terms);
}

/** A line test for a run of three words or more; most candidate lines say none of its first pairs, found as text. */
function sayingRun(pairs: readonly ReadonlySet<string>[], middles: readonly number[], first: readonly string[] | null): (content: string) => boolean {
  return (content) => (first === null || first.some((term) => content.includes(term))) && lineSaysRun(content, pairs, middles);
}

/** One video's terms, and the slots (see pairPositions.ts) of its pairs that `slotted` keeps, when given. */
function videoTerms(lines: Database.Statement, rowid: number, slotted?: (pair: string) => boolean) {
  const words = new Set<string>();
  const pairs = new Set<string>();
  const positions = slotted ? new Map<string, number[]>() : undefined;
  let base = 0;
  // Any line order will do: a line's slots follow on from the last, and no run of pairs crosses between lines.
  for (const content of lines.all(rowid) as string[]) base += addLineTerms(content, words, pairs, positions, base, slotted);
  return { words, pairs, positions };
}

/** Whether the workspace has the pairs' positional postings (a workspace migrated part of the way, in tests, has not). */
function hasPositions(db: Database.Database): boolean {
  return db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?").pluck().get(POSITIONS) !== undefined;
}

/** Adds each waiting video's terms to the postings; a video indexed before becomes stale (see TranscriptIndex). */
export function addPendingTranscripts(db: Database.Database): void {
  const pending = db.prepare('SELECT video_rowid FROM transcript_term_pending').pluck().all() as number[];
  const lines = db.prepare('SELECT tl.content FROM videos v JOIN transcript_lines tl ON tl.video_id = v.id WHERE v.rowid = ?').pluck();
  const indexedBefore = db.prepare('SELECT 1 FROM transcript_term_videos WHERE video_rowid = ?').pluck();
  const positioned = hasPositions(db);
  const statements = {
    word: termStatements(db, TABLES.word),
    pair: termStatements(db, TABLES.pair),
  };
  /** Per pair, the slots of each waiting video saying it: each posting is rewritten once, whatever the videos. */
  const slotsByPair = new Map<string, Map<number, number[]>>();
  db.transaction(() => {
    for (const rowid of pending) {
      const { words, pairs, positions } = videoTerms(lines, rowid, positioned ? () => true : undefined);
      for (const [pair, slots] of positions ?? []) {
        const videos = slotsByPair.get(pair);
        if (videos) videos.set(rowid, slots);
        else slotsByPair.set(pair, new Map([[rowid, slots]]));
      }
      if (indexedBefore.get(rowid) !== undefined) db.prepare('INSERT OR IGNORE INTO transcript_term_stale (video_rowid) VALUES (?)').run(rowid);
      else db.prepare('INSERT INTO transcript_term_videos (video_rowid) VALUES (?)').run(rowid);
      for (const [kind, terms] of [['word', words], ['pair', pairs]] as const) {
        const s = statements[kind];
        for (const term of terms) {
          const found = s.find.get(term) as { id: number; videos: Buffer } | undefined;
          if (found) s.update.run(addToPosting(found.videos, rowid), found.id);
          else {
            const id = Number(s.insert.run(term, encodePosting([rowid])).lastInsertRowid);
            s.index.run(id, term);
          }
        }
      }
    }
    if (slotsByPair.size > 0) {
      const idOf = db.prepare(`SELECT id FROM ${TABLES.pair} WHERE term = ?`).pluck();
      const read = db.prepare(`SELECT positions FROM ${POSITIONS} WHERE id = ?`).pluck();
      const write = db.prepare(`INSERT OR REPLACE INTO ${POSITIONS} (id, positions) VALUES (?, ?)`);
      for (const [pair, videos] of slotsByPair) {
        const id = idOf.get(pair) as number;
        write.run(id, mergePositions((read.get(id) as Buffer | undefined) ?? null, videos));
      }
    }
    db.prepare('DELETE FROM transcript_term_pending').run();
  })();
}

function termStatements(db: Database.Database, table: string) {
  return {
    find: db.prepare(`SELECT id, videos FROM ${table} WHERE term = ?`),
    update: db.prepare(`UPDATE ${table} SET videos = ? WHERE id = ?`),
    insert: db.prepare(`INSERT INTO ${table} (term, videos) VALUES (?, ?)`),
    index: db.prepare(`INSERT INTO ${table}_fts (rowid, term) VALUES (?, ?)`),
  };
}

/**
 * Builds every posting from the transcripts (end of seeding, a migrated workspace, many waiting videos). Terms are
 * collected in passes over a share of the term space each, so memory stays bounded at any workspace size.
 */
export function rebuildTranscriptTerms(db: Database.Database): void {
  const videos = db.prepare('SELECT v.rowid FROM videos v WHERE EXISTS (SELECT 1 FROM transcript_lines tl WHERE tl.video_id = v.id) ORDER BY v.rowid').pluck().all() as number[];
  const lineCount = db.prepare('SELECT COUNT(*) FROM transcript_lines').pluck().get() as number;
  const lines = db.prepare('SELECT tl.content FROM videos v JOIN transcript_lines tl ON tl.video_id = v.id WHERE v.rowid = ?').pluck();
  const passes = Math.max(1, Math.ceil(lineCount / LINES_PER_PASS));
  const positioned = hasPositions(db);
  db.transaction(() => {
    for (const table of Object.values(TABLES)) {
      db.exec(`DELETE FROM ${table}; INSERT INTO ${table}_fts (${table}_fts) VALUES ('delete-all');`);
    }
    if (positioned) db.exec(`DELETE FROM ${POSITIONS}`);
    const insert = { word: db.prepare(`INSERT INTO ${TABLES.word} (term, videos) VALUES (?, ?)`), pair: db.prepare(`INSERT INTO ${TABLES.pair} (term, videos) VALUES (?, ?)`) };
    const insertPositions = positioned ? db.prepare(`INSERT INTO ${POSITIONS} (id, positions) VALUES (?, ?)`) : null;
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
      for (const rowid of videos) {
        const { words, pairs, positions } = videoTerms(lines, rowid, positioned ? inPass : undefined);
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
      }
      for (const [term, rowids] of postings.word) insert.word.run(term, encodePosting(rowids));
      for (const [term, rowids] of postings.pair) {
        const id = insert.pair.run(term, encodePosting(rowids)).lastInsertRowid;
        insertPositions?.run(id, slotWriters.get(term)?.toBuffer() ?? Buffer.alloc(0));
      }
    }
    for (const table of Object.values(TABLES)) db.exec(`INSERT INTO ${table}_fts (${table}_fts) VALUES ('rebuild')`);
    db.exec('DELETE FROM transcript_term_pending; DELETE FROM transcript_term_stale; DELETE FROM transcript_term_videos;');
    const indexed = db.prepare('INSERT INTO transcript_term_videos (video_rowid) VALUES (?)');
    for (const rowid of videos) indexed.run(rowid);
  })();
}

/** Which pass collects a term (a stable hash of it). */
function termPass(term: string, passes: number): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < term.length; i++) hash = Math.imul(hash ^ term.charCodeAt(i), 0x01000193) >>> 0;
  return hash % passes;
}
