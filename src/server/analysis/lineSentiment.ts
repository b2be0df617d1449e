import winkNLP from 'wink-nlp';
import model from 'wink-eng-lite-web-model';

export type LineSentiment = 'positive' | 'negative' | 'neutral';

/** What one line says about what it names: its polarity, a signed score, and whether the scorer could read it at all. */
export interface LineOpinion {
  sentiment: LineSentiment;
  score: number;
  /** False for a line in a language the scorer has no words for: its feeling is unknown, not neutral. */
  measured: boolean;
}

let nlpInstance: ReturnType<typeof winkNLP> | null = null;
/** wink-nlp with its English lite model, loaded on first use (about 100 ms). */
export function nlp(): ReturnType<typeof winkNLP> {
  nlpInstance ??= winkNLP(model);
  return nlpInstance;
}

/**
 * Words whose feeling in a product review differs from a general-purpose lexicon's (wink scores "strong" and "fresh"
 * alike as praise and knows nothing of "greasy" or "breakout"): what a skin, hair or gear review means by them.
 */
const REVIEW_WORDS: Readonly<Record<string, number>> = {
  dry: -2, drying: -2, dried: -2, dryness: -2, sticky: -2, tacky: -2, greasy: -2, oily: -2, flaky: -2, itchy: -2, itch: -2,
  irritation: -3, irritated: -3, irritating: -3, irritates: -3, burn: -2, burned: -2, burning: -2, burns: -2, sting: -2,
  stinging: -2, stings: -2, stung: -2, breakout: -2, breakouts: -2, broke: -2, broken: -2, breaks: -2, leak: -2, leaked: -2,
  leaks: -2, leaking: -2, rash: -3, redness: -2, residue: -2, pilling: -2, pills: -2, cakey: -2, patchy: -2, streaky: -2,
  clumpy: -2, chalky: -2, ashy: -2, harsh: -2, overpriced: -3, pricey: -1, smelly: -2, stinks: -3, flimsy: -2, peeling: -1,
  crumbled: -2, smudged: -2, smudges: -2, melted: -1, rancid: -3, gross: -3, dull: -2, lackluster: -2, underwhelming: -2,
  meh: -2, mediocre: -2, disappointed: -3, disappointing: -3, disappointment: -3, waste: -3, refund: -2, returned: -2,
  returning: -2, ripped: -2, tore: -2, soaked: -2, blister: -2, blisters: -2, heavy: -1, tight: -1, stripped: -2, weird: -1,
  faded: -2, regret: -3, unfortunately: -2, sadly: -2, worse: -3, worst: -3, nothing: -1, fails: -2, failed: -2, useless: -3,
  hydrated: 2, hydrating: 2, glowy: 2, glowing: 2, smooth: 2, smoother: 2, soft: 2, softer: 2, plump: 2, soothing: 2,
  soothed: 2, calm: 1, calmer: 1, gentle: 2, lightweight: 2, nourished: 2, nourishing: 2, radiant: 2, brighter: 2, dewy: 2,
  silky: 2, supple: 2, refreshing: 2, recommend: 2, recommended: 2, obsessed: 3, favourite: 3, favorite: 3, staple: 2,
  worth: 2, bargain: 2, affordable: 2, waterproof: 2, sturdy: 2, comfortable: 2, comfy: 2, glides: 2, repurchase: 3,
  repurchased: 3, impressed: 3, impressive: 3, better: 2, best: 3, clearer: 2, holds: 0, flawless: 3, perfect: 3, perfectly: 2,
  reliable: 2, durable: 2, cozy: 2, cosy: 2, grail: 3, absorbs: 1, lasts: 1, quickly: 0, strong: 0, fresh: 1, cheap: -1, like: 0,
  cheaper: 1, calmed: 2, nicest: 3, cracked: -2, letdown: -3, impossible: -2, mess: -2, fraying: -2, frayed: -2, special: 2,
  effective: 2, well: 1, compare: 1, fade: -2, fades: -2, welcome: 0, tested: 0, warm: 0, sold: 0, storm: 0, rain: 0, cold: 0,
  oxidised: -2, oxidized: -2, thrilled: 3, stunning: 3, helpful: 2, handy: 2, pleasant: 2, promising: 1, rough: -1,
  love: 3, loved: 3, loving: 3, loves: 3, hate: -3, hated: -3, hates: -3, good: 2, great: 3, amazing: 3, awful: -3, terrible: -3,
  horrible: -3, bad: -3, poor: -2, nice: 2, lovely: 3, excellent: 3, fantastic: 3, wonderful: 3, happy: 2, unhappy: -2,
  annoying: -2, annoyed: -2, pleased: 2, fine: 1, okay: 0, ok: 0, fail: -2, problem: -2, problems: -2, issue: -1, issues: -1,
  pain: -2, painful: -2, ugly: -3, beautiful: 3, beautifully: 3, gorgeous: 3, pretty: 0, cheaply: -2, works: 1, worked: 1,
  helped: 2, helps: 2, fixed: 1, improved: 2, improvement: 2, difference: 1, enjoy: 2, enjoyed: 2, fun: 2, easy: 2, hard: -1,
  difficult: -2, uncomfortable: -2, wrong: -2, fake: -3, scam: -3, allergic: -2, reaction: -1, complaints: -1, complaint: -1,
};

