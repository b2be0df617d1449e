import type { SqlClient } from '../db/sqlClient';
import { ftsPhrase } from '../repositories/videos/videoScope';
import { lineSays, lineSaysTriples, markPostings, postingRowids, termKind } from './transcriptTerms';
import { markRunPositions, warmRunWalk } from './runPositions';
import { inIntegers } from './storeSteps';
import { catchUpTranscriptTerms, POSITIONS, TERM_TABLES, type TermKind } from './transcriptTermBuild';
import { spellingIn, trigramFold } from './trigramFold';
import { probeTerms, type TermProbe } from './indexProbe';

export { addPendingTranscripts, rebuildTranscriptTerms } from './transcriptTermBuild';

/** Phrases whose plans are kept between searches (a page's searches, the assistant's forms of a question). */
const PLANS_KEPT = 64;
/** Below this many characters (folded) the trigram index finds nothing (SQLite answers no row; PostgreSQL follows). */
const MIN_FOLDED_CHARS = 3;

/**
 * Which videos have a transcript line containing a phrase (issue 11), answered from the term postings of
 * `transcriptTerms.ts`: a trigram index finds the terms containing the phrase (SQLite's FTS5; on PostgreSQL pg_trgm over
 * the terms folded as FTS5 folds them, see trigramFold.ts), their postings name the videos. The cost follows the number
 * of matching terms, not lines. Transcripts written later wait in `transcript_term_pending` (triggers) and are added
 * by `ready`; a video whose terms were indexed before and changed is "stale": its postings may name terms it no
 * longer says, so a stale hit is checked against its lines.
 *
 * The store is asynchronous and the list's loops are not: `ready(phrases)` catches up, notices writes made by any
 * connection or process (the change log's last seq), and reads into memory what the synchronous methods need for
 * those phrases. A method given a phrase not prepared throws: the caller forgot to prepare it.
 */
export class TranscriptIndex {
  private state: IndexState | null = null;
  /** Plans by phrase, least recently prepared first; each knows the index state it was read in. */
  private readonly plans = new Map<string, { mark: string; prepared: Prepared }>();

  constructor(private readonly sql: SqlClient) {
    warmRunWalk();
  }

  /**
   * Brings the index up to date and reads what the synchronous methods need for `phrases` (kept until a write).
   * `probed`: the index's state as the caller just read it with other checks (indexProbe.ts), saving a round trip.
   */
  async ready(phrases: readonly string[], probed?: TermProbe): Promise<void> {
    // Any write to a transcript (or a video) by any connection or process logs a row and leaves its video pending;
    // whoever catches up (this back end, another one, another process) empties the pending set. The probe's mark tells
    // whether anything the state was read from moved since (see probeTerms); the indexed videos (a long list) change
    // only by a catch-up, which every catch-up counts (transcript_term_version).
    let now = probed ?? (await probeTerms(this.sql));
    if (now.pending > 0 || now.unfolded) {
      // (Read again after a catch-up: it changed the mark, whoever did it.)
      await catchUpTranscriptTerms(this.sql);
      now = await probeTerms(this.sql);
    }
    if (this.state?.mark !== now.mark) this.state = await this.readState(now.mark, now.indexedMark);
    const state = this.state;
    const asked = new Set(phrases);
    for (const phrase of asked) {
      const kept = this.plans.get(phrase);
      // Read before the old plan is dropped: a request that prepared it earlier may still be using it meanwhile.
      const plan = kept?.mark === state.mark ? kept : { mark: state.mark, prepared: await this.readPlan(phrase) };
      this.plans.delete(phrase);
      this.plans.set(phrase, plan);
    }
    // Evicted least recently prepared first, never one just asked for (however many a caller asks for at once).
    for (const phrase of this.plans.keys()) {
      if (this.plans.size <= PLANS_KEPT) break;
      if (!asked.has(phrase)) this.plans.delete(phrase);
    }
  }

