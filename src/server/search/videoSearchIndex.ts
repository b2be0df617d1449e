import type Database from 'better-sqlite3';
import type { VideoListQuery } from '../../shared/http/videos.schemas';
import { dayBefore, type DateWindow } from '../repositories/videos/videoDates';
import { FTS_MIN_CHARS } from '../repositories/videos/videoFilterSql';
import { ftsPhrase, likeContains, type BrandScope } from '../repositories/videos/videoScope';
import { createBrandMarksReader, tabMembers, type BrandMarks } from './brandMarks';
import { sortedOrder, type SortKind } from './sortOrders';
import { TranscriptIndex } from './transcriptIndex';
import { foldAscii, VideoColumns } from './videoColumns';
import { filterPredicates, type Predicate } from './videoPredicates';

/** The matching videos of one list query: a flag per ordinal, and the summary figures. */
export interface MatchSet {
  flags: Uint8Array;
  count: number;
  yesterday: number;
  positive: number;
  negative: number;
}

/** Kahan–Babuška–Neumaier sum (as SQLite's SUM/AVG), so averages round as the SQL ones do. */
class PreciseSum {
  private sum = 0;
  private compensation = 0;
  add(value: number): void {
    const total = this.sum + value;
    this.compensation += Math.abs(this.sum) >= Math.abs(value) ? this.sum - total + value : value - total + this.sum;
    this.sum = total;
  }
  get value(): number {
    return this.sum + this.compensation;
  }
}

/**
 * The videos list answered from memory (issue 3 performance): columns of every video, the acting brand's marks, the
 * transcript text postings and sort orders; counts, summaries and pages cost microseconds per candidate video instead of
 * SQL scans. Built lazily on first use; kept current by following `video_search_log` (written by triggers on every write
 * that matters, whoever writes) and by re-reading a brand's marks whenever the connection wrote anything.
 */
export class VideoSearchIndex {
  private columns: VideoColumns | null = null;
  private readonly transcripts: TranscriptIndex;
  private readonly marks: ReturnType<typeof createBrandMarksReader>;
  private readonly version: Database.Statement;
  private readonly logSince: Database.Statement;
  private readonly lastSeq: Database.Statement;
  private seenVersion = -1;
  private seq = 0;
  private byBrand = new Map<string, number[]>();
  private byBrandVersion = -1;
  private readonly brandState = new Map<string, BrandMarks>();
  /** Tab members per brand and tab, until the next write. */
  private readonly members = new Map<string, number[]>();
  private readonly orders = new Map<SortKind, { version: number; order: Int32Array }>();
  /** Milliseconds the columns took to load (the bench prints it). */
  loadMs = 0;

  constructor(private readonly db: Database.Database) {
    this.transcripts = new TranscriptIndex(db);
    this.marks = createBrandMarksReader(db);
    this.version = db.prepare('SELECT total_changes()').pluck();
    this.logSince = db.prepare('SELECT video_id, kind FROM video_search_log WHERE seq > ? ORDER BY seq').raw();
    this.lastSeq = db.prepare('SELECT COALESCE(MAX(seq), 0) FROM video_search_log').pluck();
  }

  /** Milliseconds the transcript postings took to load. */
  get transcriptLoadMs(): number {
    return this.transcripts.loadMs;
  }

  /** The columns, loaded on first use and brought up to date with every logged write since. */
  private current(): VideoColumns {
    const version = this.version.get() as number;
    if (this.columns && version === this.seenVersion) return this.columns;
    if (!this.columns) {
      const started = performance.now();
      this.seq = this.lastSeq.get() as number;
      this.columns = new VideoColumns(this.db);
      this.loadMs = performance.now() - started;
    } else {
      const seqNow = this.lastSeq.get() as number;
      if (seqNow > this.seq) {
        const rows = this.logSince.all(this.seq) as [string, string][];
        const columns = this.columns;
        for (const id of new Set(rows.filter(([, kind]) => kind === 'row').map(([id]) => id))) columns.refresh(id);
        for (const id of new Set(rows.filter(([, kind]) => kind === 'transcript').map(([id]) => id))) {
          const ordinal = columns.ordOf.get(id);
          if (ordinal !== undefined) this.transcripts.markDirty(ordinal);
        }
        this.seq = seqNow;
      }
    }
    this.brandState.clear();
    this.members.clear();
    this.seenVersion = this.version.get() as number;
    return this.columns;
  }

  private brandLists(columns: VideoColumns): Map<string, number[]> {
    if (this.byBrandVersion === columns.orderVersion) return this.byBrand;
    const lists = new Map<string, number[]>();
    for (let o = 0; o < columns.size; o++) {
      if (columns.alive[o] !== 1) continue;
      const brand = columns.brandId[o] ?? '';
      let list = lists.get(brand);
      if (!list) lists.set(brand, (list = []));
      list.push(o);
    }
    this.byBrand = lists;
    this.byBrandVersion = columns.orderVersion;
    return lists;
  }

