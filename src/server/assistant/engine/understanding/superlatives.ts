/**
 * Superlatives and their direction, in the answer languages: what a ranking is by ("most negative", "least mentioned",
 * "best performing", "fastest growing", "worst") and of what (products or creators). Read from the words, not guessed:
 * a question with no ranking word is not a ranking.
 */
export type Measure = 'negative' | 'positive' | 'mentions' | 'views' | 'growth';
export interface Ranking { measure: Measure; direction: 'most' | 'least'; of: 'product' | 'creator' | 'video' }

const LEAST = /\bleast\b|\bfewest\b|\blowest\b|\bmenos\b|\bmoins\b|\bwenigsten\b|\bam seltensten\b|最も少な|一番少な|少ない|الأقل|सबसे कम/iu;
const MEASURES: readonly [Measure, RegExp][] = [
  ['growth', /fastest[- ]growing|grew (the )?most|growing fastest|crece m[áa]s|m[áa]s r[áa]pido|croissance|progress[ée] le plus|am schnellsten|st[äa]rksten gewachsen|伸び|成長|الأسرع نموا|सबसे तेज़ी से/iu],
  ['negative', /negativ|n[ée]gati|\bworst\b|\bcomplain|\bdislike|\bhate|quejan|se plaignent|beschweren|\bpeor(es)?\b|\bpires?\b|schlechtest|ネガティブ|評判が悪|悪い|最悪|سلبي|أسوأ|नकारात्मक|सबसे खराब/iu],
  ['views', /best[- ]performing|performed (the )?best|top[- ]performing|mejor rendimiento|rindi[óo] mejor|mieux perform|meilleure? performance|am besten abgeschnitten|beste leistung|パフォーマンス|再生|\b(most|fewest|least|highest|lowest) (views|viewed)\b|\b(most|least)[- ]viewed\b|m[áa]s vistas|plus de vues|meisten aufrufe|أفضل أداء|सबसे अच्छा प्रदर्शन/iu],
  ['positive', /positi[vf]|\bbest (reviews?|reactions?|rated|liked)\b|\blike(d|s)? (it |them )?(the )?(best|most|least)\b|\blove(d|s)? (it |them )?(the )?(most|least)\b|mejor valorad|mieux not[ée]|am beliebtesten|ポジティブ|評判が良|إيجابي|सकारात्मक/iu],
  ['mentions', /mention|menciona|erw[äa]hnt|言及|talked about|hablan|parl[ée]|ذكر|उल्लेख/iu],
];
const RANK_WORD = /\b(most|least|fewest|highest|lowest|best|worst|top|fastest|biggest|m[áa]s|menos|mejor|peor(es)?|plus|moins|meilleur|pires?|am|meisten|wenigsten|mieux|\p{L}+(?:sten|ste)|le plus|les plus)\b|最も|一番|いちばん|الأكثر|الأقل|सबसे/iu;
const CREATOR = /creator|creador|cr[ée]ateur|influenc|クリエイター|インフルエンサー|صانع|مؤثر|क्रिएटर|इन्फ्लुएंसर/iu;
const PRODUCT = /product|producto|produit|produkt|製品|商品|منتج|उत्पाद/iu;
const VIDEO = /\bvideos?\b|\bv[íi]d[ée]os?\b|動画|فيديو|वीडियो/iu;

/**
 * The measure and direction a question's ranking words say, whatever it ranks ("and which one do people like best?"
 * ranks what the question before it ranked); null without a ranking word or without a measure named.
 */
export function rankingWords(question: string): Pick<Ranking, 'measure' | 'direction'> | null {
  if (!RANK_WORD.test(question)) return null;
  const measure = MEASURES.find(([, pattern]) => pattern.test(question))?.[0];
  if (!measure) return null;
  return { measure, direction: LEAST.test(question) && measure !== 'negative' ? 'least' : 'most' };
}

export function rankingOf(question: string): Ranking | null {
  const of = CREATOR.test(question) ? 'creator' : PRODUCT.test(question) ? 'product' : VIDEO.test(question) ? 'video' : null;
  if (of === null || !RANK_WORD.test(question)) return null;
  const named = MEASURES.find(([, pattern]) => pattern.test(question))?.[0];
  // A video ranking needs its measure said ("the most views"): "how many videos mention it most" is no ranking of videos.
  if (of === 'video' && named === undefined) return null;
  const measure = named ?? (of === 'creator' ? 'views' : 'mentions');
  return { measure, direction: LEAST.test(question) && measure !== 'negative' ? 'least' : 'most', of };
}
