/**
 * The seeded workspace's own words, pairs, names and ids, read from its SQLite file, so the equivalence test's random
 * searches and filters find something (postgres/engineEquivalence.test.ts).
 */
import type { SqliteDatabase } from '../../../../../src/server/db/database';

export interface Vocabulary {
  words: string[];
  pairs: string[];
  nonLatin: string[];
  shortTerms: string[];
  productNames: string[];
  titleParts: string[];
  videoIds: string[];
  /** The acting brand's own videos and its competitors' (trash and untrash take one kind at a time). */
  ownVideoIds: string[];
  competitorVideoIds: string[];
  productIds: string[];
  creatorIds: string[];
  brandIds: string[];
  competitorIds: string[];
  languages: string[];
  categories: string[];
  scenes: string[];
  povs: string[];
  audioLabels: string[];
}

export function workspaceVocabulary(sqlite: SqliteDatabase, brandId: string): Vocabulary {
  const all = <T>(sql: string, ...values: unknown[]) => sqlite.prepare(sql).pluck().all(...values) as T[];
  const brandIds = [brandId, ...all<string>('SELECT id FROM brands WHERE competitor_of = ? ORDER BY id', brandId)];
  const inScope = `brand_id IN (${brandIds.map(() => '?').join(', ')})`;
  const lines = all<string>(`SELECT content FROM transcript_lines WHERE video_id IN (SELECT id FROM videos WHERE ${inScope}) ORDER BY id`, ...brandIds);
  const words: string[] = [];
  const pairs: string[] = [];
  const nonLatin: string[] = [];
  for (const line of lines) {
    const parts = line.split(/\s+/).map((part) => part.replace(/[.,!?;:"()]+/gu, '')).filter((part) => part !== '');
    for (let i = 0; i < parts.length; i++) {
      const word = parts[i] ?? '';
      if (/[^\p{Script=Latin}\p{N}\p{P}]/u.test(word)) nonLatin.push(word);
      else if (word.length >= 4) words.push(word);
      if (i + 1 < parts.length) pairs.push(`${word} ${parts[i + 1]}`);
    }
  }
  const distinct = (items: string[]) => [...new Set(items)].sort();
  const json = (sql: string) => distinct(all<string>(sql, ...brandIds).flatMap((text) => JSON.parse(text) as string[]));
  return {
    words: distinct(words),
    pairs: distinct(pairs),
    nonLatin: distinct(nonLatin),
    shortTerms: ['a', 'is', 'it', 'de', 'の', 'ok', 'xy'],
    productNames: all<string>(`SELECT name FROM products WHERE ${inScope} ORDER BY name`, ...brandIds),
    titleParts: distinct(all<string>(`SELECT title FROM videos WHERE ${inScope} ORDER BY id`, ...brandIds).flatMap((title) => title.split(/\s+/).filter((part) => part.length >= 3))),
    videoIds: all<string>(`SELECT id FROM videos WHERE ${inScope} ORDER BY id`, ...brandIds),
    ownVideoIds: all<string>('SELECT id FROM videos WHERE brand_id = ? ORDER BY id', brandId),
    competitorVideoIds: all<string>(`SELECT id FROM videos WHERE ${inScope} AND brand_id <> ? ORDER BY id`, ...brandIds, brandId),
    productIds: all<string>(`SELECT id FROM products WHERE ${inScope} ORDER BY id`, ...brandIds),
    creatorIds: all<string>(`SELECT id FROM creators WHERE ${inScope} ORDER BY id`, ...brandIds),
    brandIds,
    competitorIds: brandIds.slice(1),
    languages: all<string>(`SELECT DISTINCT language FROM videos WHERE ${inScope} ORDER BY 1`, ...brandIds),
    categories: all<string>(`SELECT DISTINCT category FROM videos WHERE ${inScope} AND category IS NOT NULL ORDER BY 1`, ...brandIds),
    scenes: all<string>(`SELECT DISTINCT scene FROM videos WHERE ${inScope} AND scene IS NOT NULL ORDER BY 1`, ...brandIds),
    povs: all<string>(`SELECT DISTINCT pov FROM videos WHERE ${inScope} AND pov IS NOT NULL ORDER BY 1`, ...brandIds),
    audioLabels: json(`SELECT audio_labels FROM videos WHERE ${inScope} ORDER BY id`),
  };
}
