// No database (not in bothEngineTests.ts): it tests subtitle parsing and text analytics on plain text.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseSubtitles } from '../../../../src/server/analysis/subtitles';
import { analyseText, detectLanguage, type MentionTarget } from '../../../../src/server/analysis/textAnalytics';
import { buildTopicVocabulary } from '../../../../src/server/analysis/topicVocabulary';
import { lineOpinion } from '../../../../src/server/analysis/lineSentiment';
import { LABELLED_SENTENCES } from './sentimentSet';

const fixture = readFileSync(join(import.meta.dirname, 'fixtures', 'review.srt'), 'utf8');
const targets: MentionTarget[] = [
  { kind: 'product', id: 'p-glow', name: 'Lumina Glow Serum', competitor: false },
  { kind: 'product', id: 'p-rose', name: 'Dewbloom Rose Essence', competitor: true },
  { kind: 'brand', id: 'own', name: 'Lumina Skincare', competitor: false },
  { kind: 'brand', id: 'rival', name: 'Dewbloom Beauty', competitor: true },
];

describe('subtitle parsing', () => {
  it('reads every cue of an .srt with times in seconds, joined lines, tags removed and non-Latin text intact', () => {
    const lines = parseSubtitles(fixture);
    expect(lines).toHaveLength(9);
    expect(lines[1]).toEqual({ start_time: 4, end_time: 7, content: 'I absolutely love this serum, the texture is amazing and my skin looks wonderful.', speaker: null });
    expect(lines[5]?.content).toBe('これは素晴らしい美容液です。毎日使っています。');
    expect(lines[6]?.content).toBe('Это отличная сыворотка, рекомендую всем.');
    expect(lines[8]?.content).toBe('Overall I am happy with it and I recommend it.');
  });

  it('reads .vtt with a BOM, CRLF line ends and voice spans (speaker)', () => {
    const vtt = '\uFEFFWEBVTT\r\n\r\n00:00:01.500 --> 00:00:03.000\r\n<v Ana Lima>Hello there\r\n\r\n00:01:02.000 --> 00:01:03.000\r\nSecond &amp; last\r\n';
    expect(parseSubtitles(vtt)).toEqual([
      { start_time: 1.5, end_time: 3, content: 'Hello there', speaker: 'Ana Lima' },
      { start_time: 62, end_time: 63, content: 'Second & last', speaker: null },
    ]);
    expect(parseSubtitles('not a subtitle file')).toEqual([]);
  });
});

describe('text analytics', () => {
  const result = analyseText(parseSubtitles(fixture), targets, buildTopicVocabulary());

  it('scores each line and the overall shares of the brand\'s own lines whose feeling is known (names are not opinions)', () => {
    expect(result.lines.map((line) => line.sentiment)).toEqual(['neutral', 'positive', 'positive', 'negative', 'negative', 'neutral', 'neutral', 'negative', 'positive']);
    // Line 4 speaks of the competitor's essence, the Japanese and Russian lines cannot be read: six lines count.
    expect(result.lines.map((line) => line.measured)).toEqual([true, true, true, true, true, false, false, true, true]);
    expect(result.sentiment).toEqual({ positive: 0.5, negative: 0.333, neutral: 0.167 });
  });

  it('a line about a competitor\'s product counts for the competitor, not against the brand', () => {
    const lines = ['I love the Lumina Glow Serum.', 'It left my skin dry and the scent was too strong.', 'The Dewbloom Rose Essence made my skin break out, awful.']
      .map((content, index) => ({ start_time: index, content, speaker: null }));
    const own = analyseText(lines, targets, []);
    expect(own.lines.map((line) => [line.sentiment, line.competitorId])).toEqual([['positive', null], ['negative', null], ['negative', 'rival']]);
    expect(own.sentiment).toEqual({ positive: 0.5, negative: 0.5, neutral: 0 });
    expect(own.mentions.find((mention) => mention.id === 'p-rose')?.sentiment).toEqual({ positive: 0, negative: 1, neutral: 0 });
    expect(own.mentions.find((mention) => mention.id === 'p-glow')?.sentiment).toEqual({ positive: 1, negative: 0, neutral: 0 });
  });

  it('a line it cannot read keeps the feeling it came with; with none known there is no sentiment figure', () => {
    const japanese = [{ start_time: 0, content: 'これは素晴らしい美容液です。', speaker: null, sentiment: 'positive' as const }, { start_time: 1, content: '毎日使っています。', speaker: null, sentiment: 'neutral' as const }];
    const kept = analyseText(japanese, targets, []);
    expect(kept.lines.map((line) => line.sentiment)).toEqual(['positive', 'neutral']);
    expect(kept.sentiment).toEqual({ positive: 0.5, negative: 0, neutral: 0.5 });
    expect(analyseText(japanese.map(({ sentiment: _, ...line }) => line), targets, []).sentiment).toBeNull();
    // In an English transcript a line without an English word ("Hey everyone!") is read, as neutral, not left out.
    const english = ['Hey everyone!', 'I love this serum, honestly it is wonderful.'].map((content, index) => ({ start_time: index, content, speaker: null }));
    expect(analyseText(english, targets, []).sentiment).toEqual({ positive: 0.5, negative: 0, neutral: 0.5 });
  });

  it(`reads the feeling of ${LABELLED_SENTENCES.length} labelled review sentences at 85 % or better (negation, "too", comparisons, turns)`, () => {
    expect(LABELLED_SENTENCES.length).toBeGreaterThanOrEqual(200);
    for (const label of ['positive', 'negative', 'neutral'] as const) expect(LABELLED_SENTENCES.filter(([, wanted]) => wanted === label).length).toBeGreaterThanOrEqual(40);
    const right = LABELLED_SENTENCES.filter(([text, wanted]) => lineOpinion(text).sentiment === wanted).length;
    expect(right / LABELLED_SENTENCES.length).toBeGreaterThanOrEqual(0.85);
    expect(lineOpinion('It left my skin dry and the scent was too strong.').sentiment).toBe('negative');
  });

  it('finds language, topics, foul language and mentions of own and competitor names', () => {
    expect(result.language).toBe('en');
    expect(result.topics).toEqual([
      { topic: 'Results', subTopics: ['Texture'] },
      { topic: 'Value', subTopics: ['Price'] },
      { topic: 'Packaging', subTopics: ['Dropper'] },
    ]);
    expect(result.foul).toEqual({ level: 'mild', matches: 1 });
    expect(result.mentions.map((m) => [m.kind, m.name, m.competitor, m.count, m.first_time])).toEqual([
      ['brand', 'Dewbloom Beauty', true, 1, 10.5],
      ['product', 'Lumina Glow Serum', false, 1, 1],
      ['brand', 'Lumina Skincare', false, 1, 1],
    ]);
    expect(result.keywords).toContain('serum');
  });

  it('detects non-English transcripts and rates strong foul language; an empty transcript has no figures', () => {
    expect(detectLanguage('これは素晴らしい美容液です。毎日使っています。とても気に入りました。')).toBe('ja');
    expect(detectLanguage('Это отличная сыворотка, рекомендую всем. Пользуюсь каждый день.')).toBe('ru');
    const foul = analyseText([0, 1, 2].map((i) => ({ start_time: i, content: 'this shit is fucking awful', speaker: null })), [], []);
    expect(foul.foul.level).toBe('strong');
    const empty = analyseText([], targets, buildTopicVocabulary());
    expect(empty).toMatchObject({ sentiment: null, language: null, topics: [], mentions: [], foul: { level: 'none', matches: 0 } });
  });
});
