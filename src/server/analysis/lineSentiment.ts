import type { ItemToken } from 'wink-nlp';
import { nlp } from './nlp';

export type LineSentiment = 'positive' | 'negative' | 'neutral';

/** Beyond ±this (the line's summed word polarity) a line counts as positive or negative. */
const LINE_POLARITY_THRESHOLD = 0.1;

/**
 * Words whose tone in a product review differs from a general word list. wink-nlp's lexicon reads "strong", "free"
 * and "warm" as praise, and knows nothing of "dry", "sticky" or "pills": in a review they are the complaint. Values
 * are on wink-nlp's scale (about ±0.4 for a plain opinion word, ±0.8 for a strong one).
 */
const REVIEW_WORDS = new Map<string, number>([
  // Neutral in a review, whatever a general lexicon says: measures, descriptions and words that only set up a judgement.
  ...['strong', 'stronger', 'free', 'warm', 'no', 'not', 'doubt', 'sensitive', 'dark', 'high', 'hard', 'sweet', 'intense', 'new', 'hype', 'matte', 'mattes', 'fine', 'expect', 'expected', 'wanted', 'white', 'close', 'stiff', 'tested', 'test', 'according', 'color', 'colour', 'top', 'even', 'go', 'going', 'right', 'sold', 'pay', 'paid']
    .map((word): [string, number] => [word, 0]),
  ...Object.entries({
    // Complaints about how a product feels, looks or behaves.
    dry: -0.5, drier: -0.5, drying: -0.5, dried: -0.5, flaky: -0.5, flakes: -0.5, sticky: -0.5, stickier: -0.5, greasy: -0.5,
    greasier: -0.5, oily: -0.5, pill: -0.5, pills: -0.5, pilling: -0.5, broke: -0.4, broken: -0.4, breaking: -0.4, burn: -0.6,
    burned: -0.6, burns: -0.6, burning: -0.6, sting: -0.5, stings: -0.5, stinging: -0.5, itchy: -0.6, rash: -0.6, irritate: -0.6,
    irritated: -0.6, irritation: -0.6, irritates: -0.6, leaked: -0.5, leaks: -0.5, clogged: -0.5, clogs: -0.5, oxidised: -0.5,
    oxidized: -0.5, straw: -0.4, smudges: -0.5, smudge: -0.5, cracked: -0.5, rancid: -0.7, crushed: -0.4, separated: -0.3,
    heavy: -0.4, suffocating: -0.6, overpriced: -0.6, streaks: -0.5, streaky: -0.5, cakey: -0.5, patchy: -0.5, thick: -0.2,
    watery: -0.3, flimsy: -0.5, dented: -0.4, tight: -0.2, chemicals: -0.4, jamming: -0.5, jams: -0.5, fade: -0.4, fades: -0.4,
    returned: -0.4, refund: -0.4, cast: -0.4, residue: -0.4, scratches: -0.4, lingers: -0.2, expensive: -0.4, pricey: -0.3,
    tingle: -0.2, tingled: -0.2, worried: -0.2, nothing: -0.3, red: -0.2, headache: -0.5, gross: -0.6,
    // Praise particular to reviews.
    hydrated: 0.5, hydrating: 0.5, hydrates: 0.5, hydrate: 0.5, glow: 0.5, glowing: 0.5, glowy: 0.5, radiant: 0.5, soft: 0.4,
    softer: 0.4, plump: 0.4, bouncy: 0.4, lightweight: 0.4, light: 0.3, lighter: 0.3, absorbs: 0.3, absorb: 0.3, gentle: 0.4,
    gentler: 0.4, calm: 0.3, soothing: 0.4, clear: 0.4, clearer: 0.4, brighter: 0.4, shiny: 0.4, defined: 0.3, healthy: 0.5,
    healthier: 0.5, luxurious: 0.5, premium: 0.4, stunning: 0.6, gorgeous: 0.6, blends: 0.3, blend: 0.3, lasts: 0.3,
    works: 0.4, work: 0.4, worth: 0.5, repurchase: 0.5, obsessed: 0.6, wonders: 0.6, intact: 0.3, fast: 0.2, faster: 0.2,
    quickly: 0.2, difference: 0.3, properly: 0.4, subtle: 0.2, natural: 0.3, long: 0.25, longer: 0.3, beats: 0.5, cheaper: 0.4,
    surprised: 0.3, favourite: 0.5, special: 0.4, happier: 0.6, impressed: 0.6, rebuy: 0.6,
    // A negated "anything" is a complaint ("it did not do anything").
    anything: 0.3,
  }),
  // The wider vocabulary of reviews, by what it describes.
  ...Object.entries({
    // Skin and scalp reactions.
    itch: -0.5, itching: -0.5, irritating: -0.6, inflamed: -0.6, swollen: -0.5, hives: -0.6, blotchy: -0.5, blotches: -0.5,
    peeling: -0.4, peel: -0.4, peeled: -0.4, flaking: -0.5, cracking: -0.4, chapped: -0.4, sore: -0.5, raw: -0.4, allergic: -0.6,
    reaction: -0.4, cystic: -0.5, congested: -0.4, dehydrated: -0.4, tightness: -0.4, burnt: -0.5, stung: -0.5, itched: -0.5,
    // Texture and finish.
    waxy: -0.4, tacky: -0.5, gummy: -0.4, gloopy: -0.4, slimy: -0.5, chalky: -0.5, gritty: -0.4, grainy: -0.4, clumpy: -0.5,
    clumps: -0.5, clumping: -0.5, creases: -0.5, creasing: -0.5, creased: -0.5, runny: -0.3, ashy: -0.5, lifeless: -0.5,
    frizzy: -0.4, tangled: -0.4, tangles: -0.4, brittle: -0.5, limp: -0.4, crunchy: -0.3, smears: -0.4, smeared: -0.4,
    smudged: -0.5, transfers: -0.3, budge: -0.4, budges: -0.4, separates: -0.3, oxidises: -0.5, oxidizes: -0.5,
    // How well it works.
    ineffective: -0.6, mediocre: -0.5, underwhelming: -0.6, meh: -0.4, lacklustre: -0.5, lackluster: -0.5, flop: -0.5,
    gimmick: -0.5, gimmicky: -0.5, overrated: -0.6, overhyped: -0.6,
    // Packaging, build and delivery.
    leaking: -0.5, leaky: -0.5, snapped: -0.4, shattered: -0.5, spilled: -0.4, spilt: -0.4, messy: -0.4, wobbly: -0.4,
    jammed: -0.5, faulty: -0.6, defective: -0.6, damaged: -0.5, scratched: -0.4, rusty: -0.5, cheaply: -0.4, stained: -0.4,
    stains: -0.4, mould: -0.6, mold: -0.6, mouldy: -0.6, moldy: -0.6, expired: -0.5, late: -0.3, delayed: -0.4, missing: -0.4,
    counterfeit: -0.6, ripoff: -0.6,
    // Smell.
    smelly: -0.5, stinks: -0.6, stench: -0.6, sour: -0.4, musty: -0.5, artificial: -0.3, overpowering: -0.5, nauseating: -0.7,
    cloying: -0.5,
    // Praise of skin, hair and finish.
    moisturised: 0.5, moisturized: 0.5, moisturising: 0.5, moisturizing: 0.5, nourished: 0.5, nourishing: 0.5, supple: 0.5,
    dewy: 0.5, luminous: 0.5, evened: 0.4, balanced: 0.3, refreshed: 0.5, refreshing: 0.5, revived: 0.4, rejuvenated: 0.5,
    silky: 0.5, velvety: 0.5, softened: 0.4, calmer: 0.4, brightening: 0.3, firmer: 0.4, plumper: 0.4, fuller: 0.4,
    voluminous: 0.5, volume: 0.3, glossy: 0.4, lustrous: 0.5, manageable: 0.4, detangles: 0.4, detangling: 0.4, tamed: 0.4,
    tames: 0.4, weightless: 0.5, breathable: 0.4, comfortable: 0.4, buildable: 0.4, blendable: 0.4, seamless: 0.5,
    flawless: 0.6, pigmented: 0.4, creamy: 0.3, lasting: 0.4, healed: 0.5, healing: 0.4,
    // Praise of build and value, and of a product as a whole.
    sturdy: 0.4, durable: 0.4, handy: 0.4, hygienic: 0.3, leakproof: 0.4, chic: 0.4, staple: 0.4, fave: 0.5, repurchasing: 0.5,
    repurchased: 0.5, restock: 0.3, stellar: 0.6, dreamy: 0.5, heavenly: 0.5, affordable: 0.4, bargain: 0.4,
    rough: -0.4, harsher: -0.5, chipped: -0.5, chips: -0.3, glides: 0.4, crisp: 0.3, fresh: 0.3, hold: 0.3, holds: 0.3,
    cover: 0.3, covers: 0.3, clog: -0.5, breakout: -0.6, pilled: -0.5, squeaks: -0.4, squeaky: -0.3, wobbles: -0.4,
    rattles: -0.4, removes: 0.3, remove: 0.3, match: 0.3, matches: 0.3, matched: 0.3,
  }),
]);

