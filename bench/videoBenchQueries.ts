/**
 * Deterministic cold requests for the videos bench: every request differs from every other one in what the list
 * summary depends on (filters, search), so no answer can come from a per-query cache. Values are drawn from the demo
 * vocabulary: the filter options the tab offers (platforms, categories, languages, scenes, creators, products ...) and
 * words and names that occur in transcripts, titles and creator names.
 */
import { PLATFORMS, VIDEO_SORTS, VIEW_THRESHOLDS } from '../src/shared/constants';
import type { VideoFilterOptions, VideoFiltersInput } from '../src/shared/http/videos.schemas';
import { VOCABULARY } from '../src/server/seed/catalog';
import { Prng } from '../src/server/seed/prng';
import { ENGLISH_SPEECH } from '../src/server/seed/speech';
import { ENGLISH_PHASES } from '../src/server/seed/transcriptTemplates';

export type ListQuery = Record<string, string | number>;

const SORTS = ['created_at', ...VIDEO_SORTS] as const;
const values = (options: VideoFilterOptions, family: keyof VideoFilterOptions): string[] => options[family].map((option) => option.value);

/** One filter family, drawn at random, as a partial filters object. */
function drawFamily(rng: Prng, options: VideoFilterOptions): VideoFiltersInput {
  const some = (family: keyof VideoFilterOptions, most = 2): string[] => rng.sample(values(options, family), rng.int(1, most));
  switch (rng.int(0, 9)) {
    case 0: return { platform: rng.sample(PLATFORMS, rng.int(1, 3)) };
    case 1: return { category: some('category') };
    case 2: return { language: some('language') };
    case 3: return { scene: some('scene') };
    case 4: return { pov: some('pov') };
    case 5: return { influencer: some('influencer', 3) };
    case 6: return { product: some('product') };
    case 7: return { views: { radio: rng.chance(0.7) ? 'gte' : 'lte', value: rng.pick(VIEW_THRESHOLDS) } };
    case 8: return { sponsored: { sponsorship: rng.chance(0.5) } };
    default: return { audio_labels: some('audio_labels') };
  }
}

/**
 * `count` distinct list queries of the My Videos tab: one to three filter families, any sort, page 1–5 of 50.
 * The filter combination is unique per query (the key of the summary cache), so each one is computed cold.
 */
export function coldListQueries(options: VideoFilterOptions, count: number, seed: number): ListQuery[] {
  const rng = Prng.derive(seed, 'bench-list');
  const seen = new Set<string>();
  const queries: ListQuery[] = [];
  for (let attempts = 0; queries.length < count && attempts < count * 100; attempts++) {
    const families = Array.from({ length: rng.int(1, 3) }, () => drawFamily(rng, options));
    const filters = Object.assign({}, ...families) as VideoFiltersInput;
    const text = JSON.stringify(filters, Object.keys(filters).sort());
    if (seen.has(text)) continue;
    seen.add(text);
    queries.push({ tab: 'My Videos', sort: rng.pick(SORTS), per_page: 50, page: rng.int(1, 5), filters: JSON.stringify(filters) });
  }
  if (queries.length < count) throw new Error(`only ${queries.length} distinct list queries could be drawn`);
  return queries;
}

/**
 * One request per sort and per filter family, with values no measured query uses (the last option of each family):
 * the list index builds its sort orders and per-code postings on first use, as SQLite builds nothing lazily; these
 * warm-up requests make the measured ones steady-state requests, not the first user of a structure.
 */
export function warmUpQueries(options: VideoFilterOptions): ListQuery[] {
  const last = (family: keyof VideoFilterOptions): string[] => options[family].slice(-1).map((option) => option.value);
  const families: VideoFiltersInput[] = [
    { category: last('category') }, { language: last('language') }, { scene: last('scene') }, { pov: last('pov') },
    { influencer: last('influencer') }, { product: last('product') }, { audio_labels: last('audio_labels') },
    { views: { radio: 'lte', value: VIEW_THRESHOLDS[0] } }, { sponsored: { sponsorship: false } }, { topic: { topics: last('topics'), subTopics: last('subTopics') } },
  ];
  // Both note values (which filters nothing) keep every warm-up's filters, the summary cache key, apart from the
  // measured queries', which never name a note.
  const apart = { note: { values: ['has_note', 'no_note'] } };
  return [
    ...SORTS.map((sort) => ({ tab: 'My Videos', sort, per_page: 50, page: 2, filters: JSON.stringify({ platform: ['Dropbox'], ...apart }) })),
    ...families.map((filters) => ({ tab: 'My Videos', sort: 'created_at', per_page: 50, page: 1, filters: JSON.stringify({ ...apart, ...filters }) })),
  ];
}

