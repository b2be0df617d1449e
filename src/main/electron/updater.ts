import { app } from 'electron';
import electronUpdater from 'electron-updater';

/**
 * Checks the generic update feed (electron-builder.yml `publish`) and notifies when an update is downloaded.
 * Only in a packaged build: a development run has no app-update.yml and nothing to update.
 */
export function checkForUpdates(log: (message: string) => void): void {
  if (!app.isPackaged) return;
  electronUpdater.autoUpdater.checkForUpdatesAndNotify().catch((error: unknown) => {
    // An offline machine or an unreachable feed must not disturb the person; the next start tries again.
    log(`Update check failed: ${error instanceof Error ? error.message : String(error)}`);
  });
}
