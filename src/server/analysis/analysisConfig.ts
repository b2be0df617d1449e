import { DEFAULT_UPLOAD_MAX_BYTES } from '../../shared/http/uploads.schemas';
import { ANALYSIS_TAKES_MINUTES } from '../../shared/constants';
import type { FfmpegTools } from './embeddedSubtitles';

/** The spec's "about 10 minutes" (600000 ms). */
export const DEFAULT_ANALYSIS_DELAY_MS = ANALYSIS_TAKES_MINUTES * 60_000;

export function nonNegativeInt(name: string, text: string | undefined, fallback: number): number {
  if (text === undefined || text.trim() === '') return fallback;
  const value = Number(text);
  if (!Number.isSafeInteger(value) || value < 0) throw new Error(`${name} must be a whole number of ${name.endsWith('_MS') ? 'milliseconds' : 'bytes'} ≥ 0, got "${text}".`);
  return value;
}

/** Settings of uploads and analysis read from the environment. */
export interface PipelineEnvConfig {
  /** REELSCOPE_ANALYSIS_DELAY_MS: how long an analysis takes (default 600000). */
  analysisDelayMs: number;
  /** REELSCOPE_UPLOAD_MAX_BYTES: size limit of one uploaded video (default 4 GiB). */
  uploadMaxBytes: number;
  /** REELSCOPE_FFMPEG / REELSCOPE_FFPROBE: the tools that read subtitle streams inside videos (default: on PATH). */
  ffmpeg: FfmpegTools;
}

export function readPipelineEnv(env: NodeJS.ProcessEnv = process.env): PipelineEnvConfig {
  return {
    analysisDelayMs: nonNegativeInt('REELSCOPE_ANALYSIS_DELAY_MS', env.REELSCOPE_ANALYSIS_DELAY_MS, DEFAULT_ANALYSIS_DELAY_MS),
    uploadMaxBytes: nonNegativeInt('REELSCOPE_UPLOAD_MAX_BYTES', env.REELSCOPE_UPLOAD_MAX_BYTES, DEFAULT_UPLOAD_MAX_BYTES),
    ffmpeg: { ffmpeg: env.REELSCOPE_FFMPEG?.trim() || 'ffmpeg', ffprobe: env.REELSCOPE_FFPROBE?.trim() || 'ffprobe' },
  };
}
