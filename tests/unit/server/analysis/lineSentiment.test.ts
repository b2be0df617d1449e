// No database (not in bothEngineTests.ts): line sentiment of plain text against labelled review sentences.
import { describe, expect, it } from 'vitest';
import { lineSentiment } from '../../../../src/server/analysis/lineSentiment';
import { analyseText, type MentionTarget } from '../../../../src/server/analysis/textAnalytics';
import { HELD_OUT_SENTENCES, LINE_SENTIMENT_TARGET, REVIEW_SENTENCES, accuracyOf as accuracy, wholeTextLabel, type SentenceKind } from './fixtures/reviewSentences';

const scored = (text: string): string => lineSentiment(text).sentiment;

describe('line sentiment of review sentences', () => {
  it('holds at least 200 labelled sentences of both polarities, neutral lines, negation, "too" and comparisons', () => {
    expect(REVIEW_SENTENCES.length).toBeGreaterThanOrEqual(200);
    const kinds = new Set(REVIEW_SENTENCES.map((sentence) => `${sentence.kind}:${sentence.label}`));
    for (const kind of ['negation', 'too', 'comparison', 'contrast', 'plain'] satisfies SentenceKind[]) {
      expect(kinds.has(`${kind}:positive`) && kinds.has(`${kind}:negative`), kind).toBe(true);
    }
    expect(kinds.has('plain:neutral')).toBe(true);
  });

  it(`labels at least ${LINE_SENTIMENT_TARGET * 100} % of them as a person would, and each kind at least 80 %`, () => {
    expect(accuracy(REVIEW_SENTENCES, scored)).toBeGreaterThanOrEqual(LINE_SENTIMENT_TARGET);
    for (const kind of new Set(REVIEW_SENTENCES.map((sentence) => sentence.kind))) {
      expect(accuracy(REVIEW_SENTENCES.filter((sentence) => sentence.kind === kind), scored), kind).toBeGreaterThanOrEqual(0.8);
    }
  });

  it('reads the lines a person found misread', () => {
    expect(lineSentiment('It left my skin dry and the scent was too strong.').sentiment).toBe('negative');
    expect(lineSentiment('Not too greasy, which I was worried about.').sentiment).toBe('positive');
    expect(lineSentiment('My old moisturiser was much better than this.').sentiment).toBe('negative');
    expect(lineSentiment('It is a bit pricey, but it is worth every penny.').sentiment).toBe('positive');
    expect(lineSentiment('It is fragrance free according to the label.').sentiment).toBe('neutral');
  });

  it('labels them the same inside a video\'s analysis, where the brand\'s names are blanked before scoring', () => {
    const targets: MentionTarget[] = [
      { kind: 'product', id: 'p-glow', name: 'Lumina Glow Serum', competitor: false },
      { kind: 'brand', id: 'own', name: 'Lumina Skincare', competitor: false },
    ];
    const lines = REVIEW_SENTENCES.map((sentence, index) => ({ start_time: index, content: sentence.text, speaker: null }));
    const analysed = analyseText(lines, targets, []).lines.map((line) => line.sentiment);
    expect(analysed).toEqual(REVIEW_SENTENCES.map((sentence) => scored(sentence.text)));
    const named = analyseText([{ start_time: 0, content: "I didn't like the Lumina Glow Serum, but Lumina Skincare's cleanser is lovely.", speaker: null }], targets, []);
    expect(named.lines[0]?.sentiment).toBe('positive');
  });

  it('does better than the whole-text score it replaced on sentences it was not shaped by', () => {
    expect(accuracy(HELD_OUT_SENTENCES, scored)).toBeGreaterThan(accuracy(HELD_OUT_SENTENCES, wholeTextLabel) + 0.1);
  });
});
