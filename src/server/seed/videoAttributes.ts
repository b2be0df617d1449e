import { LICENSING_DURATIONS } from '../../shared/constants';
import type { BrandSafety, Topic } from '../../shared/domain/video';
import { AUDIO_CLASSIFICATIONS, AUDIO_LABELS, POVS, VIDEO_CATEGORIES, type DomainVocabulary } from './catalog';
import type { Prng } from './prng';

/** The analysis results of a video that do not depend on its transcript. */
export interface VideoAttributes {
  category: string;
  scene: string;
  pov: string;
  audio_labels: string[];
  audio_classification: string;
  topics: Topic[];
  brand_safety: BrandSafety;
  sentiment_positive: number;
  sentiment_negative: number;
  views: number;
  likes: number;
  comments: number;
  licensing_duration: string | null;
  licensing_price: number | null;
  sentiment_feedback_like: number | null;
  analysis_stage: 'pending' | 'processing' | 'completed';
}

const round3 = (value: number): number => Math.round(value * 1000) / 1000;

/** Draws plausible analysis results: mostly positive reviews, a long tail of views, rare brand-safety issues. */
export function makeVideoAttributes(rng: Prng, vocabulary: DomainVocabulary): VideoAttributes {
  const positive = round3(rng.chance(0.25) ? rng.float(0.1, 0.45) : rng.float(0.45, 0.92));
  const negative = round3(rng.float(0.02, Math.max(0.05, (1 - positive) * 0.85)));
  const views = Math.round(Math.pow(10, rng.float(2, 6.6)));
  const likes = Math.round(views * rng.float(0.015, 0.09));
  const labels = ['Speech', ...rng.sample(AUDIO_LABELS.filter((label) => label !== 'Speech'), rng.int(0, 2))];
  const topics = rng.sample(vocabulary.topics, rng.int(1, 3)).map((topic) => ({
    topic: topic.topic,
    subTopics: rng.sample(topic.subTopics, rng.int(1, Math.min(3, topic.subTopics.length))),
  }));
  const visual = rng.weighted([90, 8, 2]);
  const foul = rng.weighted([80, 17, 3]);
  const licensed = rng.chance(0.3);
  const stage = rng.weighted([96, 2, 2]);
  return {
    category: rng.pick(VIDEO_CATEGORIES),
    scene: rng.pick(vocabulary.scenes),
    pov: rng.pick(POVS),
    audio_labels: labels,
    audio_classification: rng.pick(AUDIO_CLASSIFICATIONS),
    topics,
    brand_safety: {
      visual_content: visual === 0 ? 'safe' : visual === 1 ? 'caution' : 'unsafe',
      foul_language: foul === 0 ? 'none' : foul === 1 ? 'mild' : 'strong',
    },
    sentiment_positive: positive,
    sentiment_negative: negative,
    views,
    likes,
    comments: Math.round(likes * rng.float(0.02, 0.12)),
    licensing_duration: licensed ? rng.pick(LICENSING_DURATIONS) : null,
    // Some prices at or under 0.99 so the flat licensing fee rule (spec §5) has data to show.
    licensing_price: licensed ? Math.round((rng.chance(0.15) ? rng.float(0.25, 0.99) : rng.float(20, 600)) * 100) / 100 : null,
    sentiment_feedback_like: rng.chance(0.1) ? (rng.chance(0.75) ? 1 : 0) : null,
    analysis_stage: stage === 0 ? 'completed' : stage === 1 ? 'pending' : 'processing',
  };
}
