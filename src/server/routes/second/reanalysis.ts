import type { AnalysisPipeline } from '../../analysis/pipeline';

/** Puts videos through re-analysis: 'processing' now, 'completed' when the pipeline has run again (src/server/analysis). */
export interface ReanalysisScheduler {
  /** Stored as 'processing' when this resolves. */
  start(videoId: string): Promise<void>;
  /** Analyses scheduled or finishing. */
  pending(): number;
}

/** Re-analysis is the real pipeline run again (transcript source re-read, text analytics recomputed). */
export function createReanalysisScheduler(pipeline: AnalysisPipeline): ReanalysisScheduler {
  return {
    start: (videoId) => pipeline.reanalyze(videoId),
    pending: () => pipeline.pending(),
  };
}