/** Words of four or more letters in the English transcript templates and the domain vocabulary. */
function transcriptWords(): string[] {
  const text = [
    ...ENGLISH_PHASES.flatMap((phase) => [...phase.neutral, ...phase.positive, ...phase.negative]),
    ...Object.values(VOCABULARY).flatMap((vocabulary) => [...vocabulary.features, ...vocabulary.praise, ...vocabulary.complaints, ...vocabulary.useTime]),
  ].join(' ');
  const words = text.replace(/\{\w+\}/g, ' ').toLowerCase().match(/[a-z]{4,}/g) ?? [];
  return [...new Set(words)].sort();
}

/** The English templates and speech (openers, tails, asides) people hear in the demo videos. */
function templateSentences(): string[] {
  return [
    ...ENGLISH_PHASES.flatMap((phase) => [...phase.neutral, ...phase.positive, ...phase.negative]),
    ...ENGLISH_SPEECH.openers, ...ENGLISH_SPEECH.tails, ...ENGLISH_SPEECH.asides,
  ];
}

/** Two adjacent words of the templates and speech, as people search a phrase they heard. */
function transcriptPhrases(): string[] {
  const phrases = new Set<string>();
  for (const sentence of templateSentences()) {
    const words = sentence.replace(/\{\w+\}/g, ' ').toLowerCase().split(/[^a-z']+/).filter(Boolean);
    for (let i = 0; i + 1 < words.length; i++) if (`${words[i]} ${words[i + 1]}`.length >= 6) phrases.add(`${words[i]} ${words[i + 1]}`);
  }
  return [...phrases].sort();
}

/**
 * Three to five adjacent words of the templates and speech, taken within one stretch between placeholders and
 * punctuation, so the phrase is said as typed.
 */
function transcriptRuns(): string[] {
  const runs = new Set<string>();
  for (const sentence of templateSentences()) {
    for (const stretch of sentence.split(/\{\w+\}|[,.;:!?—]/)) {
      const words = stretch.toLowerCase().split(/[^a-z']+/).filter(Boolean);
      for (let length = 3; length <= 5; length++) for (let i = 0; i + length <= words.length; i++) runs.add(words.slice(i, i + length).join(' '));
    }
  }
  return [...runs].sort();
}

/** What a transcript search of the bench looks for (each kind's p95 is printed and judged on its own). */
export type SearchKind = 'one word' | 'two-word phrase' | 'word prefix' | 'name' | 'phrase of 3-5 words';
export const SEARCH_KINDS: readonly SearchKind[] = ['one word', 'two-word phrase', 'word prefix', 'name', 'phrase of 3-5 words'];

/**
 * `count` distinct transcript searches (search_in=transcript) of each kind, as a person types: whole words, two-word
 * phrases heard in the videos, word prefixes of three or more letters, product and creator names (product names are
 * runs of two to five words), phrases of three to five words heard in the videos; first pages mostly,
 * any sort. Each search text is used once, so each is computed cold.
 */
export function coldSearchQueries(options: VideoFilterOptions, count: number, seed: number): Record<SearchKind, ListQuery[]> {
  const rng = Prng.derive(seed, 'bench-search');
  const words = transcriptWords();
  const phrases = transcriptPhrases();
  const longer = transcriptRuns();
  const names = [...options.product.map((option) => option.label), ...options.influencer.map((option) => option.label)];
  const draw: Record<SearchKind, () => string> = {
    'one word': () => rng.pick(words),
    'two-word phrase': () => rng.pick(phrases),
    'word prefix': () => {
      const word = rng.pick(words);
      return word.slice(0, rng.int(3, Math.max(3, word.length - 1)));
    },
    name: () => rng.pick(names),
    'phrase of 3-5 words': () => rng.pick(longer),
  };
  const seen = new Set<string>();
  const queries = {} as Record<SearchKind, ListQuery[]>;
  for (const kind of SEARCH_KINDS) {
    queries[kind] = [];
    for (let attempts = 0; queries[kind].length < count && attempts < count * 100; attempts++) {
      const search = draw[kind]();
      const key = search.toLowerCase();
      if (seen.has(key) || [...search].length < 3) continue;
      seen.add(key);
      queries[kind].push({ tab: 'My Videos', search_in: 'transcript', search, sort: rng.pick(SORTS), per_page: 50, page: rng.chance(0.8) ? 1 : rng.int(2, 3) });
    }
  }
  return queries;
}
