import { CodeListColumn } from './codeListColumn';
import { demographicMasks, demographicShares, Dictionary, foldAscii, parse, record, strings, type DemographicFamily, DEMOGRAPHIC_BUCKETS, SHARE_OFFSET, SHARE_WIDTH } from './columnValues';
import { sortedOrder, type SortKind } from './sortOrders';
import { codeShareRow, SHARES_NONE, type ShareRows } from './shareMeans';
import { loadEveryVideoRow, type LoadedRow } from './videoColumnRows';
import type { SqlClient } from '../db/sqlClient';


/** Columns of a dictionary code per ordinal (-1: none). */
const CODE_COLUMNS = ['brand', 'platform', 'creator', 'category', 'language', 'scene', 'pov', 'sponsoredBy', 'visual', 'foul', 'title'] as const;
/** Columns of a number per ordinal. */
const NUMBER_COLUMNS = ['positive', 'negative', 'felt', 'views', 'likes', 'comments', 'sponsored', 'createdMs'] as const;
/** Columns of strings (per ordinal, or per code for `titles` and `creatorNames`). */
const STRING_COLUMNS = ['id', 'publishedAt', 'createdAt', 'titles', 'creatorNames', 'screenText'] as const;
const LIST_COLUMNS = ['audio', 'topics', 'subTopics', 'products'] as const;
const SORT_KINDS: readonly SortKind[] = ['created', 'published', 'sentiment'];

type CodeColumn = (typeof CODE_COLUMNS)[number];
type NumberColumn = (typeof NUMBER_COLUMNS)[number];

/** `values` in a typed array of `capacity` slots, the new ones set to `fill`. */
function widened<T extends Int32Array | Float64Array | Uint8Array | Uint16Array>(values: T, capacity: number, fill: number): T {
  const next = new (values.constructor as new (length: number) => T)(capacity);
  next.set(values);
  next.fill(fill, values.length);
  return next;
}

/**
 * A saved typed column, checked for its type and length (a damaged snapshot throws and is loaded afresh). Not copied:
 * a deserialized typed array is a view into the snapshot's bytes, which then stay as the columns' memory (copies
 * would double it until the garbage collector next runs); a column that grows moves to an array of its own.
 */
function owned<T extends Int32Array | Float64Array | Uint8Array>(values: unknown, type: new (length: number) => T, length: number): T {
  if (!(values instanceof type) || values.length !== length) throw new Error('damaged search snapshot');
  return values as T;
}

function mapFamilies<T, U>(families: Record<DemographicFamily, T>, map: (value: T) => U): Record<DemographicFamily, U> {
  return { age_range: map(families.age_range), ethnicity: map(families.ethnicity), gender: map(families.gender) };
}

/** Every column as plain data (typed arrays, arrays of strings): what a search snapshot holds. */
export interface ColumnsSnapshot {
  codes: Record<CodeColumn, Int32Array>;
  numbers: Record<NumberColumn, Float64Array>;
  strings: Record<(typeof STRING_COLUMNS)[number], readonly (string | null)[]>;
  dict: Record<keyof VideoColumns['dict'], string[]>;
  lists: Record<(typeof LIST_COLUMNS)[number], ReturnType<CodeListColumn['dump']>>;
  alive: Uint8Array;
  demographics: Record<DemographicFamily, Int32Array>;
  /** SHARE_WIDTH shares per video, row after row. */
  shares: Float64Array;
  /** Each sort order as of the snapshot, so a start does not sort every video before its first page. */
  orders: Record<SortKind, Int32Array>;
}

/**
 * Every video of the workspace as columns indexed by the video's rowid (its ordinal): dictionary codes for the filter
 * families, numbers for sorts and summaries, ASCII-folded title, creator name and on-screen text for search. Codes and numbers live in
 * typed arrays with room to grow (doubled when full): they restore from a snapshot as blocks of bytes, take half the
 * memory of arrays of small integers, and read as fast. Loaded once from SQLite or a snapshot; `refresh` keeps single
 * videos current (see videoSearchIndex.ts, which follows video_search_log).
 */