  private stateOf(columns: VideoColumns, brandId: string): BrandMarks {
    let state = this.brandState.get(brandId);
    if (!state) this.brandState.set(brandId, (state = this.marks.read(columns, brandId)));
    return state;
  }

  /** Title / creator name (ASCII case-insensitive substring, as LIKE) or, with `inTranscript`, a transcript line. */
  private searchPredicate(columns: VideoColumns, search: string, inTranscript: boolean, candidates: number): Predicate | null {
    const text = search.trim();
    if (text === '') return null;
    const folded = foldAscii(text);
    const titleHit = Uint8Array.from(columns.titles, (title) => (title.includes(folded) ? 1 : 0));
    const creatorHit = Uint8Array.from(columns.creatorNames, (name) => (name?.includes(folded) ? 1 : 0));
    const titled = (o: number): boolean => titleHit[columns.title[o] ?? -1] === 1 || creatorHit[columns.creator[o] ?? -1] === 1;
    if (!inTranscript || [...text].length < FTS_MIN_CHARS) return titled;
    const said = this.transcripts.matcher(ftsPhrase(text), candidates, columns.size);
    return (o) => titled(o) || said(o);
  }

  /** The videos matching a list query, with count, yesterday and sentiment sums. */
  match(scope: BrandScope, query: VideoListQuery, window: DateWindow): MatchSet {
    const columns = this.current();
    const state = this.stateOf(columns, scope.brandId);
    const tabKey = `${scope.brandId}|${scope.competitorIds.join(',')}|${query.tab}`;
    let members = this.members.get(tabKey);
    if (!members) this.members.set(tabKey, (members = tabMembers(query.tab, scope, columns, this.brandLists(columns), state)));
    const predicates = filterPredicates(columns, query.filters, {
      noted: state.noted,
      noteContaining: (text) => this.marks.noteLike(columns, scope.brandId, likeContains(text)),
    });
    const search = this.searchPredicate(columns, query.search, query.search_in === 'transcript', members.length);
    if (search) predicates.push(search);
    const { start, end } = window;
    const since = dayBefore(end);
    const flags = new Uint8Array(columns.size);
    const positive = new PreciseSum();
    const negative = new PreciseSum();
    let count = 0;
    let yesterday = 0;
    for (const o of members) {
      const created = columns.createdAt[o] ?? '';
      if (created > end || (start !== null && created < start)) continue;
      let passes = true;
      for (let p = 0; p < predicates.length && passes; p++) passes = (predicates[p] as Predicate)(o);
      if (!passes) continue;
      flags[o] = 1;
      count += 1;
      if (created >= since) yesterday += 1;
      positive.add(columns.positive[o] ?? 0);
      negative.add(columns.negative[o] ?? 0);
    }
    return { flags, count, yesterday, positive: positive.value, negative: negative.value };
  }

  /** Ids of one page of a match set in the query's sort order. */
  page(scope: BrandScope, query: VideoListQuery, matches: MatchSet): string[] {
    const columns = this.current();
    const skip = (query.page - 1) * query.per_page;
    const ids: string[] = [];
    let seen = 0;
    const take = (order: Int32Array, reverse: boolean, keep: (o: number) => boolean): boolean => {
      const n = order.length;
      for (let i = 0; i < n; i++) {
        const o = order[reverse ? n - 1 - i : i] ?? 0;
        if (matches.flags[o] !== 1 || !keep(o)) continue;
        if (seen++ >= skip) ids.push(columns.id[o] ?? '');
        if (ids.length >= query.per_page) return true;
      }
      return false;
    };
    const orderOf = (kind: SortKind): Int32Array => {
      const cached = this.orders.get(kind);
      if (cached && cached.version === columns.orderVersion) return cached.order;
      const order = sortedOrder(columns, kind);
      this.orders.set(kind, { version: columns.orderVersion, order });
      return order;
    };
    switch (query.sort) {
      case 'highest_sentiment':
        take(orderOf('sentiment'), true, () => true);
        break;
      case 'lowest_sentiment':
        take(orderOf('sentiment'), false, () => true);
        break;
      case 'newest_videos':
        take(orderOf('published'), true, () => true);
        break;
      case 'oldest_videos':
        take(orderOf('published'), false, () => true);
        break;
      case 'favorite_videos': {
        const favorites = this.stateOf(columns, scope.brandId).favorite;
        if (!take(orderOf('created'), true, (o) => favorites.has(o))) take(orderOf('created'), true, (o) => !favorites.has(o));
        break;
      }
      case 'created_at':
        take(orderOf('created'), query.desc, () => true);
        break;
    }
    return ids;
  }
}
