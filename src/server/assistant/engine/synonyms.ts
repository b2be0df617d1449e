/**
 * Near-synonyms of words brand teams ask about, as groups of lemmas. wink-nlp has lemmas but no thesaurus, and the
 * one npm package of word vectors for it is a 307 MB JSON file (too heavy for a desktop app); these groups give the
 * second ranking signal its synonyms. They only rank: a quoted line always says a word of the question itself.
 */
const GROUPS: readonly string[][] = [
  ['price', 'cost', 'expensive', 'cheap', 'pricey', 'afford', 'affordable', 'worth', 'value', 'money', 'budget', 'sale', 'discount'],
  ['complain', 'complaint', 'problem', 'issue', 'broken', 'break', 'disappoint', 'disappointed', 'fail', 'fault', 'annoying', 'bad'],
  ['pump', 'dispenser', 'nozzle', 'bottle', 'cap', 'packaging'],
  ['smell', 'scent', 'fragrance', 'odor', 'perfume'],
  ['texture', 'consistency', 'feel', 'greasy', 'sticky', 'light', 'thick'],
  ['shipping', 'delivery', 'arrive', 'package', 'order'],
  ['love', 'like', 'favorite', 'favourite', 'amazing', 'great', 'recommend', 'obsessed'],
  ['hate', 'dislike', 'awful', 'terrible', 'worst', 'regret'],
  ['skin', 'face', 'complexion', 'pore', 'acne', 'breakout'],
  ['sunscreen', 'spf', 'sunblock', 'sun', 'uv'],
  ['result', 'difference', 'effect', 'work', 'improve', 'change'],
  ['quality', 'durable', 'last', 'sturdy', 'cheaply'],
];

const BY_LEMMA = new Map<string, string[]>();
for (const group of GROUPS) for (const lemma of group) BY_LEMMA.set(lemma, [...(BY_LEMMA.get(lemma) ?? []), ...group.filter((other) => other !== lemma)]);

/** The near-synonyms of a lemma (none for most words). */
export function synonymsOf(lemma: string): readonly string[] {
  return BY_LEMMA.get(lemma) ?? [];
}