  /** Which videos (by rowid, below `size`) have a transcript, from the videos the term index holds (stale ones checked on their lines). */
  transcribed(size: number): Uint8Array {
    const state = this.prepared();
    const cached = state.transcribed;
    if (cached?.length === size) return cached;
    const flags = new Uint8Array(size);
    for (const rowid of state.indexed) if (rowid < size) flags[rowid] = 1;
    for (const [rowid, lines] of state.stale) if (rowid < size) flags[rowid] = lines.length > 0 ? 1 : 0;
    state.transcribed = flags;
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
    const prepared = this.planOf(phrase);
    if (prepared.kind === 'line') {
      for (const rowid of prepared.rowids) if (rowid < size) flags[rowid] = 1;
      return flags;
    }
    const plan = prepared.plan;
    plan.mark(flags, within);
    // Stale videos (their postings may name terms, or slots, they no longer say) are checked on their lines.
    for (const [rowid, lines] of this.prepared().stale) {
      if (rowid < size && flags[rowid] === 1 && !lines.some(plan.says)) flags[rowid] = 0;
    }
    return flags;
  }

  /**
   * A test of one line's text for `phrase` (3 characters or more), exact by the same terms as `matcher`. Null for a
   * phrase only the line index can answer (odd spacing).
   */
  lineTest(phrase: string): ((content: string) => boolean) | null {
    const prepared = this.planOf(phrase);
    return prepared.kind === 'terms' ? prepared.plan.says : null;
  }

  /**
   * Texts one of which every line `lineTest(phrase)` accepts contains (how its terms spell the phrase), so a
   * video's lines can be narrowed in SQL before they are read; null when there are too many or the phrase has no plan.
   */
  lineHints(phrase: string): readonly string[] | null {
    const prepared = this.planOf(phrase);
    return prepared.kind === 'terms' ? prepared.plan.hints : null;
  }

  private prepared(): IndexState {
    if (!this.state) throw new Error('The transcript index was read before ready().');
    return this.state;
  }

  private planOf(phrase: string): Prepared {
    const kept = this.plans.get(phrase);
    if (!kept) throw new Error(`The transcript search "${phrase}" was not prepared (await ready([phrase]) first).`);
    return kept.prepared;
  }

  /** The indexed videos, and the stale ones with their lines (a stale video without lines has lost its transcript). */
  private async readState(mark: string, indexedMark: string): Promise<IndexState> {
    const known = this.state;
    const indexed = known?.indexedMark === indexedMark
      ? known.indexed
      : await this.indexedVideos();
    const stale = new Map<number, string[]>();
    const rows = await this.sql.all<{ rowid: number; content: string | null }>(
      `SELECT s.video_rowid AS rowid, tl.content AS content FROM transcript_term_stale s
       LEFT JOIN videos v ON v.rowid = s.video_rowid LEFT JOIN transcript_lines tl ON tl.video_id = v.id`,
    );
    for (const { rowid, content } of rows) {
      const lines = stale.get(rowid) ?? [];
      if (content !== null) lines.push(content);
      stale.set(rowid, lines);
    }
    return { mark, indexedMark, indexed, stale, transcribed: null };
  }

  /**
   * The rowids of the indexed videos (every video with a transcript), read as one JSON text: a start reads them before
   * its first list, and a row object each took ~100 ms of that at 100k videos.
   */
  private async indexedVideos(): Promise<number[]> {
    const list = this.sql.engine === 'postgres' ? "COALESCE(json_agg(video_rowid), '[]')::text" : "COALESCE(json_group_array(video_rowid), '[]')";
    const row = await this.sql.get<{ rowids: string }>(`SELECT ${list} AS rowids FROM transcript_term_videos`);
    return JSON.parse(row?.rowids ?? '[]') as number[];
  }

  /** How a phrase is answered: from the terms (a word, a pair, a run), or the videos of the matching lines (odd spacing). */
  private async readPlan(phrase: string): Promise<Prepared> {
    const kind = termKind(phrase);
    if (kind === 'line') return { kind: 'line', rowids: await this.videosWithLine(phrase) };
    if (kind === 'word' || kind === 'pair') {
      const rows = await this.termsContaining(kind, phrase, 'videos');
      const terms = new Set(rows.map((row) => row.term));
      const hints = spellingsOf(terms, phrase);
      const postings = rows.map((row) => row.videos);
      return { kind: 'terms', plan: { says: sayingAny(terms, kind, hints), hints, mark: (flags) => markPostings(postings, flags) } };
    }
    return { kind: 'terms', plan: await this.runFromTriples(phrase.split(' ')) };
  }

