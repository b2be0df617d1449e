// No database (not in bothEngineTests.ts): it tests subtitle parsing and text analytics on plain text.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseSubtitles } from '../../../../src/server/analysis/subtitles';
import { analyseText, detectLanguage, type MentionTarget } from '../../../../src/server/analysis/textAnalytics';
import { buildTopicVocabulary } from '../../../../src/server/analysis/topicVocabulary';

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

  it('scores each line and the overall shares (names are not opinions: "Beauty" in a brand name does not count)', () => {
    expect(result.lines.map((line) => line.sentiment)).toEqual(['neutral', 'positive', 'positive', 'negative', 'negative', 'neutral', 'neutral', 'negative', 'positive']);
    // The fourth line runs down the competitor's essence: it is the competitor's, so the brand's shares are of the other eight.
    expect(result.lines.map((line) => line.about)).toEqual([[], [], [], ['rival'], [], [], [], [], []]);
    expect(result.sentiment).toEqual({ positive: 0.375, negative: 0.25, neutral: 0.375 });
    expect(result.mentions.find((mention) => mention.id === 'rival')?.sentiment).toEqual({ positive: 0, negative: 1, neutral: 0 });
  });

  it('reads a complaint as one ("too strong", "dry") and scores a line about a competitor for the competitor', () => {
    const lines = [
      'I have been using the Lumina Glow Serum for a month now.',
      'It left my skin dry and the scent was too strong.',
      'The Dewbloom Rose Essence is awful, it pilled and stung.',
      'Honestly it works better than Dewbloom Rose Essence ever did.',
    ].map((content, index) => ({ start_time: index * 5, content, speaker: null }));
    const analysed = analyseText(lines, targets, []);
    expect(analysed.lines.map((line) => line.sentiment)).toEqual(['neutral', 'negative', 'negative', 'positive']);
    // Only the third line is the competitor's (its product, and so its name): in the fourth the competitor is what the brand's serum is compared with.
    expect(analysed.lines.map((line) => line.about)).toEqual([[], [], ['p-rose', 'rival'], []]);
    expect(analysed.sentiment).toEqual({ positive: 0.333, negative: 0.333, neutral: 0.333 });
    // Compared with, it is praised by nobody: that line is neutral in its tally.
    expect(analysed.mentions.find((mention) => mention.id === 'p-rose')).toMatchObject({ count: 2, sentiment: { positive: 0, negative: 1, neutral: 1 } });
    expect(analysed.mentions.find((mention) => mention.id === 'p-glow')).toMatchObject({ count: 1, sentiment: { positive: 0, negative: 0, neutral: 1 } });
  });

  it('a video whose every line is about a competitor has no share of the brand\'s at all', () => {
    const analysed = analyseText([{ start_time: 0, content: 'Dewbloom Beauty makes the worst cleanser I own.', speaker: null }], targets, []);
    expect(analysed.lines[0]).toMatchObject({ sentiment: 'negative', about: ['rival'] });
    expect(analysed.sentiment).toEqual({ positive: 0, negative: 0, neutral: 0 });
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
    expect(empty).toMatchObject({ sentiment: { positive: 0, negative: 0, neutral: 0 }, language: null, topics: [], mentions: [], foul: { level: 'none', matches: 0 } });
  });

  it('a line it cannot read keeps the feeling it came with; with none read the shares are no new finding', () => {
    const spanish = [
      { start_time: 0, content: 'Me encanta este sérum, deja la piel suave.', speaker: null, sentiment: 'positive' as const },
      { start_time: 1, content: 'Lo uso cada mañana después de limpiar.', speaker: null, sentiment: 'neutral' as const },
    ];
    const kept = analyseText(spanish, targets, []);
    expect(kept.lines.map((line) => [line.sentiment, line.measured])).toEqual([['positive', false], ['neutral', false]]);
    expect(kept).toMatchObject({ sentiment: { positive: 0.5, negative: 0, neutral: 0.5 }, sentimentMeasured: false });
    // An English line is scored anew whatever it was stored with.
    const english = analyseText([{ start_time: 0, content: 'I love this serum, my skin feels so soft.', speaker: null, sentiment: 'negative' }], targets, []);
    expect(english).toMatchObject({ lines: [{ sentiment: 'positive', measured: true }], sentimentMeasured: true });
  });

  it('names Standard Arabic and Mandarin by their macrolanguage, as the app does (ar, zh)', () => {
    expect(detectLanguage('هذا السيروم رائع جدا وأنا أستخدمه كل يوم على بشرتي')).toBe('ar');
    expect(detectLanguage('这个精华液非常好用，我每天早上和晚上都在用，皮肤变得很滋润')).toBe('zh');
  });
});