/** Words that reverse the words after them within their clause ("not sticky", "never leaked", "without any stinging"). */
const NEGATORS = new Set(['less', 'not', 'no', 'never', 'nothing', 'without', 'hardly', 'barely', 'neither', 'nor', 'cannot', 'cant', 'dont', 'doesnt', 'didnt', 'isnt', 'wasnt', 'arent', 'werent', 'wont', 'wouldnt', 'couldnt', 'shouldnt', 'havent', 'hasnt', 'hadnt', 'aint', 'zero', 'free']);
const INTENSIFIERS = new Set(['very', 'really', 'so', 'extremely', 'super', 'absolutely', 'incredibly', 'truly', 'seriously', 'genuinely', 'totally', 'completely', 'insanely', 'crazy', 'highly', 'quite']);
/** A clause after one of these outweighs the one before ("I wanted to love it, but it pills"). */
const TURNS = new Set(['but', 'however', 'yet', 'except', 'sadly', 'unfortunately']);
/** A clause after one of these is the lesser part ("I love it, although it is pricey"). */
const CONCESSIONS = new Set(['although', 'though', 'despite', 'whereas']);
/** Hoping or expecting something says it did not happen when a turn follows; alone they are no opinion. */
const WISHES = new Set(['wanted', 'hoped', 'expected', 'wish', 'wished', 'hoping', 'thought']);
/** Words that mark a line as English (the scorer has no words for other languages). */
const ENGLISH_MARKERS = new Set(['the', 'and', 'is', 'it', 'this', 'i', 'my', 'was', 'of', 'to', 'a', 'for', 'with', 'that', 'you', 'on', 'in', 'me', 'but', 'so', 'are', 'have', 'has', 'its', 'im', 'ive', 'after', 'just', 'too', 'than', 'one', 'be', 'at', 'what', 'they', 'we', 'your', 'did', 'do', 'does', 'am', 'really', 'very']);
/** "like" is liking only after these ("I like", "really like"), not in "feels like" or "like a mask". */
const LIKERS = new Set(['i', 'we', 'really', 'actually', 'you', 'they', 'genuinely', 'definitely', 'also', 'do', 'would', 'id', 'youll', 'still', 'totally']);

const cache = new Map<string, number>();
/** A word's polarity: the review words first, else wink-nlp's lexicon read on the word alone (cached). */
function wordScore(word: string): number {
  const own = REVIEW_WORDS[word];
  if (own !== undefined) return own;
  let known = cache.get(word);
  if (known === undefined) {
    known = Number(nlp().readDoc(word).out(nlp().its.sentiment)) || 0;
    // wink rates many plain words (colour, dark, top) faintly; only its clear opinions count in a review.
    known = Math.abs(known) <= 0.5 ? 0 : Math.sign(known) * 2;
    cache.set(word, known);
  }
  return known;
}

