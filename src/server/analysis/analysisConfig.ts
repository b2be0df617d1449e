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

/** A lease of 0 would let every instance take every job at once: at least one millisecond. */
function positiveLease(text: string | undefined): number | undefined {
  if (text === undefined || text.trim() === '') return undefined;
  const value = nonNegativeInt('REELSCOPE_JOB_LEASE_MS', text, 0);
  if (value === 0) throw new Error('REELSCOPE_JOB_LEASE_MS must be a whole number of milliseconds ≥ 1, got "0".');
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
  /**
   * REELSCOPE_JOB_LEASE_MS: how long an instance's claim on an analysis or publish job holds without renewal (default
   * unset: 30000, the pipeline's and the publisher's own); a job of an instance that died is taken over by another once
   * it has passed.
   */
  jobLeaseMs: number | undefined;
}

export function readPipelineEnv(env: NodeJS.ProcessEnv = process.env): PipelineEnvConfig {
  return {
    analysisDelayMs: nonNegativeInt('REELSCOPE_ANALYSIS_DELAY_MS', env.REELSCOPE_ANALYSIS_DELAY_MS, DEFAULT_ANALYSIS_DELAY_MS),
    uploadMaxBytes: nonNegativeInt('REELSCOPE_UPLOAD_MAX_BYTES', env.REELSCOPE_UPLOAD_MAX_BYTES, DEFAULT_UPLOAD_MAX_BYTES),
    ffmpeg: { ffmpeg: env.REELSCOPE_FFMPEG?.trim() || 'ffmpeg', ffprobe: env.REELSCOPE_FFPROBE?.trim() || 'ffprobe' },
    jobLeaseMs: positiveLease(env.REELSCOPE_JOB_LEASE_MS),
  };
}
