import type { SqlClient } from '../db/sqlClient';
import type { VideoFilterOptions, VideoFilters, VideoListQuery, VideoSearchScope } from '../../shared/http/videos.schemas';
import type { VideoTab } from '../repositories/videos/videoTypes';
import type { CodeListColumn } from './codeListColumn';
import { dayBefore, type DateWindow } from '../repositories/videos/videoDates';
import { FTS_MIN_CHARS } from './searchLimits';
import type { BrandScope } from '../repositories/videos/videoScope';
import { favoritesOf, tabMembers, type BrandMarks } from './brandMarks';
import { FollowedColumns } from './followedColumns';
import { probeIndexes, type IndexProbe } from './indexProbe';
import { checkFreshSince } from './requestArrival';
import { pageOfMatches } from './matchPage';
import type { TranscriptIndex } from './transcriptIndex';
import { DEMOGRAPHIC_BUCKETS, foldAscii, SHARE_OFFSET, type DemographicFamily, type Dictionary } from './columnValues';
import type { VideoColumns } from './videoColumns';
import { BrandViews } from './brandViews';
import { BrandDays } from './brandDays';
import { PreciseSum } from './preciseSum';
import { roundedShareMeans } from './shareMeans';
import { byPredicate, filterPredicates, type Filter } from './videoPredicates';
import { countSingleCodes, namedCounts } from './facetCounts';

/** The matching videos of one list query: a flag per ordinal, and the summary figures. */
export interface MatchSet {
  /** Valid until the next `match` (the buffer is reused). */
  flags: Uint8Array;
  /** The matching ordinals in `ordinals[0, count)`; valid until the next `match` (the buffer is reused). */
  ordinals: Int32Array;
  count: number;
  yesterday: number;
  /** Sums of the shares of the matching videos that have a sentiment (`VideoColumns.felt`), and how many those are. */
  positive: number;
  negative: number;
  felt: number;
}

/**
 * The videos list answered from memory (issue 3 performance): columns of every video, the acting brand's marks, the
 * transcript text postings and sort orders; counts, summaries and pages cost microseconds per candidate video instead of
 * SQL scans. Loaded on first use and kept current by following `video_search_log` and the brands' mark versions
 * (followedColumns.ts), on either engine. Reading is two steps: `await ready(actingBrandId, phrases)` brings everything
 * up to date (the only step that talks to the database), then the synchronous methods answer from memory. A caller
 * awaits nothing else between the two, so what it computes is one consistent state.
 */
export class VideoSearchIndex {
  private readonly followed: FollowedColumns;
  /** The transcript term index, shared with whatever shows matching lines (one plan per search, read once). */
  readonly transcripts: TranscriptIndex;
  private readonly brands = new BrandViews();
  private readonly writeListeners = new Set<(ids: readonly string[]) => void>();
  /** The generation of the columns and marks the caches below were computed from. */
  private cachedGeneration = -1;
  /** Tab members per brand and tab, until the next write. */
  private readonly members = new Map<string, number[]>();
  /**
   * Buffers every match reuses: at 100k videos fresh ones would be ~200 KB of array buffers per request, and the
   * collections they bring on grow with the workspace.
   */
  private flagsBuffer = new Uint8Array(0);
  private candidatesBuffer = new Int32Array(0);
  /** The videos a transcript search tests, and those saying it (see searchFilter). */
  private withinBuffer = new Uint8Array(0);
  private saidBuffer = new Uint8Array(0);

  constructor(private readonly sql: SqlClient, transcripts: TranscriptIndex) {
    this.transcripts = transcripts;
    this.followed = new FollowedColumns(sql, (brands, ids) => {
      this.brands.dropDays(brands);
      for (const listener of this.writeListeners) listener(ids);
    });
  }

  /**
   * Hears the ids of the videos each catch-up replayed (their rows or transcript lines were written), for caches kept
   * per video that a write elsewhere (another video, a brand's marks) leaves valid. Answers the way to stop hearing.
   */
  onVideosWritten(listener: (ids: readonly string[]) => void): () => void {
    this.writeListeners.add(listener);
    return () => this.writeListeners.delete(listener);
  }

  /** Milliseconds the columns took to load (the bench prints it). */
  get loadMs(): number {
    return this.followed.loadMs;
  }

