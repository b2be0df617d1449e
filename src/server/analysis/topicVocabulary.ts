import { VOCABULARY } from '../seed/catalog';

/** A topic with its sub-topics and, per sub-topic, the words that signal it (lower case, matched on word boundaries). */
export interface TopicEntry {
  topic: string;
  subTopics: { name: string; cues: string[] }[];
}

/** Extra cue words for sub-topics whose name alone is rarely said. */
const EXTRA_CUES: Readonly<Record<string, readonly string[]>> = {
  Price: ['price', 'prices', 'pricey', 'expensive', 'cheap', 'cost', 'costs', 'worth the money', 'value for money'],
  Size: ['ml', 'size', 'bottle lasts'],
  'Discount codes': ['discount', 'discount code', 'promo code', 'coupon', 'on sale'],
  Dryness: ['dry skin', 'dryness', 'flaky'],
  Acne: ['acne', 'breakout', 'breakouts', 'pimple', 'pimples'],
  Sensitivity: ['sensitive', 'irritation', 'redness', 'stinging'],
  Texture: ['texture', 'sticky', 'greasy', 'lightweight'],
  'Before and after': ['before and after', 'results'],
  Sustainability: ['recyclable', 'sustainable', 'plastic', 'refill'],
  Waterproofing: ['waterproof', 'waterproofing', 'leak', 'leaked', 'soaked'],
  Weight: ['weight', 'heavy', 'light', 'grams', 'kg'],
  Durability: ['durable', 'durability', 'ripped', 'broke', 'tear'],
  Comfort: ['comfortable', 'comfort', 'blister', 'blisters'],
  Warranty: ['warranty', 'guarantee', 'support'],
  Rain: ['rain', 'rainy', 'downpour'],
  'Morning routine': ['morning routine', 'every morning'],
  'Night routine': ['night routine', 'every night', 'before bed'],
};

/**
 * The topic vocabulary the analysis matches transcripts against: the market vocabularies of the demo catalogue
 * (the same topics the seeded videos carry, so re-analysed and new videos share filter values), merged by topic name.
 */
export function buildTopicVocabulary(): TopicEntry[] {
  const byTopic = new Map<string, Map<string, string[]>>();
  for (const domain of Object.values(VOCABULARY)) {
    for (const entry of domain.topics) {
      const subs = byTopic.get(entry.topic) ?? new Map<string, string[]>();
      for (const sub of entry.subTopics) {
        const cues = new Set([sub.toLowerCase().replace('’', "'"), ...(EXTRA_CUES[sub] ?? [])]);
        subs.set(sub, [...cues]);
      }
      byTopic.set(entry.topic, subs);
    }
  }
  return [...byTopic].map(([topic, subs]) => ({ topic, subTopics: [...subs].map(([name, cues]) => ({ name, cues })) }));
}
