import { describe, expect, it } from 'vitest';
import type { SqlClient } from '../../../../src/server/db/sqlClient';
import { createTranscriptLines } from '../../../../src/server/repositories/videos/transcriptLines';
import { TranscriptIndex } from '../../../../src/server/search/transcriptIndex';
import { trigramFold } from '../../../../src/server/search/trigramFold';
import { BASE_ROWS, useBothEngines, type EngineUnderTest } from './support/bothEngines';

const AT = '2026-11-01T00:00:00.000Z';

/** Transcripts in many scripts, with accents, ß, Turkish dotted and dotless i, combining marks and odd spacing. */
const TRANSCRIPTS: readonly (readonly string[])[] = [
  ['This serum is amazing for dry skin', 'I use it every morning before my coffee', 'The Glow Serum Ultra is back in stock'],
  ['Honestly the glow serum ultra changed my routine', 'my skin feels soft', 'Is a serum enough? It is a start'],
  ['Café con leche y crema facial', 'La crema es increíble para la piel seca', 'Mañana compro otra CREMA'],
  ['Él está feliz con el sérum', 'Niño, pingüino y acción', 'CAFÉ para todos'],
  ['Die Straße ist lang', 'STRASSE oder Straße, wer weiß', 'Größe und Süße der Creme'],
  ['İstanbul çok güzel', 'ISTANBUL ve ıspanak', 'Işık ve iğne için teşekkürler'],
  ['この美容液は最高です', '肌がしっとりします', '毎朝使っています、美容液が大好き'],
  ['هذا السيروم رائع جدا', 'بشرتي ناعمة الآن', 'أستخدمه كل صباح'],
  ['यह सीरम बहुत अच्छा है', 'मेरी त्वचा मुलायम है', 'हर सुबह इस्तेमाल करती हूँ'],
  ['Эта сыворотка отличная', 'КОЖА стала мягкой', 'Пользуюсь каждое утро'],
  ['Αυτός ο ορός είναι ΣΟΦΌΣ', 'η σοφία της φύσης', 'ΟΔΟΣ και οδός'],
  ['double  spaced  words here', 'a tab\there and there', '  leading and trailing  '],
  ['cafe\u0301 with a combining accent', 'Cafe plain and CAFÉ loud', 'e\u0301le\u0300ve'],
  // The last line: a phrase of five words whose inner third word is longer but starts and ends with its run.
  ['short a b c words', 'it is so so good', 'ok ok ok', 'one two threeXthree four five'],
  ['glow serum', 'ultra glow serum ultra', 'serum ultra glow'],
  ['The amazing serum for skin', 'dry skin loves serum', 'morning coffee then serum'],
  ['Ünïcödé everywhere', 'ÀÉÎÕÜ big letters', 'àéîõü small letters'],
  ['Ǆemal and ǅemal and ǆemal', 'Ǳ dz digraphs', 'ﬁne ligatures ﬂow'],
  ['ＦＵＬＬ ｗｉｄｔｈ text', 'full width ｔｅｘｔ', 'Ｇｌｏｗ'],
  ['emoji 😀 serum ✨ glow', 'sparkle ✨✨ time', '😀😀😀'],
  // A line holding the first three words of a run before the line saying all of it.
  ['we tried the Night Repair Oil cream', 'then the Night Repair Oil Serum, twice', 'night repair oil serum again'],
];

/** Videos v1 … vN (b1's), every one with its transcript, and two more (vN+1, vN+2) that have none yet. */
const VIDEO_COUNT = TRANSCRIPTS.length + 2;
const quote = (text: string) => `'${text.replace(/'/g, "''")}'`;
const videoRow = (n: number) => `INSERT INTO videos (id, brand_id, title, platform, video_url, created_at, updated_at) VALUES ('v${n}', 'b1', 'Video ${n}', 'youtube', 'https://v.example/v${n}', '${AT}', '${AT}');`;
const lineRows = (n: number, lines: readonly string[]) =>
  lines.map((content, at) => `INSERT INTO transcript_lines (video_id, line_no, start_time, content, sentiment, speaker) VALUES ('v${n}', ${at + 1}, ${at * 4}, ${quote(content)}, 'neutral', NULL);`).join('\n');