  /**
   * Brings the index up to date with every committed write: the columns, the marks of the acting brands named, and the
   * transcript plans of the phrases named (a list search, a report's highlight). Await it right before reading.
   */
  async ready(actingBrandIds: readonly string[] = [], phrases: readonly string[] = []): Promise<void> {
    const brands = [...new Set(actingBrandIds)];
    const since = checkFreshSince();
    const last = this.lastCheck;
    // A check begun since this request arrived and since its own last write (its own, started beside the bearer check,
    // or a concurrent request's) saw every write the request may expect to see: on a team server that saves the
    // request a round trip in a row.
    const shared = since !== undefined && last !== null && last.startedAt >= since && brands.every((id) => last.brands.includes(id));
    const probe = shared ? await last.done : await this.check(brands);
    await this.transcripts.ready(phrases, probe.terms);
  }

  /**
   * Starts a check for a request that will most likely read the index for `brandId` (its token's brand), while the
   * bearer check is read: the request's own `ready` then finds it under way instead of waiting for a round trip of its
   * own after the bearer check's. A failure is the request's own check's to report.
   */
  prefetch(brandId: string | null): void {
    if (checkFreshSince() === undefined) return;
    this.check(brandId === null ? [] : [brandId]).catch(() => undefined);
  }

  /** The last check begun (see `ready`). */
  private lastCheck: { startedAt: number; brands: readonly string[]; done: Promise<IndexProbe> } | null = null;

  /** One round trip tells what moved (the log, the brands' marks, the transcript terms); most checks read nothing more. */
  private check(brands: readonly string[]): Promise<IndexProbe> {
    const startedAt = performance.now();
    const done = (async () => {
      const probe = await probeIndexes(this.sql, brands, this.followed.loadedPosition);
      await this.followed.catchUp(probe.head, probe.logged);
      for (const brandId of brands) await this.followed.marksOf(brandId, probe.markVersions.get(brandId) ?? 0);
      return probe;
    })();
    this.lastCheck = { startedAt, brands, done };
    return done;
  }

  /** A number that changes whenever anything the index answers from changed (for caches of its answers). */
  get generation(): number {
    return this.followed.generation;
  }

  /** The columns as of the last `ready`, with the per-write caches dropped when they changed. */
  private current(): VideoColumns {
    const columns = this.followed.current;
    if (this.cachedGeneration !== this.followed.generation) {
      this.members.clear();
      this.brands.dropNarrowed();
      this.cachedGeneration = this.followed.generation;
    }
    return columns;
  }

  /** The brand of a video by id ('' when it is gone), as of the last `ready`. */
  brandOf(videoId: string): string {
    const columns = this.current();
    const o = columns.ordOf.get(videoId);
    return o === undefined ? '' : (columns.brandId[o] ?? '');
  }

  /** The columns as of now (every logged write replayed), for other readers of the whole workspace (the home figures). */
  columnsNow(): VideoColumns {
    return this.current();
  }

  /**
   * The videos that are "the shown brand's" for the acting brand, in ordinal order (shared: never modify): the one
   * definition Home, reports, the assistant and the videos list share. The brand's own are its My Videos tab (not
   * trashed or flagged by it); a competitor's are its share of the Competition tab (not removed, trashed or flagged
   * by the acting brand). A window of them is then cut by created_at and platform as the list cuts its tab.
   */
  shownVideos(actingBrandId: string, shownBrandId: string): readonly number[] {
    const own = shownBrandId === actingBrandId;
    return this.membersOf(this.current(), { brandId: actingBrandId, competitorIds: own ? [] : [shownBrandId] }, own ? 'My Videos' : 'Competition');
  }

  /** `shownVideos` by day, with each day's sums (shared: never modify). */
  brandDays(actingBrandId: string, shownBrandId: string): BrandDays {
    const members = this.shownVideos(actingBrandId, shownBrandId);
    return this.brands.daysOf(this.current(), actingBrandId, shownBrandId, members);
  }

  /**
   * `brandDays` narrowed by a report's list filters (notes: `notesOf`'s), kept until the next write: a report's
   * figures are read again and again, and building the days of tens of thousands of videos was most of a report's
   * time. Filters that narrow nothing (a report's defaults) answer the brand's own days.
   */
  narrowedBrandDays(actingBrandId: string, shownBrandId: string, notesOf: string, filters: VideoFilters): BrandDays {
    const source = this.brandDays(actingBrandId, shownBrandId);
    return this.brands.narrowedDaysOf(JSON.stringify([actingBrandId, shownBrandId, notesOf, filters]), () => {
      const members = this.shownVideos(actingBrandId, shownBrandId);
      const kept = this.narrow(notesOf, members, filters);
      return kept.length === members.length ? source : new BrandDays(this.current(), kept, true);
    });
  }

