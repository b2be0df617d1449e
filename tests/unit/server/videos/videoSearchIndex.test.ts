import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type Database from 'better-sqlite3';
import { VIDEO_SORTS, VIDEO_TABS } from '../../../../src/shared/constants';
import type { VideoFiltersInput, VideoListResponse } from '../../../../src/shared/http/videos.schemas';
import type { SqlParam } from '../../../../src/server/db/sqlClient';
import { ftsPhrase } from '../../../../src/server/repositories/videos/videoScope';
import { facetsInSql } from './support/facetsReference';
import { HAS_SENTIMENT } from './support/sentimentReference';
import { referenceIds } from './support/listReference';
import { openVideoWorkspace, WORKSPACE_NOW, type VideoWorkspace } from './support/videoWorkspace';
import { ENGINE } from '../support/testEngine';

// The list's count, summary, pages and get_video_ids come from the in-memory search index (src/server/search), on
// either engine (bothEngineTests.ts): the same code, loaded from and following each engine's change log. SQL over an
// SQLite file is the reference (support/listReference.ts: FTS5 trigram search, JSON functions, LIKE's case folding):
// on SQLite the workspace's own file; on PostgreSQL a twin of the workspace on SQLite (the seed is deterministic: the
// same ids) that is given every write the PostgreSQL one is — the same requests to a back end on the twin, the same
// SQL. These tests hold the index to the SQL answer, before and after every kind of write the index must follow.

let w: VideoWorkspace;
/** The workspace whose SQLite file is the reference: `w` itself on SQLite. */
let twin: VideoWorkspace;
/** The reference's SQLite file. */
let reference: Database.Database;
beforeAll(async () => {
  w = await openVideoWorkspace();
  twin = ENGINE === 'sqlite' ? w : await openVideoWorkspace(0.3, {}, 'sqlite');
  reference = twin.db;
  expect([twin.brandId, twin.competitorIds]).toEqual([w.brandId, w.competitorIds]);
}, 240_000);
afterAll(async () => {
  await w.close();
  if (twin !== w) await twin.close();
});

/** A request that writes, sent to the workspace and to its twin. */
async function send(method: 'POST', path: string, body: object): Promise<void> {
  for (const workspace of new Set([w, twin])) {
    const response = await workspace.send(method, path, body);
    expect(response.statusCode, response.body).toBeLessThan(300);
  }
}

/** SQL that writes, run on the workspace's engine and on its twin: as any other code path might write. */
async function write(text: string, params: SqlParam[]): Promise<void> {
  for (const workspace of new Set([w, twin])) await workspace.sql.run(text, params);
}

type Query = Record<string, unknown>;

async function json<T>(path: string, query: Query): Promise<T> {
  const response = await w.get(path, query);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as T;
}

/**
 * The list (index) agrees with SQL over the same file (listReference.ts): count, page 1 and 2 are the SQL order's
 * slices, and get_video_ids (also the index) names every id in that order.
 */
async function expectAgrees(query: Query): Promise<VideoListResponse> {
  const expected = referenceIds(reference, { brandId: w.brandId, competitorIds: w.competitorIds, userId: w.userId }, { brand_id: w.brandId, user_id: w.userId, ...query }, new Date(WORKSPACE_NOW));
  const sql = { count: expected.length, videos: expected.map((id) => ({ video_id: id })) };
  const all = await json<{ count: number; videos: { video_id: string }[] }>('/jwt_api/videos/get_video_ids', query);
  expect({ count: all.count, videos: all.videos.map((video) => ({ video_id: video.video_id })) }, JSON.stringify(query)).toEqual(sql);
  const per = 10;
  const first = await json<VideoListResponse>('/jwt_api/videos', { ...query, per_page: per, page: 1 });
  const second = await json<VideoListResponse>('/jwt_api/videos', { ...query, per_page: per, page: 2 });
  const label = JSON.stringify(query);
  expect(first.data.count, label).toBe(sql.count);
  expect(first.videos.map((video) => video._id), label).toEqual(sql.videos.slice(0, per).map((video) => video.video_id));
  expect(second.videos.map((video) => video._id), label).toEqual(sql.videos.slice(per, 2 * per).map((video) => video.video_id));
  return first;
}

