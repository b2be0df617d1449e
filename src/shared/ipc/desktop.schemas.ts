/**
 * Schemas of the desktop capabilities of issue 4 (downloads, transcript export, offline library, folders):
 * inputs, outputs and event payloads of their IPC channels. Pure zod, shared by both hosts and the renderer.
 */
import { z } from 'zod';
import { PLATFORMS } from '../constants';

const id = z.string().min(1).max(64);
/** An absolute path on the host's disk (the renderer only passes back paths the host gave it or the picker chose). */
const hostPath = z.string().min(1).max(4096);

export const DOWNLOAD_STATES = ['queued', 'running', 'completed', 'failed', 'canceled'] as const;
export type DownloadState = (typeof DOWNLOAD_STATES)[number];

/** downloads.start input: the video and what the file will be named after. */
export const DownloadStartSchema = z.object({
  videoId: id,
  title: z.string().max(1000),
  platform: z.enum(PLATFORMS),
});
export type DownloadStart = z.infer<typeof DownloadStartSchema>;

export const DownloadIdSchema = z.object({ downloadId: id });

/** One download as the downloads.progress event and downloads.list report it. */
export const DownloadProgressSchema = z.object({
  downloadId: z.string(),
  videoId: z.string(),
  title: z.string(),
  state: z.enum(DOWNLOAD_STATES),
  /** Bytes written so far. */
  bytes: z.number().int().nonnegative(),
  /** Size of the file, or null until the server has said. */
  total: z.number().int().nonnegative().nullable(),
  bytesPerSecond: z.number().nonnegative(),
  /** The saved file, once completed. */
  filePath: z.string().optional(),
  /** A plain-language reason, when failed. */
  error: z.string().optional(),
});
export type DownloadProgress = z.infer<typeof DownloadProgressSchema>;

export const EXPORT_FILE_TYPES = ['pdf', 'txt', 'csv'] as const;
export type ExportFileType = (typeof EXPORT_FILE_TYPES)[number];

/** transcripts.export input: download state `fileType` defaults to pdf (spec §3). */
export const TranscriptExportSchema = z.object({
  videoIds: z.array(id).min(1).max(10_000),
  directory: hostPath,
  fileType: z.enum(EXPORT_FILE_TYPES).default('pdf'),
});
export type TranscriptExportInput = z.input<typeof TranscriptExportSchema>;

export const ExportIdSchema = z.object({ exportId: id });

export const EXPORT_STATES = ['running', 'completed', 'failed', 'canceled'] as const;

/** The transcripts.exportProgress event. */
export const ExportProgressSchema = z.object({
  exportId: z.string(),
  done: z.number().int().nonnegative(),
  total: z.number().int().nonnegative(),
  state: z.enum(EXPORT_STATES),
  directory: z.string(),
  /** Files written so far (absolute paths), on completion or cancel. */
  files: z.array(z.string()).optional(),
  error: z.string().optional(),
});
export type ExportProgress = z.infer<typeof ExportProgressSchema>;

export const LIBRARY_KINDS = ['video', 'transcript'] as const;

/** One offline item: a downloaded video or an exported transcript file. */
export const LibraryItemSchema = z.object({
  itemId: z.string(),
  kind: z.enum(LIBRARY_KINDS),
  videoId: z.string(),
  title: z.string(),
  platform: z.string().nullable(),
  creator: z.string().nullable(),
  /** File size in bytes. */
  size: z.number().int().nonnegative(),
  /** When it was saved (ISO). */
  savedAt: z.string(),
  /** pdf, txt, csv, mp4, webm… */
  fileType: z.string(),
  filePath: z.string(),
  /** False when the file was moved or deleted outside the app. */
  available: z.boolean(),
  /** Playable / openable URL served by the host (reelscope-media:// in Electron, /__host/media/… in the web host). */
  url: z.string(),
  /** Offline thumbnail URL, when one was saved. */
  thumbnailUrl: z.string().nullable(),
  /** Whether transcript lines are stored for this item (library.transcript answers them). */
  hasTranscript: z.boolean(),
});
export type LibraryItem = z.infer<typeof LibraryItemSchema>;

export const OfflineLineSchema = z.object({ start_time: z.number(), content: z.string() });
export type OfflineLine = z.infer<typeof OfflineLineSchema>;

export const LibraryItemIdSchema = z.object({ itemId: id });
export const LibraryRemoveSchema = z.object({
  itemId: id,
  /** Also delete the file from disk (default: only forget it). */
  deleteFile: z.boolean().default(false),
});

export const LibraryTranscriptSchema = z.object({ itemId: z.string(), videoId: z.string(), title: z.string(), lines: z.array(OfflineLineSchema) });

export const LibrarySearchSchema = z.object({ query: z.string().min(1).max(200) });
/** library.search answer: per item with a stored transcript, the matching lines (capped). */
export const LibrarySearchResultSchema = z.array(
  z.object({ itemId: z.string(), videoId: z.string(), title: z.string(), kind: z.enum(LIBRARY_KINDS), matches: z.array(OfflineLineSchema), totalMatches: z.number().int() }),
);

export const PickedDirectorySchema = z.object({ path: z.string() }).nullable();
export const ShowItemSchema = z.object({ path: hostPath });