const ROWS = [
  BASE_ROWS,
  ...Array.from({ length: VIDEO_COUNT }, (_, i) => videoRow(i + 1)),
  ...TRANSCRIPTS.map((lines, i) => lineRows(i + 1, lines)),
].join('\n');

/** A small deterministic generator, so a failure names a phrase that fails again. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 0x1_0000_0000;
  };
}

const flip = (text: string, roll: number) => (roll < 0.3 ? text.toUpperCase() : roll < 0.6 ? text.toLowerCase() : text);
const stripped = (text: string) => text.normalize('NFD').replace(/\p{M}+/gu, '');

/** A few hundred searches: words, pairs, runs of 3-5, prefixes, inner substrings, 1-2 characters, cases, across lines. */
function phrasesOf(transcripts: readonly (readonly string[])[], count: number): string[] {
  const next = random(27);
  const pick = <T,>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T;
  const phrases = new Set<string>([
    'serum', 'SERUM', 'glow serum ultra', 'the glow serum ultra is', 'is a', 'is a serum', 'so so', 'ok ok ok', 'Straße', 'STRASSE', 'strasse', 'ß',
    'weiß', 'WEISS', 'istanbul', 'İSTANBUL', 'ıspanak', 'ISPANAK', 'ışık', 'IŞIK', 'cafe', 'CAFÉ', 'café con', 'cafe con', 'cafe with', 'elève', 'eleve',
    '美容液', '美容', '肌', 'しっとり', 'السيروم', 'رائع جدا', 'सीरम', 'सीरम बहुत अच्छा', 'त्वचा', 'СЫВОРОТКА', 'кожа стала', 'σοφός', 'ΣΟΦΊΑ', 'οδος',
    'οδός και', 'double  spaced', 'double spaced', 'a tab\there', 'tab here', '  leading', 'trailing  ', 'dž', 'ǆemal', 'DŽEMAL', 'dz digraphs', 'ﬁne', 'fine',
    'full width', 'ｆｕｌｌ', 'ＧＬＯＷ', '😀 serum', '✨✨', '😀😀😀', 'ünïcödé', 'UNICODE', 'àéîõü', 'aeiou', 'skin coffee', 'stock honestly', 'crema la',
    'e\u0301le', 'é\u0301\u0301', 'a\u0301b', 'xyz', 'not said anywhere', 'one two three four five', 'ONE TWO THREEXTHREE FOUR five', 'two threexthree four',
  ]);
  while (phrases.size < count) {
    const lineAt = Math.floor(next() * transcripts.length);
    const lines = transcripts[lineAt] ?? [];
    const line = pick(lines);
    const words = line.split(/\s+/u).filter((word) => word !== '');
    const roll = next();
    let phrase: string;
    if (roll < 0.2) phrase = pick(words);
    else if (roll < 0.35) {
      const word = pick(words);
      const chars = [...word];
      const from = Math.floor(next() * chars.length);
      phrase = chars.slice(from, from + 1 + Math.floor(next() * 5)).join('');
    } else if (roll < 0.45) phrase = [...pick(words)].slice(0, 1 + Math.floor(next() * 4)).join('');
    else if (roll < 0.65) {
      const from = Math.floor(next() * Math.max(1, words.length - 1));
      phrase = words.slice(from, from + 2).join(' ');
    } else if (roll < 0.8) {
      const from = Math.floor(next() * Math.max(1, words.length - 2));
      phrase = words.slice(from, from + 3 + Math.floor(next() * 3)).join(' ');
    } else if (roll < 0.9) {
      // The end of one line and the start of the next: never said in one line.
      const at = lines.indexOf(line);
      const following = lines[at + 1] ?? lines[0] ?? '';
      phrase = `${words.at(-1) ?? ''} ${following.split(/\s+/u).find((word) => word !== '') ?? ''}`;
    } else phrase = stripped(pick(words));
    phrases.add(flip(phrase, next()).trim() || phrase);
  }
  return [...phrases].filter((phrase) => phrase.trim() !== '');
}