  /**
   * The ordinals that pass the list filters, in their order (a new array): the reports' filters are the list's, so a
   * report and the list filtered the same way count the same videos. Notes are the acting brand's.
   */
  narrow(actingBrandId: string, ordinals: readonly number[], filters: VideoFilters): number[] {
    const columns = this.current();
    const state = this.stateOf(columns, actingBrandId);
    const parts = filterPredicates(columns, filters, {
      noted: state.noted,
      noteContaining: (text) => state.noteContaining(text),
    });
    // Copies by plain loops: Array.from over a typed array walks an iterator, which cost more than the filters.
    if (parts.length === 0) return ordinals.slice();
    const candidates = new Int32Array(ordinals.length);
    for (let i = 0; i < ordinals.length; i++) candidates[i] = ordinals[i] ?? 0;
    let n = candidates.length;
    for (let f = 0; f < parts.length && n > 0; f++) n = (parts[f] as Filter)(candidates, n);
    const kept = new Array<number>(n);
    for (let i = 0; i < n; i++) kept[i] = candidates[i] ?? 0;
    return kept;
  }

  private stateOf(_columns: VideoColumns, brandId: string): BrandMarks {
    return this.followed.readMarks(brandId);
  }

  /**
   * Title / creator name / words seen on screen (ASCII case-insensitive substring, as LIKE); with 'transcript', a
   * transcript line too (of either track: words on screen are transcript lines as well); with 'on_screen', the words seen
   * on screen alone. Run last: the transcript is searched among the videos the tab, window and other filters left.
   */
  private searchFilter(columns: VideoColumns, search: string, scope: VideoSearchScope): Filter | null {
    const text = search.trim();
    if (text === '') return null;
    const folded = foldAscii(text);
    // Each distinct title and name is tested once, when a candidate first needs it (0 untested, 1 contains, 2 does not):
    // testing all of them up front cost a pass over every title of the workspace per search.
    const titleHit = new Uint8Array(columns.titles.length);
    const creatorHit = new Uint8Array(columns.creatorNames.length);
    const hit = (tested: Uint8Array, code: number, value: string | null | undefined): boolean => {
      if (code < 0) return false;
      if (tested[code] === 0) tested[code] = value?.includes(folded) ? 1 : 2;
      return tested[code] === 1;
    };
    // A video's screen text is its own (see VideoColumns.screenText): tested only for a candidate its title and
    // creator did not match, once per search (a candidate is tested once).
    const onScreen = (o: number): boolean => columns.screenText[o]?.includes(folded) ?? false;
    if (scope === 'on_screen') return byPredicate(onScreen);
    const titled = (o: number): boolean => {
      const title = columns.title[o] ?? -1;
      const creator = columns.creator[o] ?? -1;
      return hit(titleHit, title, columns.titles[title]) || hit(creatorHit, creator, columns.creatorNames[creator]) || onScreen(o);
    };
    const inTranscript = scope === 'transcript';
    if (!inTranscript || [...text].length < FTS_MIN_CHARS) return byPredicate(titled);
    return (candidates, n) => {
      if (this.withinBuffer.length < columns.size) this.withinBuffer = new Uint8Array(Math.ceil(columns.size * 1.25));
      else this.withinBuffer.fill(0);
      for (let i = 0; i < n; i++) this.withinBuffer[candidates[i] ?? 0] = 1;
      if (this.saidBuffer.length < columns.size) this.saidBuffer = new Uint8Array(Math.ceil(columns.size * 1.25));
      // prepared by the caller
      const said = this.transcripts.saying(text, columns.size, this.withinBuffer, this.saidBuffer);
      // One loop over the candidates (every video of the tab at 100k): a flag read, and the title test only for the
      // videos that do not say it.
      let kept = 0;
      for (let i = 0; i < n; i++) {
        const o = candidates[i] ?? 0;
        if (said[o] === 1 || titled(o)) candidates[kept++] = o;
      }
      return kept;
    };
  }

  /** The tab's videos (ordinals), until the next write. */
  private membersOf(columns: VideoColumns, scope: BrandScope, tab: VideoTab): number[] {
    // The Favorites tab is the acting person's own (issue 29); the other tabs are the brand's, shared by its team.
    const tabKey = `${scope.brandId}|${scope.competitorIds.join(',')}|${tab}|${tab === 'Favorites' ? (scope.userId ?? '') : ''}`;
    let members = this.members.get(tabKey);
    if (!members) this.members.set(tabKey, (members = tabMembers(tab, scope, columns, this.brands.listsOf(columns), this.stateOf(columns, scope.brandId))));
    return members;
  }