/** Lower case words, apostrophes dropped ("don't" → "dont"), with clause breaks (punctuation) kept as "|". */
function wordsOf(text: string): string[] {
  return text
    .toLocaleLowerCase()
    .replace(/[’']/g, '')
    .replace(/[.,;:!?()—–-]+/g, ' | ')
    .split(/[^\p{L}\p{N}|_]+/u)
    .filter((word) => word !== '');
}

/** Phrases whose words alone miss their meaning, matched on the line's words before scoring. */
const PHRASES: readonly (readonly [RegExp, number])[] = [
  [/\bgame changer\b/, 3], [/\b(five|5) stars?\b/, 3], [/\b(ten|10) out of (ten|10)\b/, 3], [/\b(one|1|zero|0) stars?\b/, -3],
  [/\bstay(ed|s)? put\b/, 2], [/\band then some\b/, 2], [/\b(does|did|do) the job\b/, 2], [/\bsits? on top\b/, -2],
  [/\blike (straw|plastic|a chemical|chemicals)\b/, -2], [/\ba dream\b/, 2], [/\bcant get enough\b/, 3], [/\bcan not get enough\b/, 3],
];
/** Skin and hair types named as who a product is for ("for dry skin") describe, not judge. */
const TYPES = new Set(['dry', 'oily', 'sensitive', 'combination', 'normal', 'mature', 'acne']);
/** After these, a state is what the product kept you in ("kept me dry", "keeps me warm"): praise. */
const KEEPERS = new Set(['kept', 'keeps', 'keep', 'stay', 'stayed', 'stays', 'staying']);
const BUYING = new Set(['buy', 'buying', 'bought', 'purchase', 'purchasing', 'order', 'ordering', 'use', 'using']);
/** Words a negation reaches past ("did not have a single breakout"). */
const FILLERS = new Set(['a', 'an', 'the', 'any', 'single', 'my', 'have', 'had', 'of', 'one', 'once', 'it', 'be', 'feel', 'really', 'at', 'all', 'even', 'get', 'so', 'this', 'that', 'as', 'too']);

/** A word's score with its comparative read as its base ("greasier" as "greasy", "softer" as "soft"). */
function scoreOf(word: string): number {
  const direct = wordScore(word);
  if (direct !== 0 || word.length < 6) return direct;
  if (word.endsWith('ier')) return wordScore(`${word.slice(0, -3)}y`);
  if (word.endsWith('er')) return wordScore(word.slice(0, -2)) || wordScore(word.slice(0, -1));
  return 0;
}

/**
 * The feeling of one review line about what it names. A lexicon score per word with the rules reviews need: a
 * negator reverses the next opinion word within its clause ("not greasy at all", "did not have a single breakout"),
 * except an idiom of praise ("never looked this good", "could not be happier"); "too" makes the next word a fault
 * ("too strong", "too heavy") unless negated ("not too heavy" is praise); what follows "than" describes the other
 * thing compared, and a comparison "than this" speaks of the other ("the old one was better than this"); a clause
 * after "but" outweighs the one before it (and reverses a hope: "I wanted to love it, but"), one after "although"
 * counts less; an intensifier strengthens the next word; a few review phrases ("game changer", "five stars",
 * "would buy again") carry their own score.
 */
export function lineOpinion(text: string): LineOpinion {
  const words = wordsOf(text);
  const english = words.filter((word) => ENGLISH_MARKERS.has(word)).length;
  if (english === 0 && !words.some((word) => word !== '|' && scoreOf(word) !== 0)) return { sentiment: 'neutral', score: 0, measured: false };
  const joined = words.filter((word) => word !== '|').join(' ');
  let score = PHRASES.reduce((sum, [pattern, value]) => sum + (pattern.test(joined) ? value : 0), 0);
  let clause = 0;
  let weight = 1;
  let negatedFor = 0;
  let negatedBy = '';
  let boost = 1;
  let tooFor = 0;
  let afterThan = false;
  let wished = false;
  const endClause = (): void => {
    // "It did absolutely nothing": a "nothing" that reversed no word is itself the complaint.
    if (negatedFor > 0 && negatedBy === 'nothing') clause += weight * -2;
    score += clause;
    clause = 0;
    negatedFor = 0;
    tooFor = 0;
    afterThan = false;
    boost = 1;
    weight = 1;
  };
  for (let index = 0; index < words.length; index++) {
    const word = words[index] ?? '';
    const previous = words[index - 1] ?? '';
    const next = words[index + 1] ?? '';
    if (word === '|') {
      endClause();
      continue;
    }
    if (TURNS.has(word)) {
      score = (score + clause) * (wished ? -0.5 : 0.5);
      clause = (REVIEW_WORDS[word] ?? 0);
      negatedFor = 0;
      afterThan = false;
      continue;
    }
    if (CONCESSIONS.has(word)) {
      weight = 0.4;
      continue;
    }
    if (WISHES.has(word)) wished = true;
    if (word === 'more' && wished) {
      clause += weight * -2;
      continue;
    }
    if (word === 'than') {
      afterThan = true;
      if (next === 'this' || next === 'it') clause = -clause;
      continue;
    }
    if (word === 'all' && next === 'day' && score + clause === 0) {
      clause += 1.5;
      continue;
    }
    if (NEGATORS.has(word)) {
      if (word === 'free' && index > 0) {
        clause += weight * 1.5;
        continue;
      }
      // "never looked this good", "could not be happier", "never felt better": praise, not its reverse.
      const ahead = words.slice(index + 1, index + 4);
      const idiom = ahead.some((w, at) => (w === 'this' || w === 'so') && scoreOf(ahead[at + 1] ?? '') > 0) || ahead.some((w) => /^(happier|better)$/.test(w));
      if (idiom) continue;
      negatedFor = 4;
      negatedBy = word;
      continue;
    }
    if (word === 'too' && next !== '' && next !== '|') {
      tooFor = 1;
      continue;
    }
    if (INTENSIFIERS.has(word)) {
      boost = 1.5;
      continue;
    }
    let value: number;
    if (word === 'like') value = LIKERS.has(previous) || NEGATORS.has(previous) ? 2 : 0;
    else if (TYPES.has(word) && (previous === 'for' || next === 'skin' && words[index - 2] === 'for')) value = 0;
    else if (KEEPERS.has(previous) || KEEPERS.has(words[index - 2] ?? '')) value = Math.abs(scoreOf(word)) > 0 || word === 'dry' || word === 'warm' ? 2 : 0;
    else if (BUYING.has(word) && words.slice(index + 1, index + 4).includes('again')) value = 2;
    else if (negatedFor > 0 && word === 'for' && next === 'me') value = 2;
    else value = scoreOf(word);
    if (tooFor > 0) {
      // "too much", "too strong", "too good": an excess is a fault whatever the word; negated it is moderate praise.
      clause += weight * (negatedFor > 0 ? 1.5 : -2);
      tooFor = 0;
      negatedFor = 0;
      continue;
    }
    if (afterThan) value = 0;
    if (value !== 0) {
      value *= boost;
      boost = 1;
      if (negatedFor > 0) {
        // "not bad" is milder praise than "good"; "not good" is as bad as "bad".
        value = value < 0 ? -value * 0.6 : -value;
        negatedFor = 0;
      }
      clause += weight * value;
    } else if (negatedFor > 0 && !FILLERS.has(word)) {
      negatedFor -= 1;
    }
  }
  endClause();
  const sentiment: LineSentiment = score > 0.5 ? 'positive' : score < -0.5 ? 'negative' : 'neutral';
  return { sentiment, score: Math.round(score * 100) / 100, measured: true };
}
