import type { DomainVocabulary } from './catalog';
import type { Prng } from './prng';
import { ENGLISH_SPEECH, OTHER_SPEECH, sayNew, type SaidLines } from './speech';
import { ENGLISH_PHASES, ENGLISH_TITLES, type LanguageTemplates } from './transcriptTemplates';

export type LineSentiment = 'positive' | 'negative' | 'neutral';

export interface GeneratedLine {
  line_no: number;
  start_time: number;
  content: string;
  sentiment: LineSentiment;
  speaker: string;
}

/** What a video talks about: fills the template slots. */
export interface TalkContext {
  product: string;
  brand: string;
  competitor: string;
  category: string;
  price: number;
  vocabulary: DomainVocabulary;
  /** The days of testing quoted in title and transcript. */
  days: number;
  /** Every line the workspace has said so far: each new line is phrased so that it is not among them. */
  said: SaidLines;
}

const MIN_LINES = 40;
/** Where the last line starts at the latest: the demo media run 270 s and the last line needs time to be said. */
const MAX_SPOKEN_SECONDS = 252;

/** Replaces every {slot} of a template; random slots draw from the PRNG. */
export function fillTemplate(template: string, ctx: TalkContext, rng: Prng): string {
  return template.replace(/\{(\w+)\}/g, (_match, slot: string) => {
    switch (slot) {
      case 'product': return ctx.product;
      case 'brand': return ctx.brand;
      case 'competitor': return ctx.competitor;
      case 'category': return ctx.category.toLowerCase();
      case 'price': return `$${ctx.price.toFixed(2)}`;
      case 'days': return String(ctx.days);
      case 'feature': return rng.pick(ctx.vocabulary.features);
      case 'praise': return rng.pick(ctx.vocabulary.praise);
      case 'complaint': return rng.pick(ctx.vocabulary.complaints);
      case 'useTime': return rng.pick(ctx.vocabulary.useTime);
      case 'n': return String(rng.int(2, 12));
      case 'percent': return String(rng.pick([10, 15, 20, 25, 30, 40]));
      default: return slot;
    }
  });
}

/** A realistic title in the video's language. */
export function makeTitle(ctx: TalkContext, rng: Prng, language: LanguageTemplates | null): string {
  const template = language ? rng.pick(language.titles) : rng.pick(ENGLISH_TITLES);
  const title = fillTemplate(template, ctx, rng);
  return title.charAt(0).toUpperCase() + title.slice(1);
}

function drawSentiment(rng: Prng, positive: number, negative: number, polarity: number, decisive = false): LineSentiment {
  // A decisive verdict voices only the dominant side, with the combined weight of both.
  const pos = decisive ? (positive >= negative ? positive + negative : 0) : positive;
  const neg = decisive ? (positive >= negative ? 0 : positive + negative) : negative;
  const p = Math.min(0.95, pos * polarity);
  const n = Math.min(0.95 - p, neg * polarity);
  const r = rng.next();
  if (r < p) return 'positive';
  if (r < p + n) return 'negative';
  return 'neutral';
}

/**
 * Calls `emit` for each timed line of a review arc (intro, unboxing, details, usage, verdict, outro).
 * Line sentiment is drawn from the video's positive/negative shares, so the transcript agrees with the score.
 * Always at least 40 lines. A transcript that would run past MAX_SPOKEN_SECONDS is said faster, so every line
 * falls inside the demo media (270 s) with room to spare.
 */
export function generateTranscript(...[ctx, rng, sentiment, speakers, language, emit]: Parameters<typeof speak>): number {
  const said: GeneratedLine[] = [];
  const spoken = speak(ctx, rng, sentiment, speakers, language, (line) => said.push(line));
  const pace = spoken > MAX_SPOKEN_SECONDS ? MAX_SPOKEN_SECONDS / spoken : 1;
  for (const line of said) emit({ ...line, start_time: Math.round(line.start_time * pace * 100) / 100 });
  return spoken * pace;
}

/** The lines at the pace they come out (see generateTranscript); answers when the last one ends. */
function speak(
  ctx: TalkContext,
  rng: Prng,
  sentiment: { positive: number; negative: number },
  speakers: readonly string[],
  language: LanguageTemplates | null,
  emit: (line: GeneratedLine) => void,
): number {
  let lineNo = 0;
  let time = rng.float(0, 1.5);
  const used = new Set<string>();
  // Avoids repeating a template within one video when the pool allows it.
  const choose = (pool: readonly string[]): string => {
    let template = rng.pick(pool);
    for (let tries = 0; tries < 4 && used.has(template); tries++) template = rng.pick(pool);
    used.add(template);
    return template;
  };
  const host = speakers[0] ?? 'Host';
  const style = (language ? OTHER_SPEECH[language.code] : undefined) ?? ENGLISH_SPEECH;
  const write = (sentence: string, lineSentiment: LineSentiment): void => {
    const content = sayNew(sentence, style, rng, ctx.said);
    const speaker = speakers.length > 1 && rng.chance(0.15) ? (speakers[1] ?? host) : host;
    emit({ line_no: lineNo, start_time: time, content, sentiment: lineSentiment, speaker });
    lineNo += 1;
    // Longer sentences take longer to say: ~16 characters per second (brisk review speech) plus a short pause.
    time += Math.max(1.5, content.length / 16) + rng.float(0.2, 0.8);
  };

  if (language) {
    const local: TalkContext = { ...ctx, vocabulary: { ...ctx.vocabulary, features: language.features } };
    const count = rng.int(MIN_LINES, MIN_LINES + 12);
    for (let i = 0; i < count; i++) {
      const s = drawSentiment(rng, sentiment.positive, sentiment.negative, i < 2 || i >= count - 2 ? 0.3 : 1);
      const pool = s === 'positive' ? language.positive : s === 'negative' ? language.negative : language.neutral;
      write(fillTemplate(choose(pool), local, rng), s);
    }
    return time;
  }

  for (const phase of ENGLISH_PHASES) {
    const count = rng.int(phase.lines[0], phase.lines[1]);
    for (let i = 0; i < count; i++) {
      const s = drawSentiment(rng, sentiment.positive, sentiment.negative, phase.polarity, phase.decisive);
      const pool = s === 'positive' ? phase.positive : s === 'negative' ? phase.negative : phase.neutral;
      write(fillTemplate(choose(pool.length > 0 ? pool : phase.neutral), ctx, rng), pool.length > 0 ? s : 'neutral');
    }
  }
  // The phase ranges sum to at least 40; this guard tops up the usage talk so every transcript has 40 lines or more.
  const usage = ENGLISH_PHASES.find((phase) => phase.name === 'usage');
  while (lineNo < MIN_LINES && usage) write(fillTemplate(rng.pick(usage.neutral), ctx, rng), 'neutral');
  return time;
}
