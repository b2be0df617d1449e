import { MediaFindingsSchema, MediaJobSchema } from './mediaJob';
import type { MediaAnalyser } from './mediaAnalyser';
import { analysisWorkerEntry } from '../worker/workerEntry';
import { createWorkerPool, workerCountFrom } from '../worker/workerPool';

/**
 * The back end's analyser: each video in a worker process of its own (a crash of an engine on a hostile file ends
 * that process and fails that job with a sentence; the back end keeps serving), at most `workers` at once.
 */
export function workerMediaAnalyser(options: { env: NodeJS.ProcessEnv; cores: number }): MediaAnalyser {
  const workers = workerCountFrom(options.env, options.cores);
  const entry = analysisWorkerEntry();
  // The lowest priority: the back end answering a person comes first, an analysis takes what is left.
  const pool = createWorkerPool({ max: workers, entry: entry.entry, execArgv: entry.execArgv, priority: 19 });
  return {
    workers,
    analyse: (job, { signal, onProgress }) => pool.run(MediaJobSchema.parse(job), { signal, onProgress, parse: (value) => MediaFindingsSchema.parse(value) }),
    peakRssBytes: () => pool.peakRssBytes(),
    close: () => pool.close(),
  };
}
