/**
 * What the renderer may know about a running analysis (issue 41): its steps with their labels, the progress a video's
 * status carries, and the sentences of the Transcript tab's two tracks. The step list is a copy of ANALYSIS_STEPS in
 * src/server/analysis/engines.ts (the renderer must not import src/server); a unit test keeps the two equal.
 */
import { z } from 'zod';
import type { PLATFORMS } from './constants';
import { NOT_ANALYSED_REASONS } from './messages';

/** The steps of one analysis, in the order they run. */
export const ANALYSIS_STEPS = ['downloading_model', 'decoding_audio', 'finding_speech', 'transcribing', 'reading_screen', 'labelling_audio', 'storing'] as const;
export type AnalysisStep = (typeof ANALYSIS_STEPS)[number];

/** What the detail's progress bar says for each step ("Transcribing speech · 40 %"). */
export const ANALYSIS_STEP_LABELS: Record<AnalysisStep, string> = {
  downloading_model: 'Downloading the speech model',
  decoding_audio: 'Reading the sound',
  finding_speech: 'Finding speech',
  transcribing: 'Transcribing speech',
  reading_screen: 'Reading text on screen',
  labelling_audio: 'Labelling the sound',
  storing: 'Storing the results',
};

/** How far the running analysis is: the step it is in and how much of that step is done (0..1). */
export const AnalysisProgressSchema = z.object({
  step: z.enum(ANALYSIS_STEPS),
  fraction: z.number().min(0).max(1),
});
export type AnalysisProgress = z.infer<typeof AnalysisProgressSchema>;

/** "Transcribing speech · 40 %": the step's label and its share done, rounded down so 100 % means done. */
export function describeProgress(progress: AnalysisProgress): string {
  return `${ANALYSIS_STEP_LABELS[progress.step]} · ${progressPercent(progress)} %`;
}

/** The share done as a whole percent, 0..100 (rounded down: 99.6 % is not yet 100 %). */
export function progressPercent(progress: AnalysisProgress): number {
  return Math.max(0, Math.min(100, Math.floor(progress.fraction * 100)));
}

/** The two tracks of timed text: what was said, and what was written in the picture. */
export const TRANSCRIPT_TRACKS = ['speech', 'screen'] as const;
export type TranscriptTrack = (typeof TRANSCRIPT_TRACKS)[number];

/** Platforms whose video stays on the platform: a link, with no file on this computer unless the brand adds one. */
export const LINK_PLATFORMS = ['Youtube', 'Tiktok', 'Instagram'] as const satisfies readonly (typeof PLATFORMS)[number][];
export type LinkPlatform = (typeof LINK_PLATFORMS)[number];

export const isLinkPlatform = (platform: string): platform is LinkPlatform => (LINK_PLATFORMS as readonly string[]).includes(platform);

/** A link video whose file is not on this computer: nothing of it was analysed; "Add the file" attaches the brand's copy. */
export const isLinkWithoutFile = (video: { platform: string; media_file: string | null }): boolean => isLinkPlatform(video.platform) && video.media_file === null;

/** Texts of the Transcript tab, the progress bar, the list marker and "Add the file". */
export const ANALYSIS_TEXTS = {
  trackSpeech: 'Speech',
  trackScreen: 'On screen',
  trackAll: 'All',
  noSpeech: 'No speech in this video',
  noScreenText: 'No text seen on screen',
  noSpeechOrText: 'No speech and no text on screen in this video',
  beingAnalysed: 'Being analysed',
  waiting: 'Waiting to be analysed',
  analysisFailedTitle: 'The analysis did not finish',
  tryAgain: 'Try again',
  addFile: 'Add the file',
  addFileHint: 'Attach your own copy of this video; then it is analysed like an upload.',
  linkNotOnComputer: (platform: string) => `This video's file is not on this computer: it stays on ${platform}.`,
} as const;

interface TrackFacts {
  analysis_stage: string;
  platform: string;
  media_file: string | null;
  /** The video's `not_analysed.speech`: null when its speech was read. */
  speechReason: string | null;
}

/**
 * Why a track of the Transcript tab has no line, said in its place: still running and a link's video not being here
 * are not findings (the part's NOT_ANALYSED_REASONS sentence); a video whose speech was read and held none says "No
 * speech in this video", distinct from a video whose speech was never read (its reason is said instead).
 */
export function emptyTrackText(track: TranscriptTrack | 'all', facts: TrackFacts): string {
  const part = track === 'screen' ? 'Text on screen' : 'Transcript';
  if (isLinkWithoutFile(facts)) return `${part} ${NOT_ANALYSED_REASONS.linkNotLocal}.`;
  if (facts.analysis_stage !== 'completed') return `${part} ${NOT_ANALYSED_REASONS.pending}.`;
  if (track === 'screen') return ANALYSIS_TEXTS.noScreenText;
  if (facts.speechReason !== null && facts.speechReason !== ANALYSIS_TEXTS.noSpeech) return `Transcript ${facts.speechReason}.`;
  return track === 'speech' ? ANALYSIS_TEXTS.noSpeech : ANALYSIS_TEXTS.noSpeechOrText;
}
