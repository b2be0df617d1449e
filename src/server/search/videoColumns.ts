import type Database from 'better-sqlite3';
import { AGE_RANGES, ETHNICITIES, GENDERS } from '../../shared/constants';
import { DEMOGRAPHIC_FILTER_MIN_SHARE } from '../../shared/http/videos.schemas';
import { CodeListColumn } from './codeListColumn';

/** Interns strings as small integer codes (a column's dictionary); -1 stands for NULL. */
export class Dictionary {
  private readonly codes = new Map<string, number>();

  /** The code of a value, adding it when new; -1 for null. */
  intern(value: string | null): number {
    if (value === null) return -1;
    let code = this.codes.get(value);
    if (code === undefined) {
      code = this.codes.size;
      this.codes.set(value, code);
    }
    return code;
  }

  /** The code of a known value, or undefined. */
  find(value: string): number | undefined {
    return this.codes.get(value);
  }

  /** Codes handed out so far. */
  get size(): number {
    return this.codes.size;
  }

  /** The values in code order (the search snapshot). */
  values(): string[] {
    return [...this.codes.keys()];
  }

  /** A dictionary from `values()`. */
  static of(values: readonly string[]): Dictionary {
    const dictionary = new Dictionary();
    for (const value of values) dictionary.intern(value);
    return dictionary;
  }
}

/** The buckets a demographic filter can name, per family; a bucket's bit is its position here. */
export const DEMOGRAPHIC_BUCKETS = { age_range: AGE_RANGES, ethnicity: ETHNICITIES, gender: GENDERS } as const;
export type DemographicFamily = keyof typeof DEMOGRAPHIC_BUCKETS;

/**
 * Per family, a bit per bucket whose share reaches DEMOGRAPHIC_FILTER_MIN_SHARE (non-numbers never do): all the
 * filter asks of a video's demographics, in three numbers instead of a tree of objects per video.
 */
function demographicMasks(shares: DemographicShares): Record<DemographicFamily, number> {
  const masks = { age_range: 0, ethnicity: 0, gender: 0 };
  for (const family of Object.keys(DEMOGRAPHIC_BUCKETS) as DemographicFamily[]) {
    shares[family].forEach((share, bit) => {
      if (share >= DEMOGRAPHIC_FILTER_MIN_SHARE) masks[family] |= 1 << bit;
    });
  }
  return masks;
}

/** Per family, the share of each bucket in DEMOGRAPHIC_BUCKETS order; NaN where the video names none (or no number). */
type DemographicShares = Record<DemographicFamily, number[]>;

function demographicShares(json: string): DemographicShares {
  const shares = record(parse(json));
  const of = (family: DemographicFamily): number[] => {
    const ofFamily = record(shares[family]);
    return DEMOGRAPHIC_BUCKETS[family].map((bucket) => {
      const share = ofFamily[bucket];
      return typeof share === 'number' ? share : NaN;
    });
  };
  return { age_range: of('age_range'), ethnicity: of('ethnicity'), gender: of('gender') };
}

/** Lowercases ASCII letters only, as SQLite's LIKE compares (other characters stay as they are). */
export function foldAscii(text: string): string {
  return text.replace(/[A-Z]+/g, (letters) => letters.toLowerCase());
}

const ROW_SQL = `SELECT v.rowid AS ord, v.id, v.brand_id, v.title, v.platform, v.creator_id, v.category, v.language, v.scene, v.pov,
  v.audio_labels, v.topics, v.brand_safety, v.demographics, v.sentiment_positive, v.sentiment_negative, v.views, v.sponsored,
  v.sponsored_by, v.published_at, v.created_at, c.name AS creator_name, %PRODUCTS% AS products
  FROM videos v LEFT JOIN creators c ON c.id = v.creator_id`;
const PRODUCTS_OF_ONE = '(SELECT json_group_array(vp.product_id) FROM video_products vp WHERE vp.video_id = v.id)';

interface LoadedRow {
  ord: number; id: string; brand_id: string; title: string; platform: string; creator_id: string | null; category: string | null;
  language: string | null; scene: string | null; pov: string | null; audio_labels: string; topics: string; brand_safety: string;
  demographics: string; sentiment_positive: number; sentiment_negative: number; views: number; sponsored: number;
  sponsored_by: string | null; published_at: string | null; created_at: string; creator_name: string | null; products: string;
}

