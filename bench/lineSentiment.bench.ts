/**
 * Line sentiment quality (no timing): the share of the labelled review sentences the tests hold
 * (tests/unit/server/analysis/sentimentSet.ts) that the analysis reads as labelled, per label and overall. Target ≥ 85 %.
 */
import { lineOpinion } from '../src/server/analysis/lineSentiment';
import { LABELLED_SENTENCES } from '../tests/unit/server/analysis/sentimentSet';

const TARGET = 0.85;

export async function run(): Promise<void> {
  const right = LABELLED_SENTENCES.filter(([text, label]) => lineOpinion(text).sentiment === label).length;
  for (const label of ['positive', 'negative', 'neutral'] as const) {
    const of = LABELLED_SENTENCES.filter(([, wanted]) => wanted === label);
    const hits = of.filter(([text]) => lineOpinion(text).sentiment === label).length;
    console.log(`  ${label.padEnd(8)} ${hits}/${of.length}`);
  }
  const accuracy = right / LABELLED_SENTENCES.length;
  console.log(`  line sentiment accuracy: ${(accuracy * 100).toFixed(1)} % of ${LABELLED_SENTENCES.length} labelled sentences (target ≥ ${TARGET * 100} %)`);
  if (accuracy < TARGET) throw new Error(`Line sentiment accuracy ${(accuracy * 100).toFixed(1)} % is below ${TARGET * 100} %.`);
  await Promise.resolve();
}
