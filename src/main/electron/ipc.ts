import type { IpcMainInvokeEvent } from 'electron';
import { BrowserWindow, ipcMain } from 'electron';
import { IPC_CHANNELS } from '../../shared/ipc/contract';
import type { IpcHandlers } from '../../shared/ipc/handlers';
import { dispatchIpc } from '../../shared/ipc/handlers';
import type { HostEvents } from '../services/hostEvents';
import { isAppUrl } from '../services/originPolicy';

/** Only the app's own top frame may call the host; embeds (YouTube, TikTok…) and foreign pages may not. */
function trustedSender(event: IpcMainInvokeEvent, devServerUrl: string | null): boolean {
  const frame = event.senderFrame;
  return frame !== null && frame.parent === null && isAppUrl(frame.url, devServerUrl);
}

/**
 * Registers one ipcMain.handle per contract channel (the list comes from IPC_CHANNELS, so none is missed);
 * each checks the sender, then answers dispatchIpc's envelope. Host events are forwarded to every window.
 */
export function registerIpc(handlers: IpcHandlers, events: HostEvents, devServerUrl: string | null): () => void {
  for (const channel of Object.keys(IPC_CHANNELS)) {
    ipcMain.handle(channel, (event, input: unknown) => {
      if (!trustedSender(event, devServerUrl)) {
        return { ok: false, error: { code: 'forbidden', message: 'This page may not call the Reelscope host.' } };
      }
      return dispatchIpc(handlers, channel, input);
    });
  }
  const unsubscribe = events.subscribe((name, payload) => {
    for (const window of BrowserWindow.getAllWindows()) {
      if (!window.isDestroyed() && isAppUrl(window.webContents.getURL(), devServerUrl)) window.webContents.send(name, payload);
    }
  });
  return () => {
    unsubscribe();
    for (const channel of Object.keys(IPC_CHANNELS)) ipcMain.removeHandler(channel);
  };
}