export class VideoColumns {
  dict = {
    brand: new Dictionary(), platform: new Dictionary(), creator: new Dictionary(), category: new Dictionary(), language: new Dictionary(),
    scene: new Dictionary(), pov: new Dictionary(), sponsoredBy: new Dictionary(), visual: new Dictionary(), foul: new Dictionary(),
    audio: new Dictionary(), topic: new Dictionary(), subTopic: new Dictionary(), product: new Dictionary(),
  };
  /** 1 for a live video; its length is the capacity of every typed column. */
  alive = new Uint8Array(0);
  id: string[] = [];
  readonly ordOf = new Map<string, number>();
  readonly brandId: string[] = [];
  brand = new Int32Array(0);
  platform = new Int32Array(0);
  creator = new Int32Array(0);
  category = new Int32Array(0);
  language = new Int32Array(0);
  scene = new Int32Array(0);
  pov = new Int32Array(0);
  sponsoredBy = new Int32Array(0);
  visual = new Int32Array(0);
  foul = new Int32Array(0);
  audio = new CodeListColumn();
  topics = new CodeListColumn();
  subTopics = new CodeListColumn();
  products = new CodeListColumn();
  demographics: Record<DemographicFamily, Int32Array> = mapFamilies<readonly string[], Int32Array>(DEMOGRAPHIC_BUCKETS, () => new Int32Array(0));
  /**
   * Each video's audience shares (NaN where it names none) as one row of SHARE_WIDTH (family by family, buckets in
   * DEMOGRAPHIC_BUCKETS order), rows in ordinal order: the audience summary and a day's sums read every bucket of a
   * video at once, so a video's shares (and their codes below) sit together.
   */
  shares = new Float64Array(0);
  /**
   * `shares` in thousandths, and per video whether all of them are (shareMeans.ts: the audience summary sums these).
   * Derived, not saved: a restore codes every row (about 10 ms at 100k videos, before the first list).
   */
  private shareCodes: Uint16Array = new Uint16Array(0);
  private shareStates: Uint8Array = new Uint8Array(0);
  /** The stored sentiment shares (what the list sorts by); a figure reads them through `feltPositive`/`feltNegative`. */
  positive = new Float64Array(0);
  negative = new Float64Array(0);
  /**
   * 1 for a video with a sentiment, 0 without: a video's sentiment is its transcript's, so one with no transcript line
   * (not analysed yet, or nothing said) has none, and its stored 0 % is no measurement. The one definition every
   * sentiment figure (home, reports, the assistant) averages over.
   */
  felt = new Float64Array(0);
  views = new Float64Array(0);
  /** Likes and comments: the home dashboard's engagement figures. */
  likes = new Float64Array(0);
  comments = new Float64Array(0);
  sponsored = new Float64Array(0);
  publishedAt: (string | null)[] = [];
  createdAt: string[] = [];
  /** created_at as epoch milliseconds: the list's date window tests it for every tab member, and numbers compare faster. */
  createdMs = new Float64Array(0);
  /** Title code per ordinal; `titles` holds each distinct title ASCII-folded (a search tests each distinct title once). */
  title = new Int32Array(0);
  titles: string[] = [];
  /** ASCII-folded creator name per creator code (`creator` column). */
  creatorNames: (string | null)[] = [];
  /**
   * ASCII-folded words seen on screen per ordinal (videos.screen_text; null when none): the plain search finds a
   * product name written on screen as it finds a title. Kept per video, not per distinct text: nearly every video's
   * is its own, and a dictionary would keep a re-analysed video's old text until the next fresh load.
   */
  screenText: (string | null)[] = [];
  /** The codes of `titles`, built when a title is first added after a restore (a start that writes nothing needs none). */
  private titleCodes: Dictionary | null = null;
  /** Bumped when a video is added or removed or a sort key changes (sort orders are rebuilt lazily). */
  orderVersion = 0;
  /** Bumped by every change of any column (postings are rebuilt lazily). */
  private dataVersion = 0;
  private readonly postings = new Map<CodeListColumn, { version: number; lists: Map<number, Int32Array>; marks: Uint8Array }>();
  private readonly orders = new Map<SortKind, { version: number; order: Int32Array; rank: Int32Array | null }>();

  /** Takes the columns of a snapshot (see `snapshot()`, searchSnapshot.ts), or starts empty. */
  constructor(saved?: ColumnsSnapshot) {
    if (saved) this.restore(saved);
  }