interface Answers {
  /** Per phrase: the videos `saying` flags, the lines `lineTest` accepts, `lines` and `firstMatch` of some videos. */
  saying: Record<string, string[]>;
  lineTest: Record<string, string[] | null>;
  lines: Record<string, { total: number; lines: string[] }[]>;
  firstMatch: Record<string, (string | null)[]>;
  /** The same videos' first matching lines as a list page reads them (`firstMatches`, all at once). */
  firstMatches: Record<string, (string | null)[]>;
  /** The spec's first matching line of each of them (folded line contains the folded search), for 3+ characters. */
  expectedFirst: Record<string, (string | null)[] | null>;
}

async function answers(sql: SqlClient, index: TranscriptIndex, phrases: readonly string[]): Promise<Answers> {
  await index.ready(phrases);
  const videos = await sql.all<{ rowid: number; id: string }>('SELECT rowid, id FROM videos ORDER BY rowid');
  const idOf = new Map(videos.map((video) => [video.rowid, video.id]));
  const size = Math.max(...videos.map((video) => video.rowid)) + 1;
  const every = await sql.all<{ video_id: string; line_no: number; content: string }>('SELECT video_id, line_no, content FROM transcript_lines ORDER BY video_id, line_no');
  const transcriptLines = createTranscriptLines(sql, index);
  const result: Answers = { saying: {}, lineTest: {}, lines: {}, firstMatch: {}, firstMatches: {}, expectedFirst: {} };
  for (const phrase of phrases) {
    // As the callers do: prepared right before the synchronous reads (the whole list was prepared at once above too).
    await index.ready([phrase]);
    const flags = index.saying(phrase, size);
    result.saying[phrase] = [...flags.keys()].filter((rowid) => flags[rowid] === 1).map((rowid) => idOf.get(rowid) ?? `?${rowid}`).sort();
    const says = index.lineTest(phrase);
    result.lineTest[phrase] = says ? every.filter((line) => says(line.content)).map((line) => `${line.video_id}:${line.line_no}`) : null;
    result.lines[phrase] = [];
    result.firstMatch[phrase] = [];
    // The videos found, and a few others (one with odd spacing, one with combining marks): each video's own lines.
    const read = new Set([...(result.saying[phrase] ?? []), 'v1', 'v12', 'v13']);
    const ids = [...read].sort();
    for (const id of ids) {
      const found = await transcriptLines.lines(id, phrase);
      result.lines[phrase]?.push({ total: found.total, lines: found.lines.map((line) => `${line.line_no}:${line.content}`) });
      result.firstMatch[phrase]?.push((await transcriptLines.firstMatch(id, phrase))?.content ?? null);
    }
    const page = await transcriptLines.firstMatches(ids, phrase, true);
    result.firstMatches[phrase] = ids.map((id) => page.get(id)?.content ?? null);
    const folded = trigramFold(phrase.trim());
    result.expectedFirst[phrase] = [...folded].length < 3 ? null
      : ids.map((id) => every.find((line) => line.video_id === id && trigramFold(line.content).includes(folded))?.content ?? null);
  }
  return result;
}

/** The spec's meaning (§5), as SQLite's trigram index gives it: the folded line contains the folded search of 3+ characters. */
async function expectedSaying(sql: SqlClient, phrase: string): Promise<string[]> {
  const folded = trigramFold(phrase);
  if ([...folded].length < 3) return [];
  const lines = await sql.all<{ video_id: string; content: string }>('SELECT video_id, content FROM transcript_lines');
  return [...new Set(lines.filter((line) => trigramFold(line.content).includes(folded)).map((line) => line.video_id))].sort();
}