/** Skin and hair problems: a complaint on their own, praise beside a word that says they went away. */
const PROBLEMS = new Set([
  'spots', 'acne', 'redness', 'wrinkles', 'circles', 'scars', 'marks', 'pigmentation', 'frizz', 'dandruff', 'breakouts', 'breakout',
  'eczema', 'blemishes', 'pores', 'finelines', 'pimples', 'zits', 'blackheads', 'whiteheads', 'bumps', 'dryness', 'oiliness',
  'puffiness', 'flyaways', 'dullness', 'hyperpigmentation', 'melasma', 'rosacea', 'psoriasis', 'flare', 'flareups',
]);
const PROBLEM_POLARITY = -0.3;
const REMEDIES = new Set([
  'faded', 'fade', 'cleared', 'clear', 'calmed', 'calm', 'reduced', 'gone', 'disappeared', 'fewer', 'less', 'helped', 'soothed',
  'vanished', 'tames', 'tamed', 'smaller', 'minimised', 'minimized', 'shrunk', 'lightened', 'improved', 'healed', 'treats', 'treated',
]);

/** Words that turn the polarity of the few words after them in the same clause. */
const NEGATORS = new Set(['not', 'no', 'never', 'without', 'nowhere', 'hardly', 'barely', 'none', 'neither', 'nor']);
const NEGATION_REACH = 5;
/** A turn: what follows outweighs what came before ("pricey, but worth it"). */
const TURNS = new Set(['but', 'however', 'yet', 'whereas']);
/** A concession: the clause it opens weighs less than the next ("although it tingled, it works"). */
const CONCESSIONS = new Set(['although', 'though']);
const BEFORE_TURN_WEIGHT = 0.35;
/** Something the line compares with: what follows "than" (or the second "as") describes the other thing, not this one. */
const COMPARED_WITH = new Set(['than']);
/** The product a reviewer had before: praise of it in a comparison is a complaint about this one. */
const EARLIER = new Set(['old', 'previous', 'original', 'usual', 'former', 'other']);
const PREFERENCE = new Set(['better', 'nicer', 'preferred', 'prefer', 'more']);

