import electronUpdater from 'electron-updater';
import type { UpdaterEvent, UpdaterPort } from '../services/updates.service';

/**
 * electron-updater on the generic feed of electron-builder.yml, as the updates service's port: downloads in the
 * background, installs only when the service asks (the person chose "Restart to update") or when the person quits.
 * Use only in a packaged build: a development run has no app-update.yml and nothing to update.
 */
export function createElectronUpdaterPort(): UpdaterPort {
  const { autoUpdater } = electronUpdater;
  autoUpdater.autoDownload = true;
  // Installing when the person quits is not a restart; the app itself never quits to update.
  autoUpdater.autoInstallOnAppQuit = true;
  return {
    async check() {
      await autoUpdater.checkForUpdates();
    },
    onEvent(listener: (event: UpdaterEvent) => void) {
      autoUpdater.on('checking-for-update', () => listener({ type: 'checking' }));
      autoUpdater.on('update-available', (info) => listener({ type: 'available', version: info.version }));
      autoUpdater.on('update-not-available', () => listener({ type: 'not-available' }));
      autoUpdater.on('download-progress', (progress) => listener({ type: 'progress', percent: progress.percent }));
      autoUpdater.on('update-downloaded', (info) => listener({ type: 'downloaded', version: info.version }));
      autoUpdater.on('error', (error) => listener({ type: 'error', message: error.message }));
    },
    quitAndInstall() {
      autoUpdater.quitAndInstall();
    },
  };
}
