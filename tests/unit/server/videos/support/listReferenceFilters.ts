import { HAS_SENTIMENT } from './sentimentReference';
import { DEMOGRAPHIC_FILTER_MIN_SHARE, type VideoFilters } from '../../../../../src/shared/http/videos.schemas';
import { andAll, ftsPhrase, inList, likeContains, orAny, type SqlPart } from '../../../../../src/server/repositories/videos/videoScope';
import { FTS_MIN_CHARS } from '../../../../../src/server/search/searchLimits';

// The list's filters and search as SQLite SQL: the reference the in-memory list index is held to (the product answers
// every list query, get_video_ids included, from the index on either engine).

function demographicSql(family: 'age_range' | 'ethnicity' | 'gender', buckets: readonly string[]): SqlPart | null {
  // Paths come from the zod enums of AGE_RANGES / ETHNICITIES / GENDERS and are bound as parameters anyway.
  return orAny(buckets.map((bucket) => ({ sql: 'json_extract(v.demographics, ?) >= ?', params: [`$.${family}."${bucket}"`, DEMOGRAPHIC_FILTER_MIN_SHARE] })));
}

function jsonAny(sql: string, values: readonly string[]): SqlPart | null {
  const list = inList('j.value', values);
  return list ? { sql: sql.replace('%IN%', list.sql), params: list.params } : null;
}

/** The WHERE part of every filter family of spec §3 (families AND, values OR). `brandId` is the acting brand (notes). */
export function filtersSql(filters: VideoFilters | undefined, brandId: string): SqlPart {
  if (!filters) return andAll([]);
  const noteValues = new Set(filters.note.values);
  const noteExists = "EXISTS (SELECT 1 FROM notes n WHERE n.kind = 'video' AND n.target_id = v.id AND n.brand_id = ?)";
  const note: SqlPart | null =
    noteValues.has('has_note') === noteValues.has('no_note') ? null : { sql: noteValues.has('has_note') ? noteExists : `NOT ${noteExists}`, params: [brandId] };
  const noteText = filters.note.text.trim();
  const views = filters.views?.value == null ? null : { sql: filters.views.radio === 'lte' ? 'v.views <= ?' : 'v.views >= ?', params: [filters.views.value] };
  const sponsorship = filters.sponsored.sponsorship;

  return andAll([
    inList('v.platform', filters.platform),
    note,
    noteText === ''
      ? null
      : {
          sql: "EXISTS (SELECT 1 FROM notes n WHERE n.kind = 'video' AND n.target_id = v.id AND n.brand_id = ? AND n.content LIKE ? ESCAPE '\\')",
          params: [brandId, likeContains(noteText)],
        },
    demographicSql('age_range', filters.demographic.age_range),
    demographicSql('ethnicity', filters.demographic.ethnicity),
    demographicSql('gender', filters.demographic.gender),
    inList('v.scene', filters.scene),
    inList('v.pov', filters.pov),
    inList('v.creator_id', filters.influencer),
    inList('v.category', filters.category),
    (() => {
      const list = inList('vp.product_id', filters.product);
      // A set built once per query (index video_products_product), probed per row; same answer as a correlated EXISTS.
      return list ? { sql: `v.id IN (SELECT vp.video_id FROM video_products vp WHERE ${list.sql})`, params: list.params } : null;
    })(),
    inList('v.brand_id', filters.brand),
    jsonAny('EXISTS (SELECT 1 FROM json_each(v.audio_labels) j WHERE %IN%)', filters.audio_labels),
    (() => {
      const list = inList("json_extract(v.brand_safety, '$.visual_content')", filters.brand_safety.visual_content);
      return list;
    })(),
    inList("json_extract(v.brand_safety, '$.foul_language')", filters.brand_safety.foul_language),
    inList('v.language', filters.language),
    views,
    sponsorship === null || sponsorship === undefined ? null : sponsorship ? { sql: 'v.sponsored = 1', params: [] } : { sql: `v.sponsored = 0 AND ${HAS_SENTIMENT}`, params: [] },
    inList('v.sponsored_by', filters.sponsored.sponsored_by),
    jsonAny("EXISTS (SELECT 1 FROM json_each(v.topics) j0, json_each(j0.value, '$.topic') j WHERE %IN%)", filters.topic.topics),
    jsonAny("EXISTS (SELECT 1 FROM json_each(v.topics) j0, json_each(j0.value, '$.subTopics') j WHERE %IN%)", filters.topic.subTopics),
  ]);
}

/**
 * How a transcript search is joined: 'set' runs the FTS query once and keeps the matching videos (counts, rare words);
 * 'probe' checks each candidate video's own lines with LIKE while walking the sort order (pages of common words: the
 * walk stops at LIMIT, so the cost follows the page, not the workspace). Probing is only chosen for ASCII searches, where
 * LIKE's case folding equals the index's.
 */
export type TranscriptJoin = 'set' | 'probe';

const PROBE_SQL = "EXISTS (SELECT 1 FROM transcript_lines tl WHERE tl.video_id = v.id AND tl.content LIKE ? ESCAPE '\\')";

/**
 * Search: title or creator name substring (case-insensitive LIKE); with `inTranscript` and ≥3 characters, also videos
 * with a transcript line containing it (FTS5 trigram index, never a scan).
 */
export function searchSql(search: string, inTranscript: boolean, join: TranscriptJoin = 'set'): SqlPart | null {
  const text = search.trim();
  if (text === '') return null;
  const like = likeContains(text);
  const parts: SqlPart[] = [
    { sql: "v.title LIKE ? ESCAPE '\\'", params: [like] },
    { sql: "EXISTS (SELECT 1 FROM creators c WHERE c.id = v.creator_id AND c.name LIKE ? ESCAPE '\\')", params: [like] },
  ];
  if (inTranscript && [...text].length >= FTS_MIN_CHARS) {
    parts.push({
      sql: join === 'probe' ? PROBE_SQL : 'v.id IN (SELECT tl.video_id FROM transcript_fts f JOIN transcript_lines tl ON tl.id = f.rowid WHERE transcript_fts MATCH ?)',
      params: [join === 'probe' ? like : ftsPhrase(text)],
    });
  }
  return orAny(parts);
}
