/**
 * Schemas of the desktop conventions of issue 4: navigation requested by the host (menu, deep links) and the state of
 * the background updater. Pure zod, shared by both hosts and the renderer.
 */
import { z } from 'zod';

/** A route of the app, never a URL: a path with an optional query of plain characters (`?t=12.5`, `?token=…`). */
export const AppPathSchema = z.string().max(600).regex(/^\/[A-Za-z0-9/_-]*(\?[A-Za-z0-9_.=&-]{1,520})?$/);

/** app.navigate: the host asks the renderer to open a route (menu shortcut, `reelscope://videos/{id}`). */
export const NavigateSchema = z.object({
  path: AppPathSchema,
  /** Put the keyboard focus into the screen's search box once it shows (menu "Search"). */
  focus: z.enum(['search']).optional(),
});
export type NavigateRequest = z.infer<typeof NavigateSchema>;

export const UPDATE_STATES = ['unsupported', 'idle', 'checking', 'downloading', 'ready', 'error'] as const;
export type UpdateState = (typeof UPDATE_STATES)[number];

/** Where the background updater stands. "ready" means downloaded: the renderer offers "Restart to update". */
export const UpdateStatusSchema = z.object({
  state: z.enum(UPDATE_STATES),
  /** The version being downloaded or ready to install. */
  version: z.string().nullable(),
  /** Download progress 0..100 while downloading. */
  percent: z.number().min(0).max(100).nullable(),
  /** A plain-language reason, when the last check failed. */
  error: z.string().nullable(),
  /** When the feed was last asked (ISO), or null. */
  checkedAt: z.string().nullable(),
});
export type UpdateStatus = z.infer<typeof UpdateStatusSchema>;

export const UNSUPPORTED_UPDATES: UpdateStatus = { state: 'unsupported', version: null, percent: null, error: null, checkedAt: null };