/**
 * Phrases cut from the seeded lines of every language (each line is distinct): a word part, a word prefix, two words
 * across their space, three words, a phrase across a double space, with case and diacritics changed.
 */
function phrasesFromTranscripts(): string[] {
  const lines = reference
    .prepare("SELECT l.content FROM transcript_lines l JOIN videos v ON v.id = l.video_id WHERE l.line_no = 3 GROUP BY v.language ORDER BY v.language")
    .pluck().all() as string[];
  expect(lines.length).toBeGreaterThanOrEqual(5);
  const phrases: string[] = [];
  for (const line of lines) {
    const words = line.split(' ').filter((word) => [...word].length >= 4);
    const [first = '', second = ''] = words;
    phrases.push([...first].slice(1, 4).join(''), [...first].slice(0, 3).join('').toUpperCase());
    const at = line.indexOf(' ');
    if (at > 2) phrases.push(line.slice(at - 2, at + 4), line.split(' ').slice(1, 4).join(' '));
    if (second) phrases.push(second.normalize('NFD').replace(/\p{M}/gu, ''));
    // No transcript line has a double space: the same words with two spaces match nothing, in both.
    if (at > 2) phrases.push(`${line.slice(at - 3, at)}  ${line.slice(at + 1, at + 4)}`);
  }
  return [...new Set(phrases.filter((phrase) => phrase.trim().length >= 3))];
}

/** Direct SQL summary of a set of ids (average sentiment over those that have one). */
function sqlSentiment(ids: readonly string[]): { positive: number; negative: number; measured: number } {
  const row = reference
    .prepare(`SELECT COALESCE(AVG(sentiment_positive), 0) AS p, COALESCE(AVG(sentiment_negative), 0) AS n, COUNT(*) AS measured FROM videos v
      WHERE id IN (SELECT value FROM json_each(?)) AND ${HAS_SENTIMENT}`)
    .get(JSON.stringify(ids)) as { p: number; n: number; measured: number };
  return { positive: Math.round(row.p * 1000) / 1000, negative: Math.round(row.n * 1000) / 1000, measured: row.measured };
}