/** Both engines' answers, checked equal phrase by phrase (a failure names the phrase). */
async function expectAlike(engines: readonly EngineUnderTest[], indexes: readonly TranscriptIndex[], phrases: readonly string[]): Promise<Answers> {
  const [sqlite, pg] = await Promise.all(engines.map((engine, at) => answers(engine.sql, indexes[at] as TranscriptIndex, phrases)));
  if (!sqlite || !pg) throw new Error('Both engines are needed.');
  for (const phrase of phrases) {
    expect({ phrase, saying: pg.saying[phrase] }).toEqual({ phrase, saying: sqlite.saying[phrase] });
    expect({ phrase, lineTest: pg.lineTest[phrase] }).toEqual({ phrase, lineTest: sqlite.lineTest[phrase] });
    expect({ phrase, lines: pg.lines[phrase] }).toEqual({ phrase, lines: sqlite.lines[phrase] });
    expect({ phrase, firstMatch: pg.firstMatch[phrase] }).toEqual({ phrase, firstMatch: sqlite.firstMatch[phrase] });
    for (const engine of [sqlite, pg]) {
      expect({ phrase, firstMatches: engine.firstMatches[phrase] }).toEqual({ phrase, firstMatches: engine.firstMatch[phrase] });
      if (engine.expectedFirst[phrase]) expect({ phrase, firstMatch: engine.firstMatch[phrase] }).toEqual({ phrase, firstMatch: engine.expectedFirst[phrase] });
    }
    // And both mean what the spec says (not merely the same mistake twice).
    expect({ phrase, saying: sqlite.saying[phrase] }).toEqual({ phrase, saying: await expectedSaying(engines[0]?.sql as SqlClient, phrase) });
  }
  return sqlite;
}

