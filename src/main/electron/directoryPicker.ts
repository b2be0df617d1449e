import type { BrowserWindow } from 'electron';
import { dialog } from 'electron';
import type { DirectoryPicker } from '../services/ports';

/** The native folder chooser, attached to the window that asked (so it is modal to it). */
export function createDirectoryPicker(parent: () => BrowserWindow | null): DirectoryPicker {
  return {
    async pick(title) {
      const window = parent();
      const options = { title, properties: ['openDirectory', 'createDirectory'] as ('openDirectory' | 'createDirectory')[] };
      const result = window ? await dialog.showOpenDialog(window, options) : await dialog.showOpenDialog(options);
      return result.canceled ? null : (result.filePaths[0] ?? null);
    },
  };
}
