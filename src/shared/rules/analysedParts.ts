import { z } from 'zod';
import { NOT_ANALYSED_REASONS } from '../messages';

/**
 * The parts of a video's analysis that can be missing, each on its own: what was said (transcript, sentiment, foul
 * language, topics, sponsorship disclosures), what is seen (visual content) and who watches (audience demographics).
 */
export const ANALYSIS_PARTS = ['speech', 'visual_content', 'demographics', 'sponsored'] as const;
export type AnalysisPart = (typeof ANALYSIS_PARTS)[number];

/** Per part: null when it was analysed, else the sentence saying why not (NOT_ANALYSED_REASONS). */
export const NotAnalysedSchema = z.object({
  speech: z.string().nullable(),
  visual_content: z.string().nullable(),
  demographics: z.string().nullable(),
  sponsored: z.string().nullable(),
});
export type NotAnalysed = z.infer<typeof NotAnalysedSchema>;

/** What is stored about a video that tells which parts were analysed. */
interface AnalysedFacts {
  analysis_stage: 'pending' | 'processing' | 'completed';
  /** The video's file is kept here (an upload); a link's video stays on its platform. */
  onThisComputer: boolean;
  /** It has at least one transcript line: the speech was read (the same test as the list index's `felt`). */
  hasTranscript: boolean;
  /** Its sound was heard (audio labels stored): no transcript line then means no one spoke, not "not analysed". */
  soundHeard?: boolean;
  visualKnown: boolean;
  demographicsKnown: boolean;
  sponsored: boolean;
}

/**
 * Which parts of a video have really been analysed, the one definition the detail, the list index (filters, Home,
 * reports) and the assistant follow. Speech counts once a transcript line exists; a sponsorship "No" only counts
 * when the speech was read (a "Yes" is a finding wherever it came from); visual content and audience only when
 * stored.
 */
export function notAnalysedParts(facts: AnalysedFacts): NotAnalysed {
  const running = facts.analysis_stage !== 'completed';
  const unread = running ? NOT_ANALYSED_REASONS.pending : facts.onThisComputer ? NOT_ANALYSED_REASONS.noSpeechEngine : NOT_ANALYSED_REASONS.linkNotLocal;
  const unseen = running ? NOT_ANALYSED_REASONS.pending : facts.onThisComputer ? NOT_ANALYSED_REASONS.noImageEngine : NOT_ANALYSED_REASONS.linkNotLocal;
  return {
    speech: facts.hasTranscript || (facts.soundHeard === true && !running) ? null : unread,
    visual_content: facts.visualKnown ? null : unseen,
    demographics: facts.demographicsKnown ? null : running ? NOT_ANALYSED_REASONS.pending : NOT_ANALYSED_REASONS.noAudienceData,
    sponsored: facts.hasTranscript || facts.sponsored || (facts.soundHeard === true && !running) ? null : unread,
  };
}

/** Whether a stored demographics object holds any audience share (an unanalysed video's is empty). */
export function hasAudienceShares(demographics: unknown): boolean {
  if (demographics === null || typeof demographics !== 'object') return false;
  return Object.values(demographics as Record<string, unknown>).some(
    (family) => family !== null && typeof family === 'object' && Object.values(family as Record<string, unknown>).some((share) => typeof share === 'number'),
  );
}
