import { MediaFindingsSchema, MediaJobSchema } from './mediaJob';
import type { MediaAnalyser } from './mediaAnalyser';
import { analysisWorkerEntry, createWorkerPool, workerCountFrom } from '../worker/workerPool';

/**
 * The back end's analyser: each video in a worker process of its own (a crash of an engine on a hostile file ends
 * that process and fails that job with a sentence; the back end keeps serving), at most `workers` at once.
 */
export function workerMediaAnalyser(options: { env: NodeJS.ProcessEnv; cores: number }): MediaAnalyser {
  const workers = workerCountFrom(options.env, options.cores);
  const pool = createWorkerPool({ max: workers, ...analysisWorkerEntry() });
  return {
    workers,
    async analyse(job, { signal, onProgress }) {
      const answer = await pool.run(MediaJobSchema.parse(job), { signal, onProgress });
      return MediaFindingsSchema.parse(answer);
    },
    close: () => pool.close(),
  };
}
