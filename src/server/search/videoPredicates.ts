import { DEMOGRAPHIC_FILTER_MIN_SHARE, type VideoFilters } from '../../shared/http/videos.schemas';
import type { Dictionary, VideoColumns } from './videoColumns';

/** A test of one video ordinal. */
export type Predicate = (ordinal: number) => boolean;

/** What a list query needs from outside the columns: the acting brand's notes. */
export interface NoteSets {
  /** Ordinals the brand wrote a note on. */
  noted: ReadonlySet<number>;
  /** Ordinals whose note of the brand contains the filter's note text (only asked when there is one). */
  noteContaining(text: string): ReadonlySet<number>;
}

/** Codes of the wanted values; unknown values match nothing. */
function codesOf(dict: Dictionary, values: readonly string[]): Set<number> {
  const codes = new Set<number>();
  for (const value of values) {
    const code = dict.find(value);
    if (code !== undefined) codes.add(code);
  }
  return codes;
}

function single(column: readonly number[], dict: Dictionary, values: readonly string[]): Predicate | null {
  if (values.length === 0) return null;
  const codes = codesOf(dict, values);
  return (o) => codes.has(column[o] ?? -1);
}

function multi(column: readonly (readonly number[])[], dict: Dictionary, values: readonly string[]): Predicate | null {
  if (values.length === 0) return null;
  const codes = codesOf(dict, values);
  return (o) => (column[o] ?? []).some((code) => codes.has(code));
}

/** json_extract(demographics, '$.family."bucket"') >= share for any of the buckets (non-numbers never match). */
function demographic(columns: VideoColumns, family: string, buckets: readonly string[]): Predicate | null {
  if (buckets.length === 0) return null;
  return (o) => {
    const shares = columns.demographics[o]?.[family];
    return buckets.some((bucket) => {
      const share = shares?.[bucket];
      return typeof share === 'number' && share >= DEMOGRAPHIC_FILTER_MIN_SHARE;
    });
  };
}

/**
 * The predicates of every filter family of spec §3 (families AND, values OR), with the same meaning as
 * repositories/videos/videoFilterSql.ts `filtersSql` (which remains the reference the tests compare against).
 */
export function filterPredicates(columns: VideoColumns, filters: VideoFilters | undefined, notes: NoteSets): Predicate[] {
  if (!filters) return [];
  const d = columns.dict;
  const c = columns;
  const noteValues = new Set(filters.note.values);
  const noteText = filters.note.text.trim();
  const views = filters.views?.value ?? null;
  const sponsorship = filters.sponsored.sponsorship;
  const parts: (Predicate | null)[] = [
    single(c.platform, d.platform, filters.platform),
    noteValues.has('has_note') === noteValues.has('no_note') ? null : noteValues.has('has_note') ? (o) => notes.noted.has(o) : (o) => !notes.noted.has(o),
    noteText === '' ? null : ((containing) => (o: number) => containing.has(o))(notes.noteContaining(noteText)),
    demographic(c, 'age_range', filters.demographic.age_range),
    demographic(c, 'ethnicity', filters.demographic.ethnicity),
    demographic(c, 'gender', filters.demographic.gender),
    single(c.scene, d.scene, filters.scene),
    single(c.pov, d.pov, filters.pov),
    single(c.creator, d.creator, filters.influencer),
    single(c.category, d.category, filters.category),
    multi(c.products, d.product, filters.product),
    single(c.brand, d.brand, filters.brand),
    multi(c.audio, d.audio, filters.audio_labels),
    single(c.visual, d.visual, filters.brand_safety.visual_content),
    single(c.foul, d.foul, filters.brand_safety.foul_language),
    single(c.language, d.language, filters.language),
    views === null ? null : filters.views?.radio === 'lte' ? (o) => (c.views[o] ?? 0) <= views : (o) => (c.views[o] ?? 0) >= views,
    sponsorship === null || sponsorship === undefined ? null : ((flag) => (o: number) => c.sponsored[o] === flag)(sponsorship ? 1 : 0),
    single(c.sponsoredBy, d.sponsoredBy, filters.sponsored.sponsored_by),
    multi(c.topics, d.topic, filters.topic.topics),
    multi(c.subTopics, d.subTopic, filters.topic.subTopics),
  ];
  return parts.filter((part): part is Predicate => part !== null);
}
