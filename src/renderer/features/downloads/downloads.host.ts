import type { Platform } from '../../../shared/constants';
import type { ExportFileType } from '../../../shared/ipc/desktop.schemas';
import { host } from '../../host/hostClient';

/** Host calls of downloads and transcript exports (the renderer never touches the files itself). */
export const downloadsHost = {
  start: (videoId: string, title: string, platform: Platform) => host().invoke('downloads.start', { videoId, title, platform }),
  cancel: (downloadId: string) => host().invoke('downloads.cancel', { downloadId }),
  list: () => host().invoke('downloads.list'),
  pickDirectory: () => host().invoke('dialog.pickDirectory'),
  exportTranscripts: (videoIds: string[], directory: string, fileType: ExportFileType) =>
    host().invoke('transcripts.export', { videoIds, directory, fileType }),
  cancelExport: (exportId: string) => host().invoke('transcripts.cancelExport', { exportId }),
  showInFolder: (path: string) => host().invoke('shell.showItemInFolder', { path }),
  /** Only the desktop app can open the OS file manager. */
  canShowInFolder: () => host().runtime === 'electron',
};
