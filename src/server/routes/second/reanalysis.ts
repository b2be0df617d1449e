import type { VideoEditsRepository } from '../../repositories/videos/videoEditsRepository';

/** How long the stand-in analysis takes before the video is 'completed' again (a real pipeline comes later). */
export const REANALYSIS_DELAY_MS = 3000;

/** Puts videos through re-analysis: 'processing' now, 'completed' after a delay. */
export interface ReanalysisScheduler {
  start(videoId: string): void;
  /** Completes every pending re-analysis at once (tests, shutdown). */
  flush(): void;
  pending(): number;
}

/** A scheduler on a timer; `delayMs` is injectable so tests can flush instead of waiting. */
export function createReanalysisScheduler(edits: VideoEditsRepository, now: () => Date, delayMs = REANALYSIS_DELAY_MS): ReanalysisScheduler {
  const timers = new Map<string, NodeJS.Timeout>();
  const complete = (videoId: string): void => {
    const timer = timers.get(videoId);
    if (timer) clearTimeout(timer);
    timers.delete(videoId);
    try {
      edits.setStage(videoId, 'completed', now().toISOString());
    } catch {
      // The database may be closed (shutdown) or the video deleted meanwhile: nothing left to complete.
    }
  };
  return {
    start(videoId) {
      edits.setStage(videoId, 'processing', now().toISOString());
      const previous = timers.get(videoId);
      if (previous) clearTimeout(previous);
      const timer = setTimeout(() => complete(videoId), delayMs);
      timer.unref();
      timers.set(videoId, timer);
    },
    flush() {
      for (const videoId of [...timers.keys()]) complete(videoId);
    },
    pending: () => timers.size,
  };
}
