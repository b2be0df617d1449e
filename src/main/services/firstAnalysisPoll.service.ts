/**
 * The first-analysis poll of spec §4, in the host so it survives renderer reloads: while the stored marker
 * `firstAnalysis` says 'id,pending', every ANALYSIS_POLL_MS (300000) it reads the navbar stats and, when the brand's
 * video count is 1, the video's status. When analysis_stage is completed it stores 'id,completed', emits
 * analysis.completed (the renderer starts the first-video-analyzed tutorial) and shows a notification. It stops when
 * the marker no longer says pending (logout clears it), when the video count is no longer 1, or when signed out.
 */
import { ANALYSIS_POLL_MS } from '../../shared/constants';
import type { IpcEvent, IpcEventPayload } from '../../shared/ipc/contract';
import type { Settings, SettingsPatch } from '../../shared/ipc/settings.schemas';
import { MESSAGES } from '../../shared/messages';
import type { Notifier } from './ports';
import type { Scheduler } from './scheduler';

/** The two back-end reads of the poll (GET /jwt_api/navbar_stats and GET /jwt_api/videos/:id/status). */
export interface AnalysisApi {
  videoCount(): Promise<number>;
  analysisStage(videoId: string): Promise<string>;
}

export interface PollState {
  active: boolean;
  videoId: string | null;
  status: 'pending' | 'completed' | null;
  intervalMs: number;
  lastCheckAt: number | null;
  nextCheckAt: number | null;
  /** Why the poll is not running (null while it runs or before anything was stored). */
  stoppedBecause: string | null;
}

export interface FirstAnalysisPollDeps {
  api: AnalysisApi;
  settings: {
    get(): Settings;
    update(patch: SettingsPatch): Promise<Settings>;
    onChange(listener: (settings: Settings) => void): () => void;
  };
  scheduler: Scheduler;
  notifier: Notifier;
  emit: <E extends IpcEvent>(event: E, payload: IpcEventPayload<E>) => void;
  log: (message: string) => void;
}

export interface FirstAnalysisPoll {
  /** Starts or stops the poll from the stored marker (called on start-up, on every settings change and after login). */
  evaluate(): void;
  state(): PollState;
  /** Stops for good (quit). */
  dispose(): void;
}

/** 'id,pending' → {id, status}; null for a missing or malformed marker. */
export function parseFirstAnalysis(marker: string | null): { videoId: string; status: 'pending' | 'completed' } | null {
  const match = /^([^,]+),(pending|completed)$/.exec(marker ?? '');
  return match ? { videoId: match[1]!, status: match[2] as 'pending' | 'completed' } : null;
}

export function createFirstAnalysisPoll(deps: FirstAnalysisPollDeps): FirstAnalysisPoll {
  let cancel: (() => void) | null = null;
  let watching: string | null = null;
  let checking = false;
  let lastCheckAt: number | null = null;
  let startedAt = 0;
  let stoppedBecause: string | null = null;

  function stop(reason: string): void {
    cancel?.();
    cancel = null;
    if (watching) deps.log(`first-analysis poll stopped: ${reason}`);
    watching = null;
    stoppedBecause = reason;
  }

  async function check(videoId: string): Promise<void> {
    if (checking) return;
    checking = true;
    lastCheckAt = deps.scheduler.now();
    try {
      if ((await deps.api.videoCount()) !== 1) return stop('the brand no longer has exactly one video');
      const stage = await deps.api.analysisStage(videoId);
      // The marker may have changed (logout, another video) while the answers travelled.
      if (watching !== videoId || stage !== 'completed') return;
      stop('the first video is analyzed');
      await deps.settings.update({ markers: { firstAnalysis: `${videoId},completed` } });
      deps.emit('analysis.completed', { videoId });
      deps.notifier.notify('Reelscope', MESSAGES.firstVideoAnalyzed);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      // Signed out: nothing to poll for. Anything else (server down) is tried again at the next interval.
      if (/signed out/i.test(message)) stop('signed out');
      else deps.log(`first-analysis check failed, trying again in ${ANALYSIS_POLL_MS} ms: ${message}`);
    } finally {
      checking = false;
    }
  }

  function evaluate(): void {
    const marker = parseFirstAnalysis(deps.settings.get().markers.firstAnalysis);
    if (!marker || marker.status !== 'pending') {
      if (watching) stop(marker ? 'the first video is analyzed' : 'no first video is waiting (signed out or none uploaded)');
      return;
    }
    if (watching === marker.videoId) return;
    stop('another video became the first video');
    watching = marker.videoId;
    stoppedBecause = null;
    startedAt = deps.scheduler.now();
    const videoId = marker.videoId;
    cancel = deps.scheduler.every(ANALYSIS_POLL_MS, () => check(videoId));
  }

  const unsubscribe = deps.settings.onChange(() => evaluate());
  return {
    evaluate,
    state() {
      const marker = parseFirstAnalysis(deps.settings.get().markers.firstAnalysis);
      const since = lastCheckAt ?? startedAt;
      return {
        active: watching !== null,
        videoId: marker?.videoId ?? null,
        status: marker?.status ?? null,
        intervalMs: ANALYSIS_POLL_MS,
        lastCheckAt,
        nextCheckAt: watching ? since + ANALYSIS_POLL_MS : null,
        stoppedBecause,
      };
    },
    dispose() {
      unsubscribe();
      stop('the host is quitting');
    },
  };
}
