import { z } from 'zod';
import { AUDIO_LABELS } from '../engines';

/** How speech is turned into text for this job: on the device with a model file, through a service, or not at all. */
export const SpeechChoiceSchema = z.discriminatedUnion('engine', [
  z.object({ engine: z.literal('local'), modelPath: z.string().min(1) }),
  z.object({ engine: z.literal('service'), url: z.string().url(), key: z.string().nullable(), model: z.string().min(1) }),
  z.object({ engine: z.literal('off') }),
]);
export type SpeechChoice = z.infer<typeof SpeechChoiceSchema>;

/** One video's media analysis as the worker process receives it. */
export const MediaJobSchema = z.object({
  /** The video file on this machine (a temporary copy when it lives in a bucket). */
  file: z.string().min(1),
  ffmpeg: z.object({ ffmpeg: z.string().min(1), ffprobe: z.string().min(1) }),
  /** 'off' also when a subtitle file already gave the transcript: then only the screen and the sound's labels are read. */
  speech: SpeechChoiceSchema,
  /** The brand's and its competitors' names, for a disclosure that names its sponsor. */
  brands: z.array(z.object({ id: z.string(), name: z.string() })),
  /**
   * What this worker does: hear (the sound: labels, speech to text) or read (the words on screen). The two run in
   * separate processes, one after the other, so one worker never holds the speech model and the OCR models at once.
   */
  parts: z.array(z.enum(['hear', 'read'])).min(1).default(['hear', 'read']),
  /** Threads the speech engine may use in this worker. */
  threads: z.number().int().min(1).max(64).default(1),
});
export type MediaJob = z.infer<typeof MediaJobSchema>;

const TimedTextSchema = z.object({ start: z.number(), end: z.number(), text: z.string() });

/** What the worker found in the file. */
export const MediaFindingsSchema = z.object({
  durationSeconds: z.number().nullable(),
  hasAudio: z.boolean(),
  /** Seconds of speech voice activity detection found (0: "No speech in this video"). */
  speechSeconds: z.number(),
  /** What speech to text heard; null when it was not asked (engine off, subtitles found) or there was no speech. */
  speech: z.object({ language: z.string().nullable(), lines: z.array(TimedTextSchema) }).nullable(),
  screen: z.array(TimedTextSchema),
  /** The sound's labels; null when the file has no sound. */
  audio: z.object({
    shares: z.object(Object.fromEntries(AUDIO_LABELS.map((label) => [label, z.number()])) as Record<(typeof AUDIO_LABELS)[number], z.ZodNumber>),
    labels: z.array(z.string()),
    classification: z.string(),
  }).nullable(),
  sponsor: z.object({ sponsoredBy: z.string().nullable(), second: z.number(), phrase: z.string() }).nullable(),
});
export type MediaFindings = z.infer<typeof MediaFindingsSchema>;
