import { join } from 'node:path';
import type { BrowserWindow } from 'electron';
import { screen } from 'electron';
import { createAtomicFile } from '../adapters/nodeAtomicFile';
import type { InitialWindow, WindowDefaults } from '../services/windowState.service';
import { initialWindow, loadWindowState, saveWindowState } from '../services/windowState.service';

const SAVE_DELAY_MS = 400;

/** Where the main window was: read once at start from `<dataDir>/window-state.json`, checked against today's displays. */
export async function restoredWindow(dataDir: string, defaults: WindowDefaults): Promise<{ initial: InitialWindow; track: (window: BrowserWindow) => void }> {
  const file = createAtomicFile(join(dataDir, 'window-state.json'));
  const saved = await loadWindowState(file);
  const initial = initialWindow(saved, defaults, screen.getAllDisplays().map((display) => display.workArea));
  const track = (window: BrowserWindow) => {
    let timer: NodeJS.Timeout | null = null;
    const save = () => {
      if (window.isDestroyed()) return;
      // The normal bounds: restoring a maximized window un-maximizes to the size the person had chosen.
      const state = { bounds: window.getNormalBounds(), maximized: window.isMaximized(), fullScreen: window.isFullScreen() };
      void saveWindowState(file, state).catch(() => undefined);
    };
    const later = () => {
      if (timer) clearTimeout(timer);
      timer = setTimeout(save, SAVE_DELAY_MS);
    };
    for (const event of ['resize', 'move', 'maximize', 'unmaximize', 'enter-full-screen', 'leave-full-screen'] as const) window.on(event as 'resize', later);
    window.on('close', () => {
      if (timer) clearTimeout(timer);
      save();
    });
  };
  return { initial, track };
}
