/**
 * The main window's size and position, restored at the next start. Kept in its own small JSON file of the data folder
 * (not the shared settings schema, which the renderer edits). A saved position that no longer lies on any display
 * (a monitor was unplugged) is dropped, so the window never opens off-screen.
 */
import { z } from 'zod';
import type { AtomicFile } from './ports';

const BoundsSchema = z.object({ x: z.number().int(), y: z.number().int(), width: z.number().int().positive(), height: z.number().int().positive() });
export type Bounds = z.infer<typeof BoundsSchema>;

const WindowStateSchema = z.object({
  bounds: BoundsSchema,
  maximized: z.boolean(),
  fullScreen: z.boolean().default(false),
});
export type WindowState = z.infer<typeof WindowStateSchema>;

export interface WindowDefaults {
  width: number;
  height: number;
  minWidth: number;
  minHeight: number;
}

/** What the window is opened with: a size always, a position only when it is visible on a current display. */
export interface InitialWindow {
  width: number;
  height: number;
  x?: number;
  y?: number;
  maximized: boolean;
  fullScreen: boolean;
}

/** True when at least a 100×60 px piece of the window (its title bar area) lies on one of the displays. */
export function visibleOnSomeDisplay(bounds: Bounds, workAreas: readonly Bounds[]): boolean {
  return workAreas.some((area) => {
    const width = Math.min(bounds.x + bounds.width, area.x + area.width) - Math.max(bounds.x, area.x);
    const height = Math.min(bounds.y + 60, area.y + area.height) - Math.max(bounds.y, area.y);
    return width >= 100 && height >= 30;
  });
}

/** Reads the saved state; a missing or unreadable file gives null (the defaults apply). */
export async function loadWindowState(file: AtomicFile): Promise<WindowState | null> {
  try {
    const raw = await file.read();
    return raw ? WindowStateSchema.parse(JSON.parse(raw.toString('utf8'))) : null;
  } catch {
    return null;
  }
}

/** The bounds to open with: saved ones (no smaller than the minimum), positioned only when still on screen. */
export function initialWindow(saved: WindowState | null, defaults: WindowDefaults, workAreas: readonly Bounds[]): InitialWindow {
  if (!saved) return { width: defaults.width, height: defaults.height, maximized: false, fullScreen: false };
  const width = Math.max(defaults.minWidth, saved.bounds.width);
  const height = Math.max(defaults.minHeight, saved.bounds.height);
  const onScreen = visibleOnSomeDisplay({ ...saved.bounds, width, height }, workAreas);
  return { width, height, ...(onScreen ? { x: saved.bounds.x, y: saved.bounds.y } : {}), maximized: saved.maximized, fullScreen: saved.fullScreen };
}

/** Writes the state (atomically: a crash leaves the old file or the new one). */
export async function saveWindowState(file: AtomicFile, state: WindowState): Promise<void> {
  await file.write(JSON.stringify(WindowStateSchema.parse(state)));
}