describe('transcript search answers alike on SQLite and PostgreSQL (spec §5, any script)', () => {
  const both = useBothEngines(ROWS);

  it('words, pairs, runs, prefixes, inner substrings, short terms and cases; then after an edit (stale) and new transcripts (pending)', async () => {
    const engines = both.engines();
    const indexes = engines.map((engine) => new TranscriptIndex(engine.sql));
    const phrases = [...phrasesOf(TRANSCRIPTS, 300), 'night repair oil serum'];
    const first = await expectAlike(engines, indexes, phrases);
    expect(first.firstMatches['night repair oil serum']?.filter((line) => line !== null)).toEqual(['then the Night Repair Oil Serum, twice']);
    // The searches are not vacuous: most find something, and lines across a line break are not found.
    expect(Object.values(first.saying).filter((ids) => ids.length > 0).length).toBeGreaterThan(phrases.length / 2);
    expect(first.saying['skin coffee']).toEqual([]);
    expect(first.saying['strasse']).toEqual(['v5']);
    expect(first.saying['cafe']).toEqual(['v13', 'v3', 'v4']);
    expect(first.saying['one two three four five']).toEqual([]);
    expect(first.saying['ONE TWO THREEXTHREE FOUR five']).toEqual(['v14']);

    // An edited line (the video turns stale), a deleted one, and two videos transcribed for the first time (pending).
    const later = [
      "UPDATE transcript_lines SET content = 'The Glow Serum Mega is new' WHERE video_id = 'v1' AND line_no = 3;",
      "DELETE FROM transcript_lines WHERE video_id = 'v5' AND line_no = 1;",
      lineRows(VIDEO_COUNT - 1, ['Brand new glow serum ultra talk', 'Ñandú y straße']),
      lineRows(VIDEO_COUNT, ['新しい美容液', 'İyi günler ISTANBUL']),
    ].join('\n');
    for (const engine of engines) {
      for (const statement of later.split('\n')) await engine.sql.run(statement);
    }
    const after = await expectAlike(engines, indexes, [...phrases, 'glow serum mega', 'die straße', 'ñandú', 'nandu', '新しい']);
    expect(after.saying['glow serum ultra']).toEqual(['v15', 'v2', 'v22']);
    expect(after.saying['glow serum mega']).toEqual(['v1']);
    expect(after.saying['die straße']).toEqual([]);
    expect(after.saying['istanbul']).toEqual(['v23', 'v6']);
  }, 180_000);

  it('a workspace with more transcripts waiting than are added one by one is rebuilt alike (the rebuild path)', async () => {
    const engines = both.engines();
    const vocabulary = TRANSCRIPTS.flat().flatMap((line) => line.split(/\s+/u)).filter((word) => word !== '');
    const next = random(11);
    const many = Array.from({ length: 450 }, () => Array.from({ length: 3 }, () => Array.from({ length: 2 + Math.floor(next() * 6) }, () => vocabulary[Math.floor(next() * vocabulary.length)]).join(' ')));
    const rows = many.flatMap((lines, i) => [videoRow(VIDEO_COUNT + 1 + i), ...lineRows(VIDEO_COUNT + 1 + i, lines).split('\n')]);
    for (const engine of engines) await engine.sql.transaction(async (tx) => {
      for (const statement of rows) await tx.run(statement);
    });
    const indexes = engines.map((engine) => new TranscriptIndex(engine.sql));
    const phrases = phrasesOf(many, 120);
    const answered = await expectAlike(engines, indexes, phrases);
    expect(Object.values(answered.saying).filter((ids) => ids.length > 10).length).toBeGreaterThan(10);
  }, 180_000);

  it('a back end notices transcripts another one wrote and indexed (two instances over one database)', async () => {
    for (const engine of both.engines()) {
      const [one, other] = [new TranscriptIndex(engine.sql), new TranscriptIndex(engine.sql)];
      await one.ready(['kombucha']);
      expect(one.saying('kombucha', 64).includes(1), engine.name).toBe(false);
      await engine.sql.run(lineRows(VIDEO_COUNT, ['Kombucha every day']));
      // The other instance catches up first; this one finds nothing pending, yet sees the change log moved.
      await other.ready(['kombucha']);
      await one.ready(['kombucha']);
      expect([one, other].map((index) => index.saying('kombucha', 64).indexOf(1)), engine.name).toEqual([VIDEO_COUNT, VIDEO_COUNT]);
      expect(one.transcribed(64)[VIDEO_COUNT], engine.name).toBe(1);
    }
  });

  it('on PostgreSQL, terms copied in without their folded text (the move from an embedded workspace) are rebuilt before a search', async () => {
    const pg = both.engines().find((engine) => engine.name === 'postgres');
    if (!pg) throw new Error('PostgreSQL is needed.');
    await new TranscriptIndex(pg.sql).ready([]);
    // As the move leaves them: terms and postings as SQLite built them, nothing pending, no folded text.
    await pg.sql.run('UPDATE transcript_words SET folded = NULL');
    await pg.sql.run('UPDATE transcript_pairs SET folded = NULL');
    const index = new TranscriptIndex(pg.sql);
    await index.ready(['straße', 'glow serum ultra']);
    expect(index.saying('straße', 64).indexOf(1)).toBe(5);
    expect(index.saying('glow serum ultra', 64).filter((flag) => flag === 1).length).toBe(3);
  });

  it('a phrase not prepared is refused by name (a caller that forgot to prepare it)', async () => {
    for (const engine of both.engines()) {
      const index = new TranscriptIndex(engine.sql);
      await index.ready(['serum']);
      expect(() => index.saying('glow', 10)).toThrow(/"glow" was not prepared/);
      expect(index.saying('serum', 100).filter((flag) => flag === 1).length).toBeGreaterThan(0);
    }
  });
});
