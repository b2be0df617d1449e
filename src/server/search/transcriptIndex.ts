import type Database from 'better-sqlite3';
import { ftsPhrase } from '../repositories/videos/videoScope';
import { addLineTerms, addToPosting, encodePosting, lineSays, lineSaysRun, markPostings, termKind } from './transcriptTerms';

/** Past this many videos waiting to be indexed, the whole index is rebuilt instead of adding them one by one. */
const REBUILD_PENDING = 400;
/** Terms a build pass collects at the most (about 100 bytes of memory each with their postings), so memory stays flat at any scale. */
const LINES_PER_PASS = 600_000;

const TABLES = { word: 'transcript_words', pair: 'transcript_pairs' } as const;

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
    this.version = db.prepare('SELECT total_changes()').pluck();
    this.linesMatching = db.prepare(
      'SELECT DISTINCT v.rowid FROM transcript_fts f JOIN transcript_lines tl ON tl.id = f.rowid JOIN videos v ON v.id = tl.video_id WHERE transcript_fts MATCH ?',
    ).pluck();
    this.linesOf = db.prepare('SELECT tl.content FROM videos v JOIN transcript_lines tl ON tl.video_id = v.id WHERE v.rowid = ?').pluck();
    this.stale = db.prepare('SELECT video_rowid FROM transcript_term_stale').pluck();
    this.pendingCount = db.prepare('SELECT COUNT(*) FROM transcript_term_pending').pluck();
    this.indexedVideos = db.prepare('SELECT video_rowid FROM transcript_term_videos').pluck();
    this.hasLines = db.prepare('SELECT 1 FROM videos v JOIN transcript_lines tl ON tl.video_id = v.id WHERE v.rowid = ? LIMIT 1').pluck();
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
   * meaning as `transcript_fts MATCH`, trigram with folded case and diacritics). `size` covers every rowid.
   */
  matcher(phrase: string, size: number): (ordinal: number) => boolean {
    const flags = new Uint8Array(size);
    const plan = this.plan(phrase);
    if (!plan) {
      for (const rowid of this.linesMatching.all(ftsPhrase(phrase)) as number[]) if (rowid < size) flags[rowid] = 1;
      return (ordinal) => flags[ordinal] === 1;
    }
    plan.mark(flags);
    // Candidates of a run, and stale videos (their postings may name terms they no longer say), are checked on their lines.
    const check = (rowid: number) => {
      if (flags[rowid] === 1 && !(this.linesOf.all(rowid) as string[]).some(plan.says)) flags[rowid] = 0;
    };
    if (plan.candidatesOnly) for (let rowid = 0; rowid < size; rowid++) check(rowid);
    else for (const rowid of this.stale.all() as number[]) if (rowid < size) check(rowid);
    return (ordinal) => flags[ordinal] === 1;
  }

  /**
   * A test of one line's text for `phrase` (3 characters or more), exact by the same terms as `matcher`. Null for a
   * phrase only the line index can answer (odd spacing).
   */
  lineTest(phrase: string): ((content: string) => boolean) | null {
    return this.plan(phrase)?.says ?? null;
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
    const found = (table: 'word' | 'pair', text: string) => {
      const rows = this.termsMatching[table].all(ftsPhrase(text)) as [string, Buffer][];
      return { terms: new Set(rows.map(([term]) => term)), postings: rows.map(([, videos]) => videos) };
    };
    let plan: Plan;
    if (kind === 'word' || kind === 'pair') {
      const { terms, postings } = found(kind, phrase);
      plan = { says: sayingAny(terms, kind), mark: (flags) => markPostings(postings, flags), candidatesOnly: false };
    } else {
      const runs = phrase.split(' ');
      const pairs = runs.slice(1).map((run, j) => found('pair', `${runs[j] ?? ''} ${run}`));
      const middles = runs.slice(1, -1).map((run) => [...run].length);
      plan = {
        says: sayingRun(pairs.map((pair) => pair.terms), middles),
        mark: (flags) => {
          // A video saying every pair somewhere: each pair's union, intersected.
          const scratch = new Uint8Array(flags.length);
          pairs.forEach((pair, j) => {
            scratch.fill(0);
            markPostings(pair.postings, scratch);
            for (let rowid = 0; rowid < flags.length; rowid++) flags[rowid] = j === 0 ? (scratch[rowid] ?? 0) : (flags[rowid] ?? 0) & (scratch[rowid] ?? 0);
          });
        },
        candidatesOnly: true,
      };
    }
    this.lastPlan = { key, plan };
    return plan;
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
  mark: (flags: Uint8Array) => void;
  /** The marked videos are candidates to check on their lines (a run of three words or more). */
  candidatesOnly: boolean;
}

/** A line test for a set of words or pairs; a few terms are looked for as text first, which most lines do not contain. */
function sayingAny(terms: ReadonlySet<string>, kind: 'word' | 'pair'): (content: string) => boolean {
  const few = terms.size <= 16 ? [...terms] : null;
  return (content) => (few === null || few.some((term) => content.includes(term))) && lineSays(content, kind, terms);
}

/** A line test for a run of three words or more; most candidate lines say none of its first pairs, found as text. */
function sayingRun(pairs: readonly ReadonlySet<string>[], middles: readonly number[]): (content: string) => boolean {
  const first = pairs[0] && pairs[0].size <= 16 ? [...pairs[0]] : null;
  return (content) => (first === null || first.some((term) => content.includes(term))) && lineSaysRun(content, pairs, middles);
}

/** Adds each waiting video's terms to the postings; a video indexed before becomes stale (see TranscriptIndex). */
export function addPendingTranscripts(db: Database.Database): void {
  const pending = db.prepare('SELECT video_rowid FROM transcript_term_pending').pluck().all() as number[];
  const lines = db.prepare('SELECT tl.content FROM videos v JOIN transcript_lines tl ON tl.video_id = v.id WHERE v.rowid = ?').pluck();
  const indexedBefore = db.prepare('SELECT 1 FROM transcript_term_videos WHERE video_rowid = ?').pluck();
  const statements = {
    word: termStatements(db, TABLES.word),
    pair: termStatements(db, TABLES.pair),
  };
  db.transaction(() => {
    for (const rowid of pending) {
      const words = new Set<string>();
      const pairs = new Set<string>();
      for (const content of lines.all(rowid) as string[]) addLineTerms(content, words, pairs);
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
  db.transaction(() => {
    for (const table of Object.values(TABLES)) {
      db.exec(`DELETE FROM ${table}; INSERT INTO ${table}_fts (${table}_fts) VALUES ('delete-all');`);
    }
    const insert = { word: db.prepare(`INSERT INTO ${TABLES.word} (term, videos) VALUES (?, ?)`), pair: db.prepare(`INSERT INTO ${TABLES.pair} (term, videos) VALUES (?, ?)`) };
    for (let pass = 0; pass < passes; pass++) {
      const postings = { word: new Map<string, number[]>(), pair: new Map<string, number[]>() };
      for (const rowid of videos) {
        const words = new Set<string>();
        const pairs = new Set<string>();
        for (const content of lines.all(rowid) as string[]) addLineTerms(content, words, pairs);
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
      for (const kind of ['word', 'pair'] as const) for (const [term, rowids] of postings[kind]) insert[kind].run(term, encodePosting(rowids));
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