describe('the in-memory list index answers as SQL does', () => {
  /** The tab's filter options (from the index's columns) are the grouped SQL's. */
  const expectFacetsAgree = async (): Promise<void> => {
    for (const tab of VIDEO_TABS) {
      const { filters } = (await json<VideoListResponse>('/jwt_api/videos', { tab })).data;
      expect(filters, tab).toEqual(facetsInSql(reference, { brandId: w.brandId, competitorIds: w.competitorIds, userId: w.userId }, tab));
    }
  };

  it("every tab and sort, with and without desc; every tab's filter options", async () => {
    await expectFacetsAgree();
    for (const tab of VIDEO_TABS) {
      for (const sort of ['created_at', ...VIDEO_SORTS]) await expectAgrees({ tab, sort });
      await expectAgrees({ tab, sort: 'created_at', desc: false });
    }
  });

  it('filter families, date ranges, title and transcript search', async () => {
    const { filters } = (await json<VideoListResponse>('/jwt_api/videos', {})).data;
    const pick = (family: keyof typeof filters): string[] => filters[family].slice(0, 2).map((option) => option.value);
    const cases: VideoFiltersInput[] = [
      { platform: pick('platform') as never }, { category: pick('category') }, { language: pick('language') }, { scene: pick('scene') },
      { pov: pick('pov') }, { influencer: pick('influencer') }, { product: pick('product') }, { audio_labels: pick('audio_labels') },
      { sponsored: { sponsorship: true } }, { sponsored: { sponsorship: false, sponsored_by: pick('sponsored_by') } },
      { topic: { topics: pick('topics'), subTopics: [] } }, { topic: { topics: [], subTopics: pick('subTopics') } },
      { brand_safety: { visual_content: pick('visual_content') as never, foul_language: pick('foul_language') as never } },
      { views: { radio: 'gte', value: 10_000 } }, { views: { radio: 'lte', value: 10_000 } },
      { demographic: { age_range: ['18-24' as never], ethnicity: [], gender: [] } }, { note: { values: ['has_note'], text: '' } },
      { note: { values: ['no_note'], text: '' } }, { platform: pick('platform') as never, category: pick('category'), pov: pick('pov') },
    ];
    for (const filter of cases) {
      const body = await expectAgrees({ filters: filter, sort: 'highest_sentiment' });
      const all = await json<{ videos: { video_id: string }[] }>('/jwt_api/videos/get_video_ids', { filters: filter });
      expect(body.data.sentiment, JSON.stringify(filter)).toEqual(sqlSentiment(all.videos.map((video) => video.video_id)));
    }
    for (const date of ['1w', '1m', '3m', 'ytd', '1y']) await expectAgrees({ date });
    await expectAgrees({ date: 'custom', start_date: '2026-01-01', end_date: '2026-06-30' });
    // Product names are runs of three words or more, said in transcripts and titles alike.
    const names = filters.product.slice(0, 3).map((option) => option.label);
    expect(names.some((name) => name.split(' ').length >= 3)).toBe(true);
    for (const search of ['the', 'GLOW', 'really', 'a', 'zz', 'price', 'honestly i', 'Ünï', ...names, ...phrasesFromTranscripts()]) {
      await expectAgrees({ search });
      await expectAgrees({ search, search_in: 'transcript', sort: 'newest_videos' });
      await expectAgrees({ search, search_in: 'transcript', tab: 'Competition' });
    }
  });

  it('shows under each found video the line that matched, with case and accents folded as the search folds them', async () => {
    const line = reference
      .prepare("SELECT l.content FROM transcript_lines l JOIN videos v ON v.id = l.video_id WHERE v.language IN ('de', 'fr', 'es') AND l.content GLOB '*[éèàüöäñç]*' ORDER BY l.id LIMIT 1")
      .pluck().get() as string;
    const word = line.split(' ').find((part) => /[éèàüöäñç]/.test(part) && [...part].length >= 4) ?? '';
    expect(word).not.toBe('');
    const search = word.toUpperCase();
    const found = await json<VideoListResponse>('/jwt_api/videos', { search, search_in: 'transcript', per_page: 10 });
    expect(found.data.count).toBeGreaterThan(0);
    for (const video of found.videos) {
      expect(video.transcript_match?.content.toLowerCase(), `${video._id} for ${search}`).toContain(word.toLowerCase());
    }
  });

  it('shows under each found video the first line, in line order, the line index finds the search in', async () => {
    const { filters } = (await json<VideoListResponse>('/jwt_api/videos', {})).data;
    const names = [...filters.product, ...filters.influencer].slice(0, 6).map((option) => option.label);
    const firstLine = reference.prepare(
      `SELECT tl.content FROM transcript_fts f JOIN transcript_lines tl ON tl.id = f.rowid
       WHERE transcript_fts MATCH ? AND tl.video_id = ? ORDER BY tl.line_no LIMIT 1`,
    ).pluck();
    // Words, word parts, pairs, runs of three words and more, names (also said only in titles), and a word no line says.
    for (const search of ['honestly', 'PRICE', 'eall', 'honestly i', ...names, ...phrasesFromTranscripts(), 'zzqx']) {
      const found = await json<VideoListResponse>('/jwt_api/videos', { search, search_in: 'transcript', per_page: 50 });
      for (const video of found.videos) {
        const expected = (firstLine.get(ftsPhrase(search), video._id) as string | undefined) ?? null;
        expect(video.transcript_match?.content ?? null, `${video._id} for ${search}`).toBe(expected);
      }
    }
  });

  it('follows marks, trash, delete, edits, creator renames and transcript changes', async () => {
    const ids = (await json<{ videos: { video_id: string }[] }>('/jwt_api/videos/get_video_ids', {})).videos.map((video) => video.video_id);
    const [a = '', b = '', c = '', d = ''] = ids;
    const check = async (): Promise<void> => {
      await expectFacetsAgree();
      for (const tab of VIDEO_TABS) await expectAgrees({ tab, sort: 'favorite_videos' });
      await expectAgrees({ search: 'zebra quartz' });
      await expectAgrees({ search: 'zebra quartz', search_in: 'transcript' });
    };
    await send('POST', '/jwt_api/videos/favorite_videos', { video_ids: [a, b] });
    await send('POST', '/jwt_api/videos/flag_videos', { video_ids: [b], reason: 'Spam or misleading' });
    await send('POST', '/jwt_api/videos/trash_videos', { videos: [{ video_id: c, manufacturer_ids: [w.brandId] }] });
    await check();
    await send('POST', '/jwt_api/videos/delete_videos', { video_ids: [c], competitors: false });
    const at = new Date().toISOString();
    // Writes through SQL, as any other code path might do them: the triggers' log tells the index.
    await write("UPDATE videos SET title = 'Zebra Quartz review', created_at = ? WHERE id = ?", ['2026-11-22T09:59:00.000Z', d]);
    await write("UPDATE creators SET name = 'Zebra Quartz' WHERE id = (SELECT creator_id FROM videos WHERE id = ?)", [a]);
    await write("INSERT INTO transcript_lines (video_id, line_no, start_time, content, sentiment) VALUES (?, 9999, 1, 'a zebra quartz moment', 'neutral')", [b]);
    await write("UPDATE transcript_lines SET content = 'zebra quartz again' WHERE video_id = ? AND line_no = 0", [ids[5] ?? '']);
    await write('DELETE FROM video_products WHERE video_id = ?', [ids[6] ?? '']);
    await check();
    const found = await json<VideoListResponse>('/jwt_api/videos', { search: 'zebra quartz', search_in: 'transcript', per_page: 50 });
    expect(found.data.count).toBeGreaterThanOrEqual(2);
    expect(found.videos.map((video) => video._id)).toContain(ids[5]);
    // The line shown is the video's line as it reads now (the edited one of a video indexed before).
    expect(found.videos.find((video) => video._id === ids[5])?.transcript_match?.content).toBe('zebra quartz again');
    await write('DELETE FROM transcript_lines WHERE video_id = ? AND line_no = 0', [ids[5] ?? '']);
    await write('DELETE FROM videos WHERE id = ?', [d]);
    await check();
    // A video that no longer says a word is not found by it (its postings still name it until the next rebuild).
    const said = reference.prepare('SELECT content FROM transcript_lines WHERE video_id = ? ORDER BY line_no LIMIT 1').pluck().get(ids[7]) as string;
    await write("UPDATE transcript_lines SET content = 'zebra quartz finale' WHERE video_id = ?", [ids[7] ?? '']);
    for (const search of [said.slice(0, 12), said.split(' ').slice(0, 2).join(' '), 'quartz finale', 'zebra quartz finale']) {
      await expectAgrees({ search, search_in: 'transcript' });
    }
    const gone = await json<VideoListResponse>('/jwt_api/videos', { search: said.slice(0, 24), search_in: 'transcript', per_page: 50 });
    expect(gone.videos.map((video) => video._id)).not.toContain(ids[7]);
    // A run of three words is said where its pairs follow one another in one line: not apart, not across two lines.
    const addLine = (videoId: string | undefined, lineNo: number, content: string) =>
      write("INSERT INTO transcript_lines (video_id, line_no, start_time, content, sentiment) VALUES (?, ?, 1, ?, 'neutral')", [videoId ?? '', lineNo, content]);
    await addLine(ids[8], 9998, 'opal zebra quartz, then quartz finale');
    await addLine(ids[9], 9998, 'so the opal zebra quartz finale is here');
    await addLine(ids[10], 9998, 'oh opal zebra quartz');
    await addLine(ids[10], 9999, 'finale now');
    for (const search of ['zebra quartz finale', 'opal zebra quartz finale', 'pal zebra quartz fin', 'opal zebra quartz']) {
      await expectAgrees({ search, search_in: 'transcript' });
    }
    const run = await json<VideoListResponse>('/jwt_api/videos', { search: 'pal zebra quartz fin', search_in: 'transcript', per_page: 50 });
    expect(run.videos.map((video) => video._id)).toEqual([ids[9]]);
    expect(at).not.toBe('');
  });
});
