import type { VideoFilters } from '../../shared/http/videos.schemas';
import type { CodeListColumn } from './codeListColumn';
import { DEMOGRAPHIC_BUCKETS, type DemographicFamily, type Dictionary } from './columnValues';
import type { VideoColumns } from './videoColumns';

/** A test of one video ordinal. */
export type Predicate = (ordinal: number) => boolean;

/** What a list query needs from outside the columns: the acting brand's notes. */
export interface NoteSets {
  /** Ordinals the brand wrote a note on. */
  noted: ReadonlySet<number>;
  /** Ordinals whose note of the brand contains the filter's note text (only asked when there is one). */
  noteContaining(text: string): ReadonlySet<number>;
}

/**
 * A lookup table by code of the wanted values (unknown values match nothing): a predicate runs once per tab member, and
 * indexing a byte array is several times cheaper there than a Set lookup.
 */
function wantedCodes(dict: Dictionary, values: readonly string[]): Uint8Array {
  const wanted = new Uint8Array(dict.size + 1);
  for (const value of values) {
    const code = dict.find(value);
    if (code !== undefined) wanted[code] = 1;
  }
  return wanted;
}

/**
 * Keeps the candidates (ordinals in `candidates[0, n)`) that pass, in order, compacted in place; answers how many
 * remain. The frequent families each run their own loop, so the test inlines instead of being a call per candidate.
 */
export type Filter = (candidates: Int32Array, n: number) => number;

/** A filter from a per-ordinal test (the rarer families and the search). */
export function byPredicate(test: Predicate): Filter {
  return (candidates, n) => {
    let kept = 0;
    for (let i = 0; i < n; i++) {
      const o = candidates[i] ?? 0;
      if (test(o)) candidates[kept++] = o;
    }
    return kept;
  };
}

function single(column: ArrayLike<number>, dict: Dictionary, values: readonly string[]): Filter | null {
  if (values.length === 0) return null;
  const wanted = wantedCodes(dict, values);
  return (candidates, n) => {
    let kept = 0;
    for (let i = 0; i < n; i++) {
      const o = candidates[i] ?? 0;
      // Null values are coded -1, which reads as undefined: no match.
      if (wanted[column[o] ?? -1] === 1) candidates[kept++] = o;
    }
    return kept;
  };
}

function multi(columns: VideoColumns, column: CodeListColumn, dict: Dictionary, values: readonly string[]): Filter | null {
  if (values.length === 0) return null;
  const codes = values.map((value) => dict.find(value)).filter((code): code is number => code !== undefined);
  return (candidates, n) => {
    // Mark the ordinals of the wanted codes, keep the marked candidates, then unmark (the scratch is shared).
    const { lists, marks } = columns.postingsOf(column);
    const postings = codes.map((code) => lists.get(code) ?? new Int32Array(0));
    for (const list of postings) for (let i = 0; i < list.length; i++) marks[list[i] ?? 0] = 1;
    let kept = 0;
    for (let i = 0; i < n; i++) {
      const o = candidates[i] ?? 0;
      if (marks[o] === 1) candidates[kept++] = o;
    }
    for (const list of postings) for (let i = 0; i < list.length; i++) marks[list[i] ?? 0] = 0;
    return kept;
  };
}

/** `column >= value` (or `<=` with `atMost`); a missing number counts as 0, as COALESCE in the SQL. */
function threshold(column: ArrayLike<number>, value: number, atMost: boolean): Filter {
  return (candidates, n) => {
    let kept = 0;
    for (let i = 0; i < n; i++) {
      const o = candidates[i] ?? 0;
      const at = column[o] ?? 0;
      if (atMost ? at <= value : at >= value) candidates[kept++] = o;
    }
    return kept;
  };
}

/** json_extract(demographics, '$.family."bucket"') >= share for any of the buckets (see VideoColumns' masks). */
function demographic(columns: VideoColumns, family: DemographicFamily, buckets: readonly string[]): Filter | null {
  if (buckets.length === 0) return null;
  const known: readonly string[] = DEMOGRAPHIC_BUCKETS[family];
  const wanted = buckets.reduce((mask, bucket) => (known.includes(bucket) ? mask | (1 << known.indexOf(bucket)) : mask), 0);
  const masks = columns.demographics[family];
  return (candidates, n) => {
    let kept = 0;
    for (let i = 0; i < n; i++) {
      const o = candidates[i] ?? 0;
      if (((masks[o] ?? 0) & wanted) !== 0) candidates[kept++] = o;
    }
    return kept;
  };
}

/**
 * The filters of every filter family of spec §3 (families AND, values OR), with the same meaning as
 * the SQL of tests/unit/server/videos/support/listReferenceFilters.ts (the reference the tests compare against).
 */
export function filterPredicates(columns: VideoColumns, filters: VideoFilters | undefined, notes: NoteSets): Filter[] {
  if (!filters) return [];
  const d = columns.dict;
  const c = columns;
  const noteValues = new Set(filters.note.values);
  const noteText = filters.note.text.trim();
  const views = filters.views?.value ?? null;
  const sponsorship = filters.sponsored.sponsorship;
  // Families AND together, so their order only changes the cost: one-byte lookups and numbers first, then the
  // multi-valued and note families on the fewer candidates left, demographics (objects) last.
  const parts: (Filter | null)[] = [
    single(c.platform, d.platform, filters.platform),
    single(c.scene, d.scene, filters.scene),
    single(c.pov, d.pov, filters.pov),
    single(c.creator, d.creator, filters.influencer),
    single(c.category, d.category, filters.category),
    single(c.brand, d.brand, filters.brand),
    single(c.visual, d.visual, filters.brand_safety.visual_content),
    single(c.foul, d.foul, filters.brand_safety.foul_language),
    single(c.language, d.language, filters.language),
    single(c.sponsoredBy, d.sponsoredBy, filters.sponsored.sponsored_by),
    views === null ? null : threshold(c.views, views, filters.views?.radio === 'lte'),
    // "Not sponsored" is only known of a video whose speech was read: the stored 0 of one never analysed is no finding.
    sponsorship === null || sponsorship === undefined ? null : sponsorship ? byPredicate((o) => c.sponsored[o] === 1) : byPredicate((o) => c.sponsored[o] === 0 && c.partsRead(o).sponsored),
    multi(c, c.products, d.product, filters.product),
    multi(c, c.audio, d.audio, filters.audio_labels),
    multi(c, c.topics, d.topic, filters.topic.topics),
    multi(c, c.subTopics, d.subTopic, filters.topic.subTopics),
    noteValues.has('has_note') === noteValues.has('no_note') ? null : noteValues.has('has_note') ? byPredicate((o) => notes.noted.has(o)) : byPredicate((o) => !notes.noted.has(o)),
    noteText === '' ? null : ((containing) => byPredicate((o) => containing.has(o)))(notes.noteContaining(noteText)),
    demographic(c, 'age_range', filters.demographic.age_range),
    demographic(c, 'ethnicity', filters.demographic.ethnicity),
    demographic(c, 'gender', filters.demographic.gender),
  ];

  return parts.filter((part): part is Filter => part !== null);
}
