import { atom } from 'jotai';
import type { DownloadProgress, ExportProgress } from '../../../shared/ipc/desktop.schemas';

/** Every download of this run the renderer has heard of, by id (seeded from downloads.list, kept by downloads.progress). */
export const downloadsAtom = atom<Record<string, DownloadProgress>>({});
/** Transcript exports of this run, by id (kept by transcripts.exportProgress). */
export const exportsAtom = atom<Record<string, ExportProgress>>({});
/** Ids the person cleared from the tray (finished entries only). */
export const dismissedAtom = atom<ReadonlySet<string>>(new Set<string>());
/** Whether the tray shows its entries or only its header. */
export const trayExpandedAtom = atom(true);
/** Videos whose downloads.start call is on its way: a second click in that moment is ignored too (spec §5). */
export const startingAtom = atom<ReadonlySet<string>>(new Set<string>());

export const ACTIVE_DOWNLOAD_STATES: ReadonlySet<DownloadProgress['state']> = new Set(['queued', 'running']);

/** The running (or queued) download of a video, if any. */
export const activeDownloadOf = (downloads: Record<string, DownloadProgress>, videoId: string): DownloadProgress | null =>
  Object.values(downloads).find((entry) => entry.videoId === videoId && ACTIVE_DOWNLOAD_STATES.has(entry.state)) ?? null;

export const upsertDownloadAtom = atom(null, (get, set, progress: DownloadProgress) => {
  set(downloadsAtom, { ...get(downloadsAtom), [progress.downloadId]: progress });
});

export const upsertExportAtom = atom(null, (get, set, progress: ExportProgress) => {
  set(exportsAtom, { ...get(exportsAtom), [progress.exportId]: progress });
});

export const dismissAtom = atom(null, (get, set, ids: readonly string[]) => {
  set(dismissedAtom, new Set([...get(dismissedAtom), ...ids]));
});

export type TrayEntry = { kind: 'download'; id: string; progress: DownloadProgress } | { kind: 'export'; id: string; progress: ExportProgress };

/** What the tray lists: exports first (they are the long jobs), then downloads, newest first, minus dismissed ones. */
export const trayEntriesAtom = atom<TrayEntry[]>((get) => {
  const dismissed = get(dismissedAtom);
  const exports: TrayEntry[] = Object.values(get(exportsAtom)).map((progress) => ({ kind: 'export', id: progress.exportId, progress }));
  const downloads: TrayEntry[] = Object.values(get(downloadsAtom)).map((progress) => ({ kind: 'download', id: progress.downloadId, progress }));
  return [...exports.reverse(), ...downloads.reverse()].filter((entry) => !dismissed.has(entry.id));
});