  /** Every video of the workspace, from either engine. */
  static async load(sql: SqlClient): Promise<VideoColumns> {
    const columns = new VideoColumns();
    for (const row of await loadEveryVideoRow(sql)) columns.set(row);
    columns.orderVersion += 1;
    return columns;
  }

  /** The columns as plain data, to be saved and given back to the constructor. */
  snapshot(): ColumnsSnapshot {
    const size = this.size;
    const codes = Object.fromEntries(CODE_COLUMNS.map((name) => [name, this[name].subarray(0, size)])) as ColumnsSnapshot['codes'];
    const numbers = Object.fromEntries(NUMBER_COLUMNS.map((name) => [name, this[name].subarray(0, size)])) as ColumnsSnapshot['numbers'];
    const strings = Object.fromEntries(STRING_COLUMNS.map((name) => [name, this[name]])) as unknown as ColumnsSnapshot['strings'];
    const dict = Object.fromEntries(Object.entries(this.dict).map(([name, dictionary]) => [name, dictionary.values()])) as ColumnsSnapshot['dict'];
    const lists = Object.fromEntries(LIST_COLUMNS.map((name) => [name, this[name].dump()])) as ColumnsSnapshot['lists'];
    const orders = Object.fromEntries(SORT_KINDS.map((kind) => [kind, this.sorted(kind).order])) as ColumnsSnapshot['orders'];
    return {
      codes, numbers, strings, dict, lists, orders,
      alive: this.alive.subarray(0, size),
      demographics: mapFamilies(this.demographics, (masks) => masks.subarray(0, size)),
      shares: this.shares.subarray(0, size * SHARE_WIDTH),
    };
  }

  private restore(saved: ColumnsSnapshot): void {
    const strings = saved.strings;
    if (!STRING_COLUMNS.every((name) => Array.isArray(strings[name]))) throw new Error('damaged search snapshot');
    const size = strings.id.length;
    this.id = strings.id as string[];
    this.publishedAt = [...strings.publishedAt];
    this.createdAt = strings.createdAt as string[];
    this.titles = strings.titles as string[];
    this.creatorNames = [...strings.creatorNames];
    this.screenText = [...strings.screenText];
    if (this.screenText.length !== size) throw new Error('damaged search snapshot');
    this.alive = owned(saved.alive, Uint8Array, size);
    for (const name of CODE_COLUMNS) this[name] = owned(saved.codes[name], Int32Array, size);
    for (const name of NUMBER_COLUMNS) this[name] = owned(saved.numbers[name], Float64Array, size);
    this.demographics = mapFamilies(saved.demographics, (masks) => owned(masks, Int32Array, size));
    this.shares = owned(saved.shares, Float64Array, size * SHARE_WIDTH);
    this.shareCodes = new Uint16Array(size * SHARE_WIDTH);
    this.shareStates = new Uint8Array(size);
    for (let o = 0; o < size; o++) this.shareStates[o] = codeShareRow(this.shares, this.shareCodes, o * SHARE_WIDTH, SHARE_WIDTH);
    for (const name of LIST_COLUMNS) this[name] = CodeListColumn.load(saved.lists[name], size);
    this.dict = Object.fromEntries(Object.keys(this.dict).map((name) => [name, Dictionary.of(saved.dict[name as keyof VideoColumns['dict']])])) as VideoColumns['dict'];
    // Brand ids follow from the brand codes: one shared string per brand instead of one saved per video.
    const brands = saved.dict.brand;
    let live = 0;
    for (let o = 0; o < size; o++) {
      this.brandId.push(brands[this.brand[o] ?? -1] ?? '');
      if (this.alive[o] === 1) {
        this.ordOf.set(this.id[o] ?? '', o);
        live += 1;
      }
    }
    this.orderVersion += 1;
    for (const kind of SORT_KINDS) this.orders.set(kind, { version: this.orderVersion, order: owned(saved.orders[kind], Int32Array, live), rank: null });
  }

  /** The audience shares with their codes, as the audience summary reads them (shareMeans.ts). */
  shareRows(): ShareRows {
    return { width: SHARE_WIDTH, shares: this.shares, codes: this.shareCodes, states: this.shareStates };
  }

  /** Number of ordinal slots (max rowid + 1); dead slots have alive = 0. */
  get size(): number {
    return this.id.length;
  }

  /** A video's positive share, NaN when it has no sentiment (`felt`): a mean skips it. */
  feltPositive(o: number): number {
    return this.felt[o] === 1 ? (this.positive[o] ?? NaN) : NaN;
  }

