/**
 * Line sentiment accuracy (`npm run bench -- lineSentiment`): the review scorer of src/server/analysis/lineSentiment.ts
 * against the labelled review sentences the unit tests hold (tests/unit/server/analysis/fixtures/reviewSentences.ts),
 * overall and per kind (negation, "too", comparisons, turns with "but", plain lines), then the held-out sentences that
 * were never used to choose its review words, each beside wink-nlp's whole-text score that lines had before. Judged:
 * the labelled set at or above LINE_SENTIMENT_TARGET. Printed but not judged: the held-out figure and the throughput.
 */
import { lineSentiment } from '../src/server/analysis/lineSentiment';
import {
  HELD_OUT_SENTENCES, LINE_SENTIMENT_TARGET, REVIEW_SENTENCES, accuracyOf, wholeTextLabel, type LabelledSentence,
} from '../tests/unit/server/analysis/fixtures/reviewSentences';

const percent = (share: number): string => `${(share * 100).toFixed(1)} %`;
const scored = (text: string): string => lineSentiment(text).sentiment;

function report(title: string, sentences: readonly LabelledSentence[]): number {
  const share = accuracyOf(sentences, scored);
  console.log(`  ${title} (${sentences.length} sentences): ${percent(share)} labelled as a person would (whole-text score before: ${percent(accuracyOf(sentences, wholeTextLabel))})`);
  for (const kind of [...new Set(sentences.map((sentence) => sentence.kind))]) {
    const ofKind = sentences.filter((sentence) => sentence.kind === kind);
    console.log(`    ${kind.padEnd(10)} ${String(ofKind.length).padStart(3)}  ${percent(accuracyOf(ofKind, scored)).padStart(7)}  (before ${percent(accuracyOf(ofKind, wholeTextLabel))})`);
  }
  return share;
}

export async function run(): Promise<void> {
  const labelled = report('labelled review sentences (the scorer\'s review words were shaped by them)', REVIEW_SENTENCES);
  console.log(`  ${labelled >= LINE_SENTIMENT_TARGET ? 'PASS' : 'MISS'} (line sentiment accuracy ≥ ${percent(LINE_SENTIMENT_TARGET)})\n`);
  report('held-out sentences (never used to shape it: the figure for new lines), printed but not judged', HELD_OUT_SENTENCES);
  const texts = [...REVIEW_SENTENCES, ...HELD_OUT_SENTENCES].map((sentence) => sentence.text);
  const rounds = 20;
  const started = performance.now();
  for (let round = 0; round < rounds; round += 1) for (const text of texts) lineSentiment(text);
  const seconds = (performance.now() - started) / 1000;
  console.log(`\n  throughput, printed but not judged: ${Math.round((rounds * texts.length) / seconds).toLocaleString('en')} lines/s`);
  await Promise.resolve();
}
