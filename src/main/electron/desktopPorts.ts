import { join } from 'node:path';
import type { BrowserWindow } from 'electron';
import { app, Notification, shell } from 'electron';
import { createFileSinks } from '../adapters/fileSinks';
import type { DesktopPorts } from '../services/desktopPorts';
import { createDirectoryPicker, createFilePicker, createSaveFilePicker } from './directoryPicker';
import { electronMediaUrls } from './mediaProtocol';

/** Native notification on a saved file; its button (macOS) or a click shows the file in its folder. */
function notifySaved(heading: string, body: string, filePath: string): void {
  try {
    if (!Notification.isSupported()) return;
    const notice = new Notification({ title: heading, body, actions: [{ type: 'button', text: 'Show in folder' }] });
    notice.on('action', () => shell.showItemInFolder(filePath));
    notice.on('click', () => shell.showItemInFolder(filePath));
    notice.show();
  } catch {
    // A notice must never take the app down.
  }
}

/** The Electron side of the desktop ports: native picker, taskbar/dock progress, notifications, file manager. */
export function createElectronDesktopPorts(dataDir: string, window: () => BrowserWindow | null): DesktopPorts {
  return {
    stateDir: dataDir,
    defaultDownloadDir: app.getPath('downloads'),
    defaultExportDir: join(app.getPath('documents'), 'Reelscope transcripts'),
    directoryPicker: createDirectoryPicker(window),
    filePicker: createFilePicker(window),
    saveFilePicker: createSaveFilePicker(window),
    windowProgress: {
      set(fraction) {
        const target = window();
        if (target && !target.isDestroyed()) target.setProgressBar(fraction === null ? -1 : fraction);
      },
    },
    downloadNotifier: { downloaded: (title, filePath) => notifySaved('Download complete', title, filePath), saved: notifySaved },
    shell: { showItemInFolder: (path) => shell.showItemInFolder(path) },
    fileSinks: createFileSinks(),
    mediaUrls: electronMediaUrls,
  };
}