  /**
   * Which parts of a video were analysed, as `notAnalysedParts` (src/shared/rules/analysedParts.ts) decides them for
   * the detail: speech once a transcript line exists, visual content and audience once stored, sponsorship when the
   * speech was read or a sponsorship is known. Filters, Home and the assistant leave out what is false here.
   */
  partsRead(o: number): { speech: boolean; visual_content: boolean; demographics: boolean; sponsored: boolean } {
    const speech = this.felt[o] === 1;
    let audience = false;
    for (let at = o * SHARE_WIDTH, end = at + SHARE_WIDTH; at < end && !audience; at += 1) audience = (this.shares[at] ?? NaN) === (this.shares[at] ?? NaN);
    return { speech, visual_content: (this.visual[o] ?? -1) >= 0, demographics: audience, sponsored: speech || this.sponsored[o] === 1 };
  }

  /** A video's negative share, NaN when it has no sentiment (`felt`). */
  feltNegative(o: number): number {
    return this.felt[o] === 1 ? (this.negative[o] ?? NaN) : NaN;
  }

  /** Takes one video's row as read now (`row` undefined: the video is gone). */
  refresh(videoId: string, row: LoadedRow | undefined): void {
    const previous = this.ordOf.get(videoId);
    if (previous !== undefined && (!row || row.ord !== previous)) {
      this.alive[previous] = 0;
      this.dataVersion += 1;
      this.ordOf.delete(videoId);
      this.orderVersion += 1;
    }
    if (!row) return;
    const known = this.ordOf.has(videoId);
    // The orders and each brand's list of videos are built again when a key of theirs changed.
    const keys = known ? `${this.brandId[row.ord]}|${this.createdAt[row.ord]}|${this.publishedAt[row.ord]}|${this.positive[row.ord]}|${this.felt[row.ord]}` : '';
    this.set(row);
    if (!known || keys !== `${row.brand_id}|${row.created_at}|${row.published_at}|${row.sentiment_positive}|${row.felt}`) this.orderVersion += 1;
  }

  /**
   * Every live ordinal in ascending order of a sort key (see sortOrders.ts), and each ordinal's position in it; sorted
   * again after a key changed.
   */
  sorted(kind: SortKind): { order: Int32Array; rank: Int32Array } {
    let sorted = this.orders.get(kind);
    if (!sorted || sorted.version !== this.orderVersion) this.orders.set(kind, (sorted = { version: this.orderVersion, order: sortedOrder(this, kind), rank: null }));
    if (!sorted.rank) {
      const { order } = sorted;
      const rank = new Int32Array(this.size);
      for (let i = 0; i < order.length; i++) rank[order[i] ?? 0] = i;
      sorted.rank = rank;
    }
    return { order: sorted.order, rank: sorted.rank };
  }

  /** Opens slots up to `o`: typed columns grow by doubling, so adding videos one by one stays cheap. */
  private extendTo(o: number): void {
    if (o >= this.alive.length) {
      const capacity = Math.max(o + 1, this.alive.length * 2, 1024);
      this.alive = widened(this.alive, capacity, 0);
      for (const name of CODE_COLUMNS) this[name] = widened(this[name], capacity, -1);
      for (const name of NUMBER_COLUMNS) this[name] = widened(this[name], capacity, 0);
      this.demographics = mapFamilies(this.demographics, (masks) => widened(masks, capacity, 0));
      this.shares = widened(this.shares, capacity * SHARE_WIDTH, NaN);
      this.shareCodes = widened(this.shareCodes, capacity * SHARE_WIDTH, 0);
      this.shareStates = widened(this.shareStates, capacity, SHARES_NONE);
    }
    while (this.id.length <= o) {
      this.id.push('');
      this.brandId.push('');
      for (const name of LIST_COLUMNS) this[name].push();
      this.publishedAt.push(null);
      this.createdAt.push('');
      this.screenText.push(null);
    }
  }

