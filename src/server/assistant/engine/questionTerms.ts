import { nlp } from '../../analysis/textAnalytics';
import { STOP_WORDS } from '../../repositories/home/stopWords';
import { BoundedMap } from '../../../shared/boundedMap';

/** What a question asks for: one of the brand's figures, or what the transcripts say (retrieval). */
export type Intent = 'topics' | 'sentiment' | 'demographics' | 'products' | 'creators' | 'competitors' | 'change' | 'open';

/** A word of the question worth finding in transcripts: the forms searched and its lemma (for the second signal). */
export interface QueryTerm {
  word: string;
  lemma: string;
  /** Substrings searched in the lines: the lemma when the word's inflections contain it, else the word and the lemma. */
  forms: string[];
}

/** Words that frame a question rather than say what it is about. */
const FRAME_WORDS = new Set(`say says said saying tell talk talks talked talking mention mentions mentioned people person someone
  anyone everyone video videos clip clips creator creators influencer influencers viewer viewers audience thing things
  think thinks opinion opinions feel feels felt us our we brand brands show shows find please give list top most best
  anything something everything nothing discuss discusses discussed discussing reviewer reviewers commenter commenters anybody
  somebody`.split(/\s+/));

/** Words that ask for a tone rather than a subject: "complain about the pump" looks for negative lines saying "pump". */
const TONE_WORDS: Readonly<Record<string, 'positive' | 'negative'>> = {
  complain: 'negative', complaint: 'negative', problem: 'negative', issue: 'negative', dislike: 'negative', hate: 'negative',
  criticise: 'negative', criticize: 'negative', criticism: 'negative', negative: 'negative', bad: 'negative', wrong: 'negative', worst: 'negative',
  praise: 'positive', love: 'positive', like: 'positive', positive: 'positive', recommend: 'positive', good: 'positive', best: 'positive', enjoy: 'positive',
};

/** The tone a question asks for, if any (English). */
export function toneOf(question: string): 'positive' | 'negative' | null {
  const lemmas = lemmasOf(nlp().readDoc(question.toLocaleLowerCase()).tokens());
  for (const lemma of lemmas) if (TONE_WORDS[lemma]) return TONE_WORDS[lemma];
  return null;
}

/** Pattern per figure intent, tried in order; the first that matches wins (English questions). */
const INTENT_PATTERNS: readonly [Exclude<Intent, 'open'>, RegExp][] = [
  ['demographics', /\b(demographic|demographics|represented|representation|age groups?|age ranges?|genders?|ethnicit(y|ies)|audience mix)\b/],
  ['topics', /\b(topics?|themes?|subjects?)\b/],
  ['competitors', /\b(competitors?|competition|share of voice|benchmark|rivals?)\b/],
  ['change', /\b(changed?|changes|trend|trending up|grow|grew|growth|previous (period|window)|last period|compared with (the )?(previous|last))\b/],
  ['creators', /\b(which|top|most|best|main) (creators?|influencers?)\b|\b(creators?|influencers?) (talk|post|mention)/],
  ['products', /\b(which|top|most|best) (of our )?products?\b|\bproducts? (are )?(mentioned|talked)/],
  ['sentiment', /\b(overall|general) (sentiment|mood|tone|feeling)|\bsentiment\b(?!.*\babout (the|our) \w)/],
];

/** The intent of a question: a figure when it names one of the patterns, else retrieval over the transcripts. */
export function intentOf(question: string): Intent {
  const text = question.toLocaleLowerCase();
  return INTENT_PATTERNS.find(([, pattern]) => pattern.test(text))?.[0] ?? 'open';
}

/**
 * A token list's lemmas. wink-nlp's typings declare its.lemma with a model-addons parameter that `out` does not
 * accept, although `out(its.lemma)` is the documented call (and works): one cast, here.
 */
function lemmasOf(tokens: ReturnType<ReturnType<ReturnType<typeof nlp>['readDoc']>['tokens']>): string[] {
  const out = tokens.out.bind(tokens) as (as: unknown) => string[];
  return out(nlp().its.lemma);
}

const LATIN = /^[\p{Script=Latin}\p{N}'’-]+$/u;
const segmenter = new Intl.Segmenter(undefined, { granularity: 'word' });

/**
 * The content words of a question with their lemmas (wink-nlp for English; other scripts by the word segmenter, as
 * they are), stop and framing words left out. Forms are what the transcripts are searched for: a lemma that its word
 * starts with ("complaining" → "complain") also finds the other inflections.
 */
export function questionTerms(question: string): QueryTerm[] {
  const terms = new Map<string, QueryTerm>();
  const add = (word: string, lemma: string) => {
    if (word.length < 2 || STOP_WORDS.has(word) || FRAME_WORDS.has(word) || FRAME_WORDS.has(lemma) || TONE_WORDS[lemma] || /^\d+$/.test(word)) return;
    const forms = word.startsWith(lemma) && lemma.length >= 3 ? [lemma] : [...new Set([word, lemma])];
    if (!terms.has(lemma)) terms.set(lemma, { word, lemma, forms });
  };
  const latin: string[] = [];
  for (const segment of segmenter.segment(question.toLocaleLowerCase())) {
    if (!segment.isWordLike) continue;
    if (LATIN.test(segment.segment)) latin.push(segment.segment);
    else add(segment.segment, segment.segment);
  }
  if (latin.length > 0) {
    const { its } = nlp();
    const tokens = nlp().readDoc(latin.join(' ')).tokens();
    const words = tokens.out(its.normal) as string[];
    const lemmas = lemmasOf(tokens);
    words.forEach((word, at) => add(word.replace(/[’']/g, ''), (lemmas[at] ?? word).toLocaleLowerCase()));
  }
  return [...terms.values()];
}

/** Lines whose lemmas are kept (lemmatising is an answer's costliest step, and follow-ups quote the same lines). */
const LEMMA_CACHE_LINES = 20_000;
const lemmaCache = new BoundedMap<string, ReadonlySet<string>>(LEMMA_CACHE_LINES);

/** The lemmas of a line (English lemmas; other words as they are), for the second ranking signal. */
export function lineLemmas(content: string): ReadonlySet<string> {
  const known = lemmaCache.get(content);
  if (known) return known;
  const lemmas = readLemmas(content);
  lemmaCache.set(content, lemmas);
  return lemmas;
}

function readLemmas(content: string): Set<string> {
  const lemmas = new Set<string>();
  const latin: string[] = [];
  for (const segment of segmenter.segment(content.toLocaleLowerCase())) {
    if (!segment.isWordLike) continue;
    if (LATIN.test(segment.segment)) latin.push(segment.segment);
    else lemmas.add(segment.segment);
  }
  if (latin.length > 0) for (const lemma of lemmasOf(nlp().readDoc(latin.join(' ')).tokens())) lemmas.add(lemma.toLocaleLowerCase());
  return lemmas;
}