  /**
   * Per filter family, how many of the tab's videos carry each value (the counts of the filter options), from the
   * columns: a pass over the tab's members instead of a grouped SQL query per family.
   */
  tabValueCounts(scope: BrandScope, tab: VideoTab): Record<keyof VideoFilterOptions, Map<string, number>> {
    const columns = this.current();
    const members = this.membersOf(columns, scope, tab);
    const single = (codes: ArrayLike<number>, dictionary: Dictionary) => countSingleCodes(codes, members, dictionary);
    const multi = (column: CodeListColumn, dictionary: Dictionary) => namedCounts(column.countCodes(members), dictionary);
    const d = columns.dict;
    return {
      platform: single(columns.platform, d.platform), category: single(columns.category, d.category), language: single(columns.language, d.language),
      scene: single(columns.scene, d.scene), pov: single(columns.pov, d.pov), influencer: single(columns.creator, d.creator),
      product: multi(columns.products, d.product), brand: single(columns.brand, d.brand), audio_labels: multi(columns.audio, d.audio),
      sponsored_by: single(columns.sponsoredBy, d.sponsoredBy), topics: multi(columns.topics, d.topic), subTopics: multi(columns.subTopics, d.subTopic),
      visual_content: single(columns.visual, d.visual), foul_language: single(columns.foul, d.foul),
    };
  }

  /** The videos matching a list query, with count, yesterday and sentiment sums. */
  match(scope: BrandScope, query: VideoListQuery, window: DateWindow): MatchSet {
    const columns = this.current();
    const state = this.stateOf(columns, scope.brandId);
    const members = this.membersOf(columns, scope, query.tab);
    const filters = filterPredicates(columns, query.filters, {
      noted: state.noted,
      noteContaining: (text) => state.noteContaining(text),
    });
    const search = this.searchFilter(columns, query.search, query.search_in);
    if (search) filters.push(search);
    // Timestamps are ISO-8601 UTC throughout, so comparing their epoch milliseconds orders them as SQL compares the text.
    const end = Date.parse(window.end);
    const start = window.start === null ? -Infinity : Date.parse(window.start);
    const since = Date.parse(dayBefore(window.end));
    const createdMs = columns.createdMs;
    if (this.flagsBuffer.length < columns.size) this.flagsBuffer = new Uint8Array(Math.ceil(columns.size * 1.25));
    else this.flagsBuffer.fill(0);
    const flags = this.flagsBuffer;
    const positive = new PreciseSum();
    const negative = new PreciseSum();
    let count = 0;
    let yesterday = 0;
    let felt = 0;
    // The tab's members in the date window, narrowed family by family (each a tight loop over the survivors).
    if (this.candidatesBuffer.length < members.length) this.candidatesBuffer = new Int32Array(Math.ceil(members.length * 1.25));
    const candidates = this.candidatesBuffer;
    let n = 0;
    // An index loop: this for-of allocated an iterator result per member where V8 did not optimise it away.
    for (let m = 0; m < members.length; m++) {
      const o = members[m] ?? 0;
      const created = createdMs[o] ?? NaN;
      if (created <= end && created >= start) candidates[n++] = o;
    }
    for (let f = 0; f < filters.length && n > 0; f++) n = (filters[f] as Filter)(candidates, n);
    for (let i = 0; i < n; i++) {
      const o = candidates[i] ?? 0;
      flags[o] = 1;
      count += 1;
      if ((createdMs[o] ?? NaN) >= since) yesterday += 1;
      if (columns.felt[o] !== 1) continue;
      felt += 1;
      positive.add(columns.positive[o] ?? 0);
      negative.add(columns.negative[o] ?? 0);
    }
    return { flags, ordinals: candidates, count, yesterday, positive: positive.value, negative: negative.value, felt };
  }

  /**
   * The average audience of a match set: per family and bucket, the mean share over the matching videos that name
   * one (as SQL's AVG over json_each of the same videos). Read right after `match`, before the buffers are reused.
   */
  audience(matches: MatchSet): Record<DemographicFamily, Record<string, number>> {
    const columns = this.current();
    const result = { age_range: {}, ethnicity: {}, gender: {} } as Record<DemographicFamily, Record<string, number>>;
    // Rounded as the compensated sum of SQLite's AVG rounds, so a mean on a rounding edge rounds as the SQL one does.
    const means = roundedShareMeans(columns.shareRows(), matches.ordinals, matches.count);
    for (const family of Object.keys(DEMOGRAPHIC_BUCKETS) as DemographicFamily[]) {
      DEMOGRAPHIC_BUCKETS[family].forEach((bucket, b) => {
        const mean = means[SHARE_OFFSET[family] + b] ?? NaN;
        if (mean === mean) result[family][bucket] = mean;
      });
    }
    return result;
  }

  /** Ids of one page of a match set in the query's sort order. */
  page(scope: BrandScope, query: VideoListQuery, matches: MatchSet): string[] {
    const columns = this.current();
    return pageOfMatches(columns, query, matches, () => favoritesOf(this.stateOf(columns, scope.brandId), scope));
  }
}
