/**
 * Wires getting videos in (issue 5) for both hosts: own-storage uploads and the first-analysis poll, each with its
 * own back-end client (bearer from the secrets service, brand from the settings marker bId).
 */
import { NavbarStatsResponseSchema } from '../../shared/http/onboarding.schemas';
import { VideoStatusResponseSchema } from '../../shared/http/uploads.schemas';
import type { BackendInfo, IpcEvent, IpcEventPayload } from '../../shared/ipc/contract';
import { WEB_BRIDGE } from '../../shared/ipc/contract';
import { createBackendClient } from './backendClient';
import type { FirstAnalysisPoll } from './firstAnalysisPoll.service';
import { createFirstAnalysisPoll } from './firstAnalysisPoll.service';
import type { Notifier } from './ports';
import type { Scheduler } from './scheduler';
import { systemScheduler } from './scheduler';
import type { SecretsService } from './secrets.service';
import type { SessionRefresher } from './sessionRefresh.service';
import type { SettingsService } from './settings.service';
import type { UploadsService } from './uploads.service';
import { createUploadsService } from './uploads.service';

/** Path prefix of the web host's upload stream routes (`PUT /__host/uploads/:uploadId/:kind`). */
export const UPLOAD_STREAM_PREFIX = `${WEB_BRIDGE.prefix}/uploads`;

export interface IngestDeps {
  backend: () => BackendInfo;
  secrets: Pick<SecretsService, 'get' | 'set'>;
  /** The host's shared refresh (tests without one get a private refresher). */
  sessionRefresh?: SessionRefresher;
  settings: SettingsService;
  notifier: Notifier;
  /** Real time unless a test passes a manual (or, in the web host's e2e runs, sped-up) scheduler. */
  scheduler?: Scheduler;
  /** 'path': Electron main reads the file itself; 'stream': the web host receives the page's PUT. */
  uploadSource: 'path' | 'stream';
  emit: <E extends IpcEvent>(event: E, payload: IpcEventPayload<E>) => void;
  log: (message: string) => void;
}

export interface IngestServices {
  uploads: UploadsService;
  firstAnalysis: FirstAnalysisPoll;
}

export function createIngestServices(deps: IngestDeps): IngestServices {
  const brandId = () => deps.settings.get().markers.bId;
  const client = createBackendClient({ backend: deps.backend, secrets: deps.secrets, sessionRefresh: deps.sessionRefresh, brandId });
  const brandQuery = () => {
    const id = brandId();
    return id ? `?brand_id=${encodeURIComponent(id)}` : '';
  };
  const uploads = createUploadsService({
    client,
    readsPaths: deps.uploadSource === 'path',
    streamPrefix: deps.uploadSource === 'stream' ? UPLOAD_STREAM_PREFIX : null,
    emit: (progress) => deps.emit('uploads.progress', progress),
    log: deps.log,
  });
  const firstAnalysis = createFirstAnalysisPoll({
    api: {
      videoCount: async () => (await client.json('main', 'GET', `/navbar_stats${brandQuery()}`, undefined, NavbarStatsResponseSchema)).data.video_count,
      analysisStage: async (videoId) =>
        (await client.json('main', 'GET', `/videos/${encodeURIComponent(videoId)}/status${brandQuery()}`, undefined, VideoStatusResponseSchema)).analysis_stage,
    },
    settings: deps.settings,
    scheduler: deps.scheduler ?? systemScheduler,
    notifier: deps.notifier,
    emit: deps.emit,
    log: deps.log,
  });
  firstAnalysis.evaluate();
  return { uploads, firstAnalysis };
}
