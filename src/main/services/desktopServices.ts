/**
 * Wires the desktop capabilities of issue 4 (downloads, transcript export, offline library, folders) from the
 * host's ports; both hosts call this from createHostServices.
 */
import { mkdir } from 'node:fs/promises';
import type { BackendInfo } from '../../shared/ipc/contract';
import type { IpcEvent, IpcEventPayload } from '../../shared/ipc/contract';
import { VIDEO_MIME_MAP } from '../../shared/constants';
import { SUBTITLE_EXTENSIONS } from '../../shared/http/uploads.schemas';
import { HostError } from '../../shared/ipc/handlers';
import type { PickFiles } from '../../shared/ipc/uploads.schemas';
import { MESSAGES } from '../../shared/messages';
import { createBackendClient } from './backendClient';
import type { DesktopPorts } from './desktopPorts';
import type { DownloadsService } from './downloads.service';
import { createDownloadsService } from './downloads.service';
import type { HostFolders } from './hostFolders';
import { createHostFolders } from './hostFolders';
import type { OfflineLibrary } from './offlineLibrary.service';
import { createOfflineLibrary } from './offlineLibrary.service';
import type { Clock } from './ports';
import type { SecretsService } from './secrets.service';
import type { SessionRefresher } from './sessionRefresh.service';
import { createFontCache, resolveFontsDir, type ParsedFont } from './transcriptExport/fonts';
import type { FontKey } from './transcriptExport/scripts';
import type { TranscriptExportService } from './transcriptExport/transcriptExport.service';
import { createTranscriptExportService } from './transcriptExport/transcriptExport.service';

export interface DesktopServices {
  downloads: DownloadsService;
  exports: TranscriptExportService;
  library: OfflineLibrary;
  folders: HostFolders;
  /** The embedded fonts of the PDFs (transcripts, reports), parsed on first use and kept. */
  font: (key: FontKey) => ParsedFont;
  /** dialog.pickDirectory: the picker's choice (null when cancelled); HostError with MESSAGES.directoryPickerFailed on failure. */
  pickDirectory(): Promise<{ path: string } | null>;
  /** dialog.pickFiles: the chosen paths (null when cancelled); HostError unavailable where the host has no chooser. */
  pickFiles(kind: PickFiles['kind']): Promise<{ paths: string[] } | null>;
  /** shell.showItemInFolder for files the host saved or indexed only. */
  showItemInFolder(path: string): Promise<void>;
}

export const PICK_FILES_TEXTS = {
  unavailable: 'The browser version has no native file chooser. Choose or drop the file in the window instead.',
  failed: 'Failed to open the file chooser. Please try again.',
} as const;

export interface DesktopDeps {
  ports: DesktopPorts;
  backend: () => BackendInfo;
  secrets: Pick<SecretsService, 'get' | 'set'>;
  /** The host's shared refresh (tests without one get a private refresher). */
  sessionRefresh?: SessionRefresher;
  brandId: () => string | null;
  clock: Clock;
  emit: <E extends IpcEvent>(event: E, payload: IpcEventPayload<E>) => void;
  log: (message: string) => void;
  /** Folder of the PDF fonts (packaged apps pass theirs); found from the repository otherwise. */
  fontsDir?: string;
}

export function createDesktopServices(deps: DesktopDeps): DesktopServices {
  const { ports } = deps;
  const client = createBackendClient({ backend: deps.backend, secrets: deps.secrets, sessionRefresh: deps.sessionRefresh, brandId: deps.brandId });
  const folders = createHostFolders(ports.stateDir, ports.defaultDownloadDir, ports.defaultExportDir);
  const library = createOfflineLibrary({ stateDir: ports.stateDir, mediaUrls: ports.mediaUrls, now: () => deps.clock.now(), onChange: (count) => deps.emit('library.changed', { count }) });
  let fonts: ReturnType<typeof createFontCache> | null = null;
  // The fonts folder is looked up on the first export, not at start-up.
  const font = (key: FontKey) => (fonts ??= createFontCache(resolveFontsDir(deps.fontsDir)))(key);
  const downloads = createDownloadsService({
    client, folders, library, fileSinks: ports.fileSinks, notifier: ports.downloadNotifier, windowProgress: ports.windowProgress, clock: deps.clock,
    emit: (progress) => deps.emit('downloads.progress', progress), log: deps.log,
  });
  const exports = createTranscriptExportService({
    client, folders, library, font,
    emit: (progress) => deps.emit('transcripts.exportProgress', progress), log: deps.log,
  });
  return {
    downloads, exports, library, folders, font,
    async pickDirectory() {
      try {
        const path = ports.directoryPicker
          ? await ports.directoryPicker.pick('Choose a folder for the transcripts')
          : ((await folders.exportDirectory()) ?? ports.defaultExportDir);
        if (!path) return null;
        await mkdir(path, { recursive: true });
        await folders.allowPicked(path);
        return { path };
      } catch (error) {
        deps.log(`directory picker failed: ${error instanceof Error ? error.message : String(error)}`);
        throw new HostError('failed', MESSAGES.directoryPickerFailed);
      }
    },
    async pickFiles(kind) {
      if (!ports.filePicker) throw new HostError('unavailable', PICK_FILES_TEXTS.unavailable);
      const subtitles = [...SUBTITLE_EXTENSIONS];
      const options = kind === 'video'
        ? { title: 'Choose a video and its subtitles', filters: [{ name: 'Videos and subtitles', extensions: [...Object.keys(VIDEO_MIME_MAP), ...subtitles] }], multiple: true }
        : { title: 'Choose the subtitles', filters: [{ name: 'Subtitles', extensions: subtitles }], multiple: false };
      try {
        const paths = await ports.filePicker.pick(options);
        return paths && paths.length > 0 ? { paths } : null;
      } catch (error) {
        deps.log(`file picker failed: ${error instanceof Error ? error.message : String(error)}`);
        throw new HostError('failed', PICK_FILES_TEXTS.failed);
      }
    },
    async showItemInFolder(path) {
      if (!downloads.saved(path) && !(await library.knows(path))) throw new HostError('forbidden', 'Only files Reelscope saved can be shown in their folder.');
      ports.shell.showItemInFolder(path);
    },
  };
}
