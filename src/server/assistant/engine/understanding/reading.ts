import { askedFor, type Asked } from './askedFor';
import { followUp, isFollowUp } from './followUp';
import { asksToCompare, namesUs } from './comparisons';
import { conceptsIn, type Concept } from './lexicon';
import { namedThings, type Named, type Names } from './namedThings';
import { questionLanguage, type QuestionLanguage } from './questionLanguage';
import { rankingOf, type Ranking } from './superlatives';
import { askedWindow, type AskedWindow } from './timeWindow';

/**
 * How a question was read (issue 30): its language, the window it names, what it names (filters and subjects), and
 * what it asks for. Every part comes from one module (time, superlatives, comparisons, language, lexicon); the answer
 * begins with this reading so the person sees what was understood.
 */
export interface Reading {
  language: QuestionLanguage;
  window: AskedWindow | null;
  named: Named;
  concepts: Concept[];
  /** What is answered: a figure the new readings know, or null for the engine's earlier intents and retrieval. */
  kind: 'coverage' | 'count' | 'share' | 'ranking' | 'compareProducts' | 'compareCompetitor' | 'yesno' | 'summary' | null;
  ranking: Ranking | null;
  /** The question whose words an open answer searches (a follow-up's may be an earlier one's). */
  source: string;
  /** Whether parts of the reading come from an earlier question (the answer then says what it understood). */
  inherited: boolean;
}

function kindOf(asked: Asked, ranking: Ranking | null, named: Named, concepts: readonly Concept[], question: string): Reading['kind'] {
  if (asked === 'coverage') return 'coverage';
  if (asked === 'share') return 'share';
  if (asked === 'count') return 'count';
  if (ranking) return 'ranking';
  if (named.products.length >= 2) return 'compareProducts';
  if (named.competitor && (asksToCompare(question) || namesUs(question))) return 'compareCompetitor';
  if (named.products.length === 1 && concepts.some((concept) => concept.attribute)) return 'yesno';
  if (asked === 'summary') return 'summary';
  return null;
}

export function readQuestion(question: string, names: Names, now: Date): Reading {
  const language = questionLanguage(question);
  const window = askedWindow(question, language.lang, now);
  const named = namedThings(question, names);
  const concepts = conceptsIn(question);
  const ranking = rankingOf(question);
  return { language, window, named, concepts, ranking, kind: kindOf(askedFor(question), ranking, named, concepts, question), source: question, inherited: false };
}

/** A question read in its conversation: a follow-up keeps what the questions before it named (followUp.ts). */
export function readInConversation(question: string, earlier: readonly string[], names: Names, now: Date): Reading {
  // Only the run of follow-ups before this one, and the question they follow, are read again (none for a new question).
  let firstAsked = earlier.length;
  if (isFollowUp(question)) {
    firstAsked = earlier.length - 1;
    while (firstAsked > 0 && isFollowUp(earlier[firstAsked] ?? '')) firstAsked -= 1;
  }
  let context: Reading | null = null;
  for (const asked of [...earlier.slice(Math.max(0, firstAsked)), question]) {
    const reading = readQuestion(asked, names, now);
    context = context !== null && isFollowUp(asked) ? { ...followUp(asked, reading, context, now), language: reading.language } : reading;
  }
  return context ?? readQuestion(question, names, now);
}