function parse(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

const strings = (value: unknown): string[] => (Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : []);
const record = (value: unknown): Record<string, unknown> => (value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {});

const SNAPSHOT_ARRAYS = [
  'id', 'brand', 'platform', 'creator', 'category', 'language', 'scene', 'pov', 'sponsoredBy', 'visual', 'foul',
  'positive', 'negative', 'views', 'sponsored', 'publishedAt', 'createdAt', 'createdMs', 'title', 'titles', 'creatorNames',
] as const;
const SNAPSHOT_LISTS = ['audio', 'topics', 'subTopics', 'products'] as const;

/**
 * A column for the snapshot: all-number columns as one Float64Array (exact for every number, NaN included), which
 * saves and restores as a block of bytes instead of one value at a time.
 */
function packed(values: readonly unknown[]): readonly unknown[] | Int32Array | Float64Array {
  if (!values.every((value) => typeof value === 'number')) return values;
  const numbers = values as readonly number[];
  return numbers.every((value) => (value | 0) === value) ? Int32Array.from(numbers) : Float64Array.from(numbers);
}

/**
 * A packed column back as a plain array of the elements kind a load gives (small integers, or doubles): V8 tunes each
 * array literal to what it held before, so integers and doubles get a literal each, and strings are never copied;
 * a column of generic elements made every list query about half again slower.
 */
function unpacked(values: readonly unknown[] | Int32Array | Float64Array): unknown[] {
  if (values instanceof Int32Array) {
    const ints: number[] = [];
    for (let i = 0; i < values.length; i++) ints.push(values[i] ?? 0);
    return ints;
  }
  if (values instanceof Float64Array) {
    const doubles: number[] = [];
    for (let i = 0; i < values.length; i++) doubles.push(values[i] ?? 0);
    return doubles;
  }
  // Deserialized arrays come holey; a copy is packed like a loaded column.
  const others: unknown[] = [];
  for (let i = 0; i < values.length; i++) others.push(values[i]);
  return others;
}

function mapFamilies<T, U>(families: Record<DemographicFamily, T>, map: (value: T) => U): Record<DemographicFamily, U> {
  return { age_range: map(families.age_range), ethnicity: map(families.ethnicity), gender: map(families.gender) };
}

/** Every column as plain data (arrays, typed arrays, strings): what a search snapshot holds. */
export interface ColumnsSnapshot {
  arrays: Record<(typeof SNAPSHOT_ARRAYS)[number], readonly unknown[] | Int32Array | Float64Array>;
  dict: Record<keyof VideoColumns['dict'], string[]>;
  lists: Record<(typeof SNAPSHOT_LISTS)[number], ReturnType<CodeListColumn['dump']>>;
  alive: Uint8Array;
  demographics: Record<DemographicFamily, Int32Array>;
  shares: Record<DemographicFamily, Float64Array[]>;
  titleCodes: string[];
}

/**
 * Every video of the workspace as columns indexed by the video's rowid (its ordinal): dictionary codes for the filter
 * families, numbers for sorts and summaries, ASCII-folded title and creator name for search. Loaded once from SQLite;
 * `upsert` / `remove` keep single videos current (see videoSearchIndex.ts, which follows video_search_log).
 */
export class VideoColumns {
  readonly dict = {
    brand: new Dictionary(), platform: new Dictionary(), creator: new Dictionary(), category: new Dictionary(), language: new Dictionary(),
    scene: new Dictionary(), pov: new Dictionary(), sponsoredBy: new Dictionary(), visual: new Dictionary(), foul: new Dictionary(),
    audio: new Dictionary(), topic: new Dictionary(), subTopic: new Dictionary(), product: new Dictionary(),
  };
  alive: Uint8Array = new Uint8Array(0);
  readonly id: string[] = [];
  readonly ordOf = new Map<string, number>();
  readonly brand: number[] = [];
  readonly brandId: string[] = [];
  readonly platform: number[] = [];
  readonly creator: number[] = [];
  readonly category: number[] = [];
  readonly language: number[] = [];
  readonly scene: number[] = [];
  readonly pov: number[] = [];
  readonly sponsoredBy: number[] = [];
  readonly visual: number[] = [];
  readonly foul: number[] = [];
  readonly audio = new CodeListColumn();
  readonly topics = new CodeListColumn();
  readonly subTopics = new CodeListColumn();
  readonly products = new CodeListColumn();
  readonly demographics: Record<DemographicFamily, number[]> = { age_range: [], ethnicity: [], gender: [] };
  /** Per family and bucket, each video's audience share (NaN when it has none): the list's audience summary averages them. */
  readonly shares: Record<DemographicFamily, number[][]> = {
    age_range: DEMOGRAPHIC_BUCKETS.age_range.map(() => []),
    ethnicity: DEMOGRAPHIC_BUCKETS.ethnicity.map(() => []),
    gender: DEMOGRAPHIC_BUCKETS.gender.map(() => []),
  };
  readonly positive: number[] = [];
  readonly negative: number[] = [];
  readonly views: number[] = [];
  readonly sponsored: number[] = [];
  readonly publishedAt: (string | null)[] = [];
  readonly createdAt: string[] = [];
  /** created_at as epoch milliseconds: the list's date window tests it for every tab member, and numbers compare faster. */
  readonly createdMs: number[] = [];
  /** Title code per ordinal; `titles` holds each distinct title ASCII-folded (a search tests each distinct title once). */
  readonly title: number[] = [];
  readonly titles: string[] = [];
  /** ASCII-folded creator name per creator code (`creator` column). */
  readonly creatorNames: (string | null)[] = [];
  private readonly titleCodes = new Dictionary();
  /** Bumped when a video is added or removed or a sort key changes (sort orders are rebuilt lazily). */
  orderVersion = 0;
  /** Bumped by every change of any column (postings are rebuilt lazily). */
  private dataVersion = 0;
  private readonly postings = new Map<CodeListColumn, { version: number; lists: Map<number, Int32Array>; marks: Uint8Array }>();

  private readonly one: Database.Statement;

  /** Loads every video from SQLite, or takes the columns of a snapshot (see `snapshot()`, searchSnapshot.ts). */
  constructor(db: Database.Database, saved?: ColumnsSnapshot) {
    this.one = db.prepare(`${ROW_SQL.replace('%PRODUCTS%', PRODUCTS_OF_ONE)} WHERE v.id = ?`);
    if (saved) {
      this.restore(saved);
      return;
    }
    // Bulk load: products in one pass over video_products instead of a subquery per video.
    for (const row of db.prepare(ROW_SQL.replace('%PRODUCTS%', "'[]'")).iterate() as IterableIterator<LoadedRow>) this.set(row);
    const productsOf = new Map<number, number[]>();
    for (const [videoId, productId] of db.prepare('SELECT video_id, product_id FROM video_products').raw().iterate() as IterableIterator<[string, string]>) {
      const ordinal = this.ordOf.get(videoId);
      if (ordinal === undefined) continue;
      const codes = productsOf.get(ordinal) ?? [];
      codes.push(this.dict.product.intern(productId));
      productsOf.set(ordinal, codes);
    }
    for (const [ordinal, codes] of productsOf) this.products.set(ordinal, codes);
    this.orderVersion += 1;
  }

  /** The columns as plain data, to be saved and given back to the constructor. */
  snapshot(): ColumnsSnapshot {
    const arrays = Object.fromEntries(SNAPSHOT_ARRAYS.map((field) => [field, packed(this[field])])) as ColumnsSnapshot['arrays'];
    const dict = Object.fromEntries(Object.entries(this.dict).map(([name, dictionary]) => [name, dictionary.values()])) as ColumnsSnapshot['dict'];
    const lists = Object.fromEntries(SNAPSHOT_LISTS.map((field) => [field, this[field].dump()])) as ColumnsSnapshot['lists'];
    const demographics = mapFamilies(this.demographics, (masks) => Int32Array.from(masks));
    const shares = mapFamilies(this.shares, (buckets) => buckets.map((bucket) => Float64Array.from(bucket)));
    return { arrays, dict, lists, alive: this.alive, demographics, shares, titleCodes: this.titleCodes.values() };
  }

  private restore(saved: ColumnsSnapshot): void {
    // The saved arrays replace the empty ones the fields start with (readonly to callers, not to the loader).
    const arrays = Object.fromEntries(Object.entries(saved.arrays).map(([field, values]) => [field, unpacked(values)]));
    const demographics = mapFamilies(saved.demographics, unpacked);
    const shares = mapFamilies(saved.shares, (buckets) => buckets.map(unpacked));
    Object.assign(this, arrays, { demographics, shares, titleCodes: Dictionary.of(saved.titleCodes) });
    for (const field of SNAPSHOT_LISTS) Object.assign(this, { [field]: CodeListColumn.load(saved.lists[field]) });
    for (const name of Object.keys(this.dict) as (keyof VideoColumns['dict'])[]) this.dict[name] = Dictionary.of(saved.dict[name]);
    this.alive = saved.alive;
    // Brand ids follow from the brand codes: one shared string per brand instead of one saved per video.
    const brands = saved.dict.brand;
    for (let o = 0; o < this.id.length; o++) {
      this.brandId.push(brands[this.brand[o] ?? -1] ?? '');
      if (this.alive[o] === 1) this.ordOf.set(this.id[o] ?? '', o);
    }
    this.orderVersion += 1;
  }

  /** Number of ordinal slots (max rowid + 1); dead slots have alive = 0. */
  get size(): number {
    return this.id.length;
  }

  /** Re-reads one video by id (added, changed or deleted). */
  refresh(videoId: string): void {
    const row = this.one.get(videoId) as LoadedRow | undefined;
    const previous = this.ordOf.get(videoId);
    if (previous !== undefined && (!row || row.ord !== previous)) {
      this.alive[previous] = 0;
      this.dataVersion += 1;
      this.ordOf.delete(videoId);
      this.orderVersion += 1;
    }
    if (!row) return;
    const known = this.ordOf.has(videoId);
    const keys = known ? `${this.createdAt[row.ord]}|${this.publishedAt[row.ord]}|${this.positive[row.ord]}` : '';
    this.set(row);
    if (!known || keys !== `${row.created_at}|${row.published_at}|${row.sentiment_positive}`) this.orderVersion += 1;
  }

  /** Appends empty slots up to `o`, so every column stays a packed array (fast element access). */
  private extendTo(o: number): void {
    while (this.id.length <= o) {
      this.id.push('');
      this.brandId.push('');
      for (const codes of [this.brand, this.platform, this.creator, this.category, this.language, this.scene, this.pov, this.sponsoredBy, this.visual, this.foul]) codes.push(-1);
      for (const lists of [this.audio, this.topics, this.subTopics, this.products]) lists.push();
      for (const masks of Object.values(this.demographics)) masks.push(0);
      for (const buckets of Object.values(this.shares)) for (const bucket of buckets) bucket.push(NaN);
      for (const numbers of [this.positive, this.negative, this.views, this.sponsored]) numbers.push(0.5);
      this.publishedAt.push(null);
      this.createdAt.push('');
      this.createdMs.push(0.5);
      this.title.push(-1);
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
    if (o >= this.alive.length) {
      const grown = new Uint8Array(Math.max(o + 1, this.alive.length * 2, 1024));
      grown.set(this.alive);
      this.alive = grown;
    }
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
    this.products.set(o, strings(parse(row.products)).map((value) => d.product.intern(value)));
    const shares = demographicShares(row.demographics);
    for (const family of Object.keys(shares) as DemographicFamily[]) {
      shares[family].forEach((share, bucket) => {
        (this.shares[family][bucket] as number[])[o] = share;
      });
    }
    const masks = demographicMasks(shares);
    this.demographics.age_range[o] = masks.age_range;
    this.demographics.ethnicity[o] = masks.ethnicity;
    this.demographics.gender[o] = masks.gender;
    this.positive[o] = row.sentiment_positive;
    this.negative[o] = row.sentiment_negative;
    this.views[o] = row.views;
    this.sponsored[o] = row.sponsored;
    this.publishedAt[o] = row.published_at;
    this.createdAt[o] = row.created_at;
    this.createdMs[o] = Date.parse(row.created_at);
    const title = foldAscii(row.title);
    const code = this.titleCodes.intern(title);
    this.titles[code] = title;
    this.title[o] = code;
    const creator = this.creator[o] ?? -1;
    if (creator >= 0) this.creatorNames[creator] = row.creator_name === null ? null : foldAscii(row.creator_name);
  }
}