  /**
   * The terms (words, pairs or triples) containing `phrase` as the trigram index matches it: SQLite's FTS5 MATCH; on PostgreSQL
   * the folded terms containing the folded phrase (pg_trgm narrows the LIKE), which is what MATCH means.
   */
  private async termsContaining(kind: TermKind, phrase: string, read: 'videos'): Promise<{ id: number; term: string; videos: Buffer }[]>;
  private async termsContaining(kind: TermKind, phrase: string, read: 'ids'): Promise<{ id: number; term: string }[]>;
  private async termsContaining(kind: TermKind, phrase: string, read: 'videos' | 'ids'): Promise<{ id: number; term: string; videos?: Buffer }[]> {
    const table = TERM_TABLES[kind];
    const columns = read === 'videos' ? 't.id, t.term, t.videos' : 't.id, t.term';
    if (this.sql.engine === 'sqlite') {
      return this.sql.all(`SELECT ${columns} FROM ${table}_fts f JOIN ${table} t ON t.id = f.rowid WHERE ${table}_fts MATCH ?`, [ftsPhrase(phrase)]);
    }
    const folded = trigramFold(phrase);
    if ([...folded].length < MIN_FOLDED_CHARS) return [];
    const like = `%${folded.replace(/[\\%_]/g, '\\$&')}%`;
    // A triple containing three words has the middle one as its own (the PostgreSQL migration 032's index).
    if (kind === 'triple') return this.sql.all(`SELECT ${columns} FROM ${table} t WHERE split_part(t.folded, ' ', 2) = ? AND t.folded LIKE ? ESCAPE '\\'`, [folded.split(' ')[1] ?? '', like]);
    return this.sql.all(`SELECT ${columns} FROM ${table} t WHERE t.folded LIKE ? ESCAPE '\\'`, [like]);
  }

  /**
   * The videos (rowids, ascending) with a line containing a phrase of odd spacing. SQLite asks its line index. On
   * PostgreSQL each run of the phrase lies inside one word of such a line (folding keeps white space as it is), so the
   * videos saying a word containing every run are read and their lines tested, folded as the index folds them.
   */
  private async videosWithLine(phrase: string): Promise<number[]> {
    if (this.sql.engine === 'sqlite') {
      const rows = await this.sql.all<{ rowid: number }>(
        'SELECT DISTINCT v.rowid AS rowid FROM transcript_fts f JOIN transcript_lines tl ON tl.id = f.rowid JOIN videos v ON v.id = tl.video_id WHERE transcript_fts MATCH ? ORDER BY v.rowid',
        [ftsPhrase(phrase)],
      );
      return rows.map((row) => row.rowid);
    }
    const folded = trigramFold(phrase);
    if ([...folded].length < MIN_FOLDED_CHARS) return [];
    let candidates: Set<number> | null = null;
    for (const run of phrase.split(/\s+/u).filter((part) => part !== '')) {
      const saying = new Set<number>();
      const foldedRun = trigramFold(run).replace(/[\\%_]/g, '\\$&');
      const rows = await this.sql.all<{ videos: Buffer }>(`SELECT videos FROM ${TERM_TABLES.word} WHERE folded LIKE ? ESCAPE '\\'`, [`%${foldedRun}%`]);
      for (const { videos } of rows) for (const rowid of postingRowids(videos)) if (!candidates || candidates.has(rowid)) saying.add(rowid);
      candidates = saying;
    }
    const said = new Set<number>();
    const list = inIntegers(this.sql.engine, 'v.rowid', [...(candidates ?? [])]);
    const lines = await this.sql.all<{ rowid: number; content: string }>(
      `SELECT v.rowid AS rowid, tl.content AS content FROM videos v JOIN transcript_lines tl ON tl.video_id = v.id WHERE ${list.sql}`,
      [list.param],
    );
    for (const { rowid, content } of lines) if (!said.has(rowid) && trigramFold(content).includes(folded)) said.add(rowid);
    return [...said].sort((a, b) => a - b);
  }