/**
 * Phrases whose words mislead one by one ("could not be happier" is not a negated "happy", "broke me out" is a skin
 * reaction, "holy grail" is praise). Each is replaced by a marker word of fixed polarity that negation does not turn.
 */
const PHRASES: readonly [RegExp, string][] = [
  // Buying again is praise that negation turns ("I would not buy it again"): a plain word of the review list.
  [/\b(buy|purchase|order|get|pay)\b[^.,;!?]{0,25}\bagain\b/g, 'rebuy'],
  // A skin or hair type, or a product named by one ("for normal to dry skin", "dry shampoo"), is not a complaint.
  [/\b(for|to|with|have|has) (very |normal to |combination to )?(dry|oily|sensitive|combination)( or (dry|oily|sensitive|combination))? (skin|hair|scalp)\b/g, ' skintype '],
  [/\b(dry|oil) (shampoo|oil|brush|spray)\b/g, ' product '],
  [/\b(is|was|feels|felt) (a|like a) dream\b/g, 'xgoodx'],
  [/\b(slides|slide|slid|slipped|slips) (right )?off\b/g, 'xbadx'],
  [/\bsettles? into (every |my |the |fine )?(lines?|pores|creases|wrinkles)\b/g, 'xbadx'],
  [/\b(could ?n[o']?t|can ?n[o']?t|cannot) be (happier|more pleased|more impressed)\b/g, 'xgoodx'],
  [/\b(could ?n[o']?t|can ?n[o']?t|cannot) (fault|complain)\b/g, 'xgoodx'],
  [/\b(did ?n[o']?t|never) (expect|think) (to|i would|i d) (love|like)\b/g, 'xgoodx'],
  [/\b(has|have) never (looked|felt|been) (this|so|better)\b/g, 'xgoodx'],
  [/\bholy grail\b/g, 'xgoodx'],
  [/\ba little goes a long way\b/g, 'xgoodx'],
  [/\bworth every penny\b/g, 'xgoodx'],
  // A skin reaction, and one negation turns ("it did not break me out"): a problem word, not a fixed marker.
  [/\b(broke|breaks|break|breaking) (me )?out\b/g, 'breakout'],
  [/\b(does ?n[o']?t|did ?n[o']?t) live up to\b/g, 'xbadx'],
  [/\bnot what\b/g, 'xbadx'],
  [/\bnothing (about it )?(felt |was |is |seemed )?special\b/g, 'xbadx'],
  [/\bwaste of\b/g, 'xbadx'],
  [/\b(wears|wore|rubs|rubbed) off\b/g, 'xbadx'],
  [/\b(falls|fell|falling) apart\b/g, 'xbadx'],
  [/\bsplit ends\b/g, 'flyaways'],
  [/\bgame ?changer\b/g, 'xgoodx'],
  [/\b(drinks|soaks|drank|soaked) (it|them) up\b/g, 'xgoodx'],
  [/\bmust ?have\b/g, 'xgoodx'],
  [/\b(ten|10) out of (ten|10)\b/g, 'xgoodx'],
  [/\b(does|did|do|doing) (absolutely )?nothing\b/g, 'xbadx'],
  [/\b(without a|no) doubt\b/g, ' '],
  [/\bfine lines\b/g, 'finelines'],
];
const MARKERS = new Map([['xgoodx', 0.8], ['xbadx', -0.8]]);

let lexicon: Map<string, number> | null = null;
/** wink-nlp's polarity of a single word (its lexicon, scaled as it scores a one-word text), cached per word. */
function lexiconPolarity(word: string): number {
  lexicon ??= new Map();
  let value = lexicon.get(word);
  if (value === undefined) {
    value = Number(nlp().readDoc(word).out(nlp().its.sentiment)) || 0;
    lexicon.set(word, value);
  }
  return value;
}

interface Word { text: string; lemma: string; pos: string }
const word = (words: readonly Word[], at: number): Word | undefined => words[at];

function polarityOf(word: Word): number {
  const own = REVIEW_WORDS.get(word.text) ?? REVIEW_WORDS.get(word.lemma);
  if (own !== undefined) return own;
  // "like" is praise only as a verb ("I like it"), not in "looks like straw".
  if (word.lemma === 'like') return word.pos === 'VERB' ? 0.4 : 0;
  // "the colour is pretty" is praise, "pretty good" leaves the praise to "good".
  if (word.text === 'pretty') return word.pos === 'ADJ' ? 0.4 : 0;
  // "it lasts all day" is praise (the clause leaves out "last" before a noun: "last month" is a date).
  if (word.lemma === 'last') return 0.3;
  if (PROBLEMS.has(word.text)) return PROBLEM_POLARITY;
  const general = lexiconPolarity(word.text) || lexiconPolarity(word.lemma);
  if (general !== 0) return general;
  // A comparative the lemmatiser left whole ("oilier", "rougher") has its base word's tone.
  const base = /ier$/.test(word.text) ? `${word.text.slice(0, -3)}y` : /er$/.test(word.text) ? word.text.slice(0, -2) : null;
  return base === null ? 0 : (REVIEW_WORDS.get(base) ?? 0);
}

/** Verbs that bring a problem about or find it: negated, the problem did not happen ("never had a breakout"). */
const HAPPENING = new Set(['have', 'get', 'cause', 'give', 'see', 'notice', 'develop', 'experience', 'leave']);
const OWNERS = new Set(['my', 'your', 'his', 'her', 'their', 'our', 'the']);

/**
 * Whether a negated problem word keeps its tone: "it did not cover my redness" leaves the redness (a complaint), where
 * "no redness", "never had a breakout" and "did not clog my pores" say the problem did not happen.
 */
function problemStays(words: readonly Word[], negatorAt: number, at: number): boolean {
  const negator = words[negatorAt]?.text ?? '';
  if (negator !== 'not') return false;
  if (!OWNERS.has(words[at - 1]?.text ?? '') && !OWNERS.has(words[at - 2]?.text ?? '')) return false;
  const between = words.slice(negatorAt + 1, at);
  return !between.some((word) => HAPPENING.has(word.lemma) || (word.pos === 'VERB' && polarityOf(word) < 0));
}

/** The summed polarity of one clause (no punctuation and no turn inside). */
function clausePolarity(words: readonly Word[]): number {
  const than = words.findIndex((word) => COMPARED_WITH.has(word.text));
  // The compared-with part runs to the next "and" or "which": "thinner than the old formula and runs" speaks of this one again.
  const resume = than === -1 ? -1 : words.findIndex((word, index) => index > than && (word.text === 'and' || word.text === 'which'));
  const end = than;
  // In "as good as the one that costs more", what follows the second "as" is the other product.
  const asAt = words.findIndex((word, index) => word.text === 'as' && words.slice(index + 2).some((next) => next.text === 'as'));
  const secondAs = asAt === -1 ? -1 : words.findIndex((word, index) => index > asAt + 1 && word.text === 'as');
  const cut = [end, secondAs].filter((at) => at >= 0).reduce((a, b) => Math.min(a, b), words.length);
  const own = [...words.slice(0, cut), ...(resume > cut ? words.slice(resume + 1) : [])];
  const remedied = own.some((word) => REMEDIES.has(word.text) || REMEDIES.has(word.lemma)) && own.some((word) => PROBLEMS.has(word.text));
  let sum = 0;
  let negatedUntil = -1;
  let negatedFrom = -1;
  for (let index = 0; index < own.length; index += 1) {
    const word = own[index] as Word;
    if (NEGATORS.has(word.text)) {
      negatedUntil = index + NEGATION_REACH;
      negatedFrom = index;
      continue;
    }
    const negated = index <= negatedUntil;
    const marker = MARKERS.get(word.text);
    if (marker !== undefined) {
      sum += marker;
      continue;
    }
    if (word.text === 'too') {
      // "too strong", "too much": a quality past what the reviewer wanted is a complaint; "not too heavy" is praise.
      const target = own[index + 1];
      if (!target || !['ADJ', 'ADV'].includes(target.pos)) continue;
      const polarity = polarityOf(target);
      if (polarity > 0.5) continue;
      sum += negated ? 0.5 : -Math.max(0.6, Math.abs(polarity));
      index += 1;
      // "too expensive to repurchase", "too thick to spread evenly": what follows is what the reviewer could not do.
      if (!negated && own[index + 1]?.text === 'to') negatedUntil = own.length;
      continue;
    }
    if (remedied && (REMEDIES.has(word.text) || REMEDIES.has(word.lemma))) continue;
    // "last month" is a date; "it lasts", "does not last" speak of the product.
    if (word.lemma === 'last' && own[index + 1]?.pos === 'NOUN') continue;
    let polarity = remedied && PROBLEMS.has(word.text) ? 0.4 : polarityOf(word);
    if (negated && !(PROBLEMS.has(word.text) && problemStays(own, negatedFrom, index))) polarity = -polarity * 0.8;
    sum += polarity;
  }
  // "My old cream was much better than this", "I preferred my previous one": praise of the earlier product.
  const earlierFirst = own.findIndex((word) => EARLIER.has(word.text));
  // The earlier product must be what the clause is about (named before the comparative), not what it is compared with.
  const preferenceAt = own.findIndex((word) => PREFERENCE.has(word.text) || word.lemma === 'prefer');
  if (earlierFirst !== -1 && preferenceAt !== -1 && (earlierFirst < preferenceAt || word(own, preferenceAt)?.lemma === 'prefer')) sum = -Math.abs(sum);
  return sum;
}

/**
 * The sentiment of one transcript line as a reader of a product review takes it: wink-nlp's tokens, parts of speech
 * and lemmas, its lexicon corrected by review words, negation that turns the next few words, "too …" as a complaint,
 * the turn of "but" (the end of the line weighs more), and comparisons read for the product being reviewed. The
 * labelled sentences of tests/unit/server/analysis/fixtures/reviewSentences.ts measure it.
 */
export function lineSentiment(text: string): { sentiment: LineSentiment; score: number } {
  let prepared = text.toLocaleLowerCase().replace(/[’]/g, "'");
  for (const [pattern, marker] of PHRASES) prepared = prepared.replace(pattern, ` ${marker} `);
  const clauses: { words: Word[]; weight: number }[] = [{ words: [], weight: 1 }];
  const { its } = nlp();
  let conceding = false;
  nlp().readDoc(prepared).tokens().each((token: ItemToken) => {
    const current = clauses.at(-1) as { words: Word[]; weight: number };
    const type = token.out(its.type);
    const text = String(token.out(its.normal));
    if (type === 'punctuation') {
      if (current.words.length > 0) clauses.push({ words: [], weight: conceding && /[,;]/.test(text) ? 1 : current.weight });
      if (/[.!?]/.test(text)) conceding = false;
      else if (conceding) {
        (clauses.at(-2) as { weight: number }).weight = BEFORE_TURN_WEIGHT;
        conceding = false;
      }
      return;
    }
    if (type !== 'word' && type !== 'emoji' && type !== 'emoticon') return;
    if (TURNS.has(text)) {
      for (const clause of clauses) clause.weight = Math.min(clause.weight, BEFORE_TURN_WEIGHT);
      clauses.push({ words: [], weight: 1 });
      return;
    }
    if (CONCESSIONS.has(text)) {
      conceding = true;
      return;
    }
    // wink-nlp's typings declare `its.lemma` with an addons parameter `out` does not accept; it works at run time.
    const lemma = String(token.out(its.lemma as unknown as typeof its.normal)).toLowerCase();
    current.words.push({ text: text === "n't" ? 'not' : text, lemma, pos: String(token.out(its.pos)) });
  });
  const sum = clauses.reduce((total, clause) => total + clause.weight * clausePolarity(clause.words), 0);
  const sentiment: LineSentiment = sum > LINE_POLARITY_THRESHOLD ? 'positive' : sum < -LINE_POLARITY_THRESHOLD ? 'negative' : 'neutral';
  return { sentiment, score: Math.round(Math.tanh(sum) * 1000) / 1000 };
}
