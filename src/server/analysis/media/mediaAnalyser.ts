import type { StepProgress } from './analyseMedia';
import type { MediaFindings, MediaJob } from './mediaJob';

/**
 * Hears and reads a video file outside the request path: in a worker process of the pool (the back end's), or — for a
 * test that wants the engines without processes — in this one.
 */
export interface MediaAnalyser {
  analyse(job: MediaJob, options: { signal: AbortSignal; onProgress: StepProgress }): Promise<MediaFindings>;
  /** How many analyses run at once. */
  readonly workers: number;
  /** The most memory one analysis took (a worker's peak resident set), in bytes; 0 before the first. */
  peakRssBytes(): number;
  close(): Promise<void>;
}

/** The analyser that runs the engines in this process (tests of the pipeline's use of them; no isolation from a crash). */
export function inProcessMediaAnalyser(): MediaAnalyser {
  return {
    workers: 1,
    peakRssBytes: () => 0,
    async analyse(job, { signal, onProgress }) {
      const { analyseMedia } = await import('./analyseMedia');
      return analyseMedia(job, onProgress, signal);
    },
    close: async () => undefined,
  };
}
