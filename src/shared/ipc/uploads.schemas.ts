/**
 * IPC schemas of own-storage uploads and the first-analysis poll (issue 5). The host streams the file to the
 * one-time PUT target of /second/video/create-upload-url: from a disk path (Electron main, which may read the disk)
 * or, in the web host, from the body the page PUTs to `/__host/uploads/:uploadId/:kind` (a browser never hands out
 * paths, so the page streams the File it was given and the host forwards it without buffering).
 */
import { z } from 'zod';

const name = z.string().trim().min(1).max(255);
const size = z.number().int().nonnegative();

export const UploadFileSchema = z.object({
  name,
  size,
  /**
   * Electron only: the file's absolute path (from dialog.pickFiles or the preload's pathForFile for a dropped file).
   * The host reads it only when it is a regular file with an allowed extension, and then uses the size on disk.
   * The web host refuses paths (it must not read what the page names).
   */
  path: z.string().min(1).max(4096).optional(),
});
export type UploadFile = z.infer<typeof UploadFileSchema>;

export const UploadStartSchema = z.object({
  file: UploadFileSchema,
  /** An .srt or .vtt file beside the video (its transcript). */
  subtitle: UploadFileSchema.nullable().optional(),
  title: z.string().trim().min(1).max(300).optional(),
  /** Retry: re-issue upload URLs for this own video whose file has not arrived. */
  videoId: z.string().min(1).max(64).optional(),
});
export type UploadStart = z.infer<typeof UploadStartSchema>;

export const UploadStartedSchema = z.object({
  uploadId: z.string(),
  videoId: z.string(),
  /** Web host: where the page PUTs each body (same origin, host token header). Null when the host reads paths. */
  stream: z.object({ video: z.string(), subtitle: z.string().nullable() }).nullable(),
});
export type UploadStarted = z.infer<typeof UploadStartedSchema>;

/** dialog.pickFiles: which native file chooser to open (videos with their subtitles, or a subtitle file alone). */
export const PickFilesSchema = z.object({ kind: z.enum(['video', 'subtitle']) });
export type PickFiles = z.infer<typeof PickFilesSchema>;
/** The chosen absolute paths, or null when the person cancelled. */
export const PickedFilesSchema = z.object({ paths: z.array(z.string().min(1).max(4096)).max(20) }).nullable();

export const UPLOAD_PHASES = ['waiting', 'subtitle', 'video', 'done', 'failed', 'cancelled'] as const;
export const UploadProgressSchema = z.object({
  uploadId: z.string(),
  videoId: z.string(),
  fileName: z.string(),
  phase: z.enum(UPLOAD_PHASES),
  /** Bytes of the video file sent so far, and its size. */
  bytes: z.number().int(),
  total: z.number().int(),
  /** A sentence the person can act on (failure) or the server's confirmation (done). */
  message: z.string().nullable(),
});
export type UploadProgress = z.infer<typeof UploadProgressSchema>;

export const UploadIdSchema = z.object({ uploadId: z.string().min(1).max(64) });

export const AnalysisPollStateSchema = z.object({
  active: z.boolean(),
  videoId: z.string().nullable(),
  status: z.enum(['pending', 'completed']).nullable(),
  intervalMs: z.number().int(),
  lastCheckAt: z.number().nullable(),
  nextCheckAt: z.number().nullable(),
  stoppedBecause: z.string().nullable(),
});
export const AnalysisCompletedSchema = z.object({ videoId: z.string() });