  /**
   * The ordinals of each code of a multi-valued column (`products`, `audio`, `topics`, `subTopics`), and a zeroed
   * scratch of one byte per ordinal: a filter marks the postings of its codes and tests a byte per candidate, instead of
   * walking every candidate's code list. Rebuilt after the columns changed.
   */
  postingsOf(column: CodeListColumn): { lists: Map<number, Int32Array>; marks: Uint8Array } {
    const cached = this.postings.get(column);
    if (cached && cached.version === this.dataVersion && cached.marks.length >= this.size) return cached;
    const counts = new Map<number, number>();
    for (let o = 0; o < column.length; o++) {
      if (this.alive[o] !== 1) continue;
      for (const code of column.get(o)) counts.set(code, (counts.get(code) ?? 0) + 1);
    }
    const lists = new Map<number, Int32Array>();
    for (const [code, count] of counts) lists.set(code, new Int32Array(count));
    const filled = new Map<number, number>();
    for (let o = 0; o < column.length; o++) {
      if (this.alive[o] !== 1) continue;
      for (const code of column.get(o)) {
        const at = filled.get(code) ?? 0;
        const list = lists.get(code);
        if (list && at < list.length) list[at] = o;
        filled.set(code, at + 1);
      }
    }
    const built = { version: this.dataVersion, lists, marks: new Uint8Array(this.size) };
    this.postings.set(column, built);
    return built;
  }

  private set(row: LoadedRow): void {
    this.dataVersion += 1;
    const o = row.ord;
    this.extendTo(o);
    const d = this.dict;
    const safety = record(parse(row.brand_safety));
    const parsedTopics = parse(row.topics);
    const topics = Array.isArray(parsedTopics) ? (parsedTopics as unknown[]) : [];
    this.alive[o] = 1;
    this.id[o] = row.id;
    this.ordOf.set(row.id, o);
    this.brand[o] = d.brand.intern(row.brand_id);
    this.brandId[o] = row.brand_id;
    this.platform[o] = d.platform.intern(row.platform);
    this.creator[o] = d.creator.intern(row.creator_id);
    this.category[o] = d.category.intern(row.category);
    this.language[o] = d.language.intern(row.language);
    this.scene[o] = d.scene.intern(row.scene);
    this.pov[o] = d.pov.intern(row.pov);
    this.sponsoredBy[o] = d.sponsoredBy.intern(row.sponsored_by);
    this.visual[o] = d.visual.intern(typeof safety.visual_content === 'string' ? safety.visual_content : null);
    this.foul[o] = d.foul.intern(typeof safety.foul_language === 'string' ? safety.foul_language : null);
    this.audio.set(o, strings(parse(row.audio_labels)).map((value) => d.audio.intern(value)));
    this.topics.set(o, topics.flatMap((topic) => strings([record(topic).topic])).map((value) => d.topic.intern(value)));
    this.subTopics.set(o, topics.flatMap((topic) => strings(record(topic).subTopics)).map((value) => d.subTopic.intern(value)));
    this.products.set(o, row.products.map((value) => d.product.intern(value)));
    const shares = demographicShares(row.demographics);
    for (const family of Object.keys(shares) as DemographicFamily[]) {
      shares[family].forEach((share, bucket) => {
        this.shares[o * SHARE_WIDTH + SHARE_OFFSET[family] + bucket] = share;
      });
    }
    this.shareStates[o] = codeShareRow(this.shares, this.shareCodes, o * SHARE_WIDTH, SHARE_WIDTH);
    const masks = demographicMasks(shares);
    this.demographics.age_range[o] = masks.age_range;
    this.demographics.ethnicity[o] = masks.ethnicity;
    this.demographics.gender[o] = masks.gender;
    this.positive[o] = row.sentiment_positive;
    this.negative[o] = row.sentiment_negative;
    this.felt[o] = row.felt;
    this.views[o] = row.views;
    this.likes[o] = row.likes;
    this.comments[o] = row.comments;
    this.sponsored[o] = row.sponsored;
    this.publishedAt[o] = row.published_at;
    this.createdAt[o] = row.created_at;
    this.createdMs[o] = Date.parse(row.created_at);
    const title = foldAscii(row.title);
    this.titleCodes ??= Dictionary.of(this.titles);
    const code = this.titleCodes.intern(title);
    this.titles[code] = title;
    this.title[o] = code;
    const creator = this.creator[o] ?? -1;
    if (creator >= 0) this.creatorNames[creator] = row.creator_name === null ? null : foldAscii(row.creator_name);
    this.screenText[o] = row.screen_text === null || row.screen_text === '' ? null : foldAscii(row.screen_text);
  }
}
