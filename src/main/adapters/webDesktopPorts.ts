/**
 * Desktop ports of the web host (plain Node, a browser as the window): no native folder chooser, taskbar progress or
 * notifications, and no file manager; files go to `<dataDir>/downloads` and `<dataDir>/exports`.
 */
import { join } from 'node:path';
import { WEB_BRIDGE } from '../../shared/ipc/contract';
import { HostError } from '../../shared/ipc/handlers';
import type { DesktopPorts } from '../services/desktopPorts';
import { createFileSinks } from './fileSinks';

/** Path of the web host's offline media route (itemId appended; `/thumbnail` for the saved thumbnail). */
export const WEB_MEDIA_PATH = `${WEB_BRIDGE.prefix}/media`;

export const WEB_SHELL_UNAVAILABLE =
  'Showing a file in its folder is only available in the Reelscope desktop app. In the browser version the file is saved under the path shown.';

export function createWebDesktopPorts(options: { dataDir: string; token: string }): DesktopPorts {
  const media = (itemId: string, suffix: string) => `${WEB_MEDIA_PATH}/${encodeURIComponent(itemId)}${suffix}?token=${encodeURIComponent(options.token)}`;
  return {
    stateDir: options.dataDir,
    defaultDownloadDir: join(options.dataDir, 'downloads'),
    defaultExportDir: join(options.dataDir, 'exports'),
    directoryPicker: null,
    // The page uses its own <input type="file"> and streams the File (a browser never hands out paths).
    filePicker: null,
    windowProgress: { set: () => undefined },
    downloadNotifier: { downloaded: () => undefined, saved: () => undefined },
    shell: {
      showItemInFolder() {
        throw new HostError('unavailable', WEB_SHELL_UNAVAILABLE);
      },
    },
    fileSinks: createFileSinks(),
    mediaUrls: { item: (itemId) => media(itemId, ''), thumbnail: (itemId) => media(itemId, '/thumbnail') },
  };
}
