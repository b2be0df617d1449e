import type { BrowserWindow } from 'electron';
import { dialog } from 'electron';
import type { DirectoryPicker, FilePicker } from '../services/ports';
import type { SaveFilePicker } from '../services/csvExport.service';

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

/** The native file chooser for uploads, modal to the window that asked; only files (never folders) can be chosen. */
export function createFilePicker(parent: () => BrowserWindow | null): FilePicker {
  return {
    async pick({ title, filters, multiple }) {
      const window = parent();
      const properties: ('openFile' | 'multiSelections')[] = multiple ? ['openFile', 'multiSelections'] : ['openFile'];
      const options = { title, filters, properties };
      const result = window ? await dialog.showOpenDialog(window, options) : await dialog.showOpenDialog(options);
      return result.canceled || result.filePaths.length === 0 ? null : result.filePaths;
    },
  };
}

/** The native save dialog (creators CSV), modal to the window that asked. */
export function createSaveFilePicker(parent: () => BrowserWindow | null): SaveFilePicker {
  return {
    async pick({ title, defaultName, filters }) {
      const window = parent();
      const options = { title, defaultPath: defaultName, filters };
      const result = window ? await dialog.showSaveDialog(window, options) : await dialog.showSaveDialog(options);
      return result.canceled || !result.filePath ? null : result.filePath;
    },
  };
}