  /**
   * A run of three words or more from its triples, exact, no line read: triple j holds the terms containing
   * "r[j] r[j+1] r[j+2]" whose outer words, when inner words of the run, have their run's length (see lineSaysTriples).
   * Three words are one triple: its terms' videos. A longer run is said where each triple read sits at slot p + j,
   * from their positional postings; every second triple is enough (and the last), as neighbours read share a word. A
   * triple without positions is said by no video but stale ones (every video's triples get positions when it is
   * indexed, and migration 032 indexed every video again).
   */
  private async runFromTriples(runs: readonly string[]): Promise<Plan> {
    const last = runs.length - 3;
    if (last === 0) {
      const rows = await this.termsContaining('triple', runs.join(' '), 'videos');
      const terms = new Set(rows.map((row) => row.term));
      const hints = spellingsOf(terms, runs.join(' '));
      const postings = rows.map((row) => row.videos);
      return { says: sayingRun([terms], [0], hints), hints, mark: (flags) => markPostings(postings, flags) };
    }
    const offsets = Array.from({ length: Math.floor(last / 2) + 1 }, (_, g) => 2 * g);
    if (offsets.at(-1) !== last) offsets.push(last);
    const length = (word: string | undefined): number => [...(word ?? '')].length;
    // Every triple at once: on a team server each read is a round trip (SQLite answers in-process, in any order).
    const triples = await Promise.all(offsets.map(async (j) => {
      const rows = await this.termsContaining('triple', runs.slice(j, j + 3).join(' '), 'ids');
      // Terms first, positions only for those that fit: a short outer word ("is a") is inside many triples whose
      // positional postings would be read for nothing.
      return rows.filter(({ term }) => {
        const [first, , third] = term.split(' ');
        return (j === 0 || length(first) === length(runs[j])) && (j === last || length(third) === length(runs[j + 2]));
      });
    }));
    const list = inIntegers(this.sql.engine, 'id', [...new Set(triples.flat().map((row) => row.id))]);
    const positions = new Map((await this.sql.all<{ id: number; positions: Buffer }>(`SELECT id, positions FROM ${POSITIONS} WHERE ${list.sql}`, [list.param])).map((row) => [row.id, row.positions]));
    const groups = triples.map((rows) => rows.map((row) => positions.get(row.id) ?? Buffer.alloc(0)));
    const terms = triples.map((rows) => new Set(rows.map((row) => row.term)));
    // A line saying the run says one of each triple's terms: the fewest are the narrowest text to look for.
    const hints = terms.map((group, g) => spellingsOf(group, runs.slice(offsets[g] ?? 0, (offsets[g] ?? 0) + 3).join(' '))).reduce<readonly string[] | null>((best, few) => (few !== null && (best === null || few.length < best.length) ? few : best), null);
    return {
      says: sayingRun(terms, offsets, hints),
      hints,
      mark: (flags, within) => markRunPositions(groups, flags, within, offsets),
    };
  }
}

/** What the index holds at one point of the change log. */
interface IndexState {
  mark: string;
  /** What `indexed` was read at (see prepare). */
  indexedMark: string;
  indexed: readonly number[];
  /** Stale videos and their lines now. */
  stale: ReadonlyMap<number, readonly string[]>;
  /** `transcribed`'s answer for the last size asked. */
  transcribed: Uint8Array | null;
}

type Prepared = { kind: 'terms'; plan: Plan } | { kind: 'line'; rowids: readonly number[] };

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

/**
 * The few texts a line saying one of `terms` (each containing `phrase` as the index folds) holds: how the terms spell
 * the phrase. A product name is inside dozens of terms ("Lumina Hydra Cream," "(Lumina Hydra Cream" …) spelled two or
 * three ways, so the spellings stay few where the terms would be too many to look for (then every line was read).
 */
function spellingsOf(terms: ReadonlySet<string>, phrase: string): readonly string[] | null {
  const folded = trigramFold(phrase);
  const spellings = new Set<string>();
  for (const term of terms) {
    spellings.add(spellingIn(term, folded) ?? term);
    if (spellings.size > MAX_LINE_HINTS) return null;
  }
  return [...spellings];
}

/** A line test for a set of words or pairs; a few spellings are looked for as text first, which most lines do not contain. */
function sayingAny(terms: ReadonlySet<string>, kind: 'word' | 'pair', few: readonly string[] | null): (content: string) => boolean {
  return (content) => (few === null || few.some((term) => content.includes(term))) && lineSays(content, kind, terms);
}

/** A line test for a run of three words or more; most candidate lines hold none of `few` (one triple's spellings), found as text. */
function sayingRun(triples: readonly ReadonlySet<string>[], offsets: readonly number[], few: readonly string[] | null): (content: string) => boolean {
  return (content) => (few === null || few.some((term) => content.includes(term))) && lineSaysTriples(content, triples, offsets);
}
