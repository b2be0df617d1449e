/**
 * Own-storage uploads (issue 5): asks the back end for the one-time PUT targets (/second/video/create-upload-url/:x)
 * and streams the subtitle (if any) and then the video to them with progress, cancel and retry (retry = start again
 * with the videoId, which re-issues the URLs). Files outside the MIME map of spec §5 are refused with a clear
 * message before anything is asked or sent.
 *
 * Where the bytes come from: Electron main opens the path itself (`file.path`); the web host cannot read a file the
 * browser picked, so the page PUTs the File to `/__host/uploads/:uploadId/:kind` and `receive()` forwards that stream.
 */
import { randomUUID } from 'node:crypto';
import { constants } from 'node:fs';
import type { FileHandle } from 'node:fs/promises';
import { open, stat } from 'node:fs/promises';
import { basename, isAbsolute } from 'node:path';
import type { Readable } from 'node:stream';
import { CreateUploadUrlResponseSchema, UPLOAD_MESSAGES, UploadTargetResponseSchema } from '../../shared/http/uploads.schemas';
import { HostError } from '../../shared/ipc/handlers';
import type { UploadProgress, UploadStart, UploadStarted } from '../../shared/ipc/uploads.schemas';
import { isSubtitleFile, subtitleContentType, uploadRefusal } from '../../shared/rules/uploads';
import type { BackendClient } from './backendClient';
import { putStream } from './uploadPut';

export type UploadKind = 'video' | 'subtitle';

export interface UploadsService {
  start(input: UploadStart): Promise<UploadStarted>;
  /** Web host: forwards the body the page sent for one file of an upload; resolves when the back end answered. */
  receive(uploadId: string, kind: UploadKind, body: Readable, size: number): Promise<UploadProgress>;
  cancel(uploadId: string): void;
  list(): UploadProgress[];
}

export interface UploadsDeps {
  client: Pick<BackendClient, 'json' | 'absolute' | 'brandId'>;
  /** True in Electron main; false in the web host (paths from the page are refused). */
  readsPaths: boolean;
  /** Web host: prefix of the stream routes ('/__host/uploads'); null in Electron. */
  streamPrefix: string | null;
  emit: (progress: UploadProgress) => void;
  log: (message: string) => void;
  /** Milliseconds between progress events while bytes flow (default 250). */
  progressEveryMs?: number;
}

interface Upload {
  progress: UploadProgress;
  input: UploadStart;
  targets: { video: string; subtitle: string; contentType: string };
  controller: AbortController;
  lastEmit: number;
}

export const UPLOAD_TEXTS = {
  noPathsInBrowser: 'The web app cannot read files by path. Choose or drop the file in the window instead.',
  noSource: 'This app reads files by path only. Choose the file again.',
  notAFile: 'Only a video file saved on this computer can be uploaded (not a folder or a device). Choose the file again.',
  unknownUpload: 'This upload is no longer running. Start it again.',
  lost: 'The connection to the server was lost during the upload. Retry to send the file again.',
  cancelled: 'Upload cancelled.',
} as const;

function answerMessage(body: unknown, status: number): string {
  const record = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
  for (const key of ['message', 'error_message', 'error']) if (typeof record[key] === 'string' && record[key] !== '') return record[key];
  return `The server answered ${status} to the upload.`;
}

/** A path the host may read: absolute, a regular file (stat follows links), with an allowed extension in its own name. */
async function checkedPath(file: UploadStart['file'], kind: UploadKind): Promise<UploadStart['file']> {
  const path = file.path;
  if (!path || !isAbsolute(path)) throw new HostError('bad_input', UPLOAD_TEXTS.notAFile);
  const refusal = kind === 'video' ? uploadRefusal(basename(path)) : isSubtitleFile(basename(path)) ? null : UPLOAD_MESSAGES.notASubtitle;
  if (refusal) throw new HostError('bad_input', refusal);
  const info = await stat(path).catch(() => null);
  if (!info?.isFile()) throw new HostError('bad_input', UPLOAD_TEXTS.notAFile);
  return { ...file, size: info.size };
}

/**
 * Opens a checked path for streaming and checks it again on the open handle (the file may have been swapped since
 * start). O_NONBLOCK keeps a swapped-in pipe from blocking the open; it changes nothing for regular files.
 */
async function openRegularFile(path: string): Promise<{ handle: FileHandle; size: number }> {
  const handle = await open(path, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0));
  try {
    const info = await handle.stat();
    if (!info.isFile()) throw new HostError('bad_input', UPLOAD_TEXTS.notAFile);
    return { handle, size: info.size };
  } catch (error) {
    await handle.close();
    throw error;
  }
}

export function createUploadsService(deps: UploadsDeps): UploadsService {
  const uploads = new Map<string, Upload>();
  const every = deps.progressEveryMs ?? 250;

  function update(upload: Upload, patch: Partial<UploadProgress>, force = true): void {
    upload.progress = { ...upload.progress, ...patch };
    const now = Date.now();
    if (!force && now - upload.lastEmit < every) return;
    upload.lastEmit = now;
    deps.emit(upload.progress);
  }

  function find(uploadId: string): Upload {
    const upload = uploads.get(uploadId);
    if (!upload) throw new HostError('failed', UPLOAD_TEXTS.unknownUpload);
    return upload;
  }

  async function send(upload: Upload, kind: UploadKind, body: Readable, size: number): Promise<UploadProgress> {
    if (upload.controller.signal.aborted || upload.progress.phase === 'done') {
      body.destroy();
      return upload.progress;
    }
    const subtitleName = upload.input.subtitle?.name ?? 'subtitles.srt';
    const target = kind === 'video' ? upload.targets.video : `${upload.targets.subtitle}?name=${encodeURIComponent(subtitleName)}`;
    update(upload, { phase: kind, message: null });
    try {
      const answer = await putStream({
        url: deps.client.absolute(target),
        body, size,
        contentType: kind === 'video' ? upload.targets.contentType : subtitleContentType(subtitleName),
        signal: upload.controller.signal,
        onBytes: (sent) => kind === 'video' && update(upload, { bytes: sent }, false),
      });
      if (answer.status !== 200) throw new HostError('failed', answerMessage(answer.body, answer.status));
      const parsed = UploadTargetResponseSchema.safeParse(answer.body);
      if (kind === 'video') update(upload, { phase: 'done', bytes: upload.progress.total, message: parsed.success ? parsed.data.message : null });
      else update(upload, { phase: 'waiting' });
    } catch (error) {
      body.destroy();
      if (upload.controller.signal.aborted) {
        update(upload, { phase: 'cancelled', message: UPLOAD_TEXTS.cancelled });
      } else {
        const message = error instanceof HostError ? error.message : UPLOAD_TEXTS.lost;
        deps.log(`upload ${upload.progress.uploadId} (${kind}) failed: ${error instanceof Error ? error.message : String(error)}`);
        update(upload, { phase: 'failed', message });
        upload.controller.abort();
      }
    }
    return upload.progress;
  }

  async function fromDisk(upload: Upload): Promise<void> {
    const { subtitle, file } = upload.input;
    try {
      // The size on disk, not the one the renderer said: Content-Length must match the bytes sent.
      if (subtitle?.path) {
        const opened = await openRegularFile(subtitle.path);
        await send(upload, 'subtitle', opened.handle.createReadStream(), opened.size);
      }
      if (upload.progress.phase === 'failed' || upload.progress.phase === 'cancelled') return;
      const opened = await openRegularFile(file.path!);
      update(upload, { total: opened.size });
      await send(upload, 'video', opened.handle.createReadStream({ highWaterMark: 256 * 1024 }), opened.size);
    } catch (error) {
      update(upload, { phase: 'failed', message: `The file could not be read: ${error instanceof Error ? error.message : String(error)}` });
    }
  }

  return {
    async start(input) {
      // The rules first: a refused file causes no request and no byte on the wire.
      const refusal = uploadRefusal(input.file.name, input.subtitle?.name);
      if (refusal) throw new HostError('bad_input', refusal);
      const usesPaths = input.file.path !== undefined || input.subtitle?.path !== undefined;
      if (usesPaths && !deps.readsPaths) throw new HostError('forbidden', UPLOAD_TEXTS.noPathsInBrowser);
      if (!usesPaths && !deps.streamPrefix) throw new HostError('bad_input', UPLOAD_TEXTS.noSource);
      // A path comes from the renderer: read it only when it names a regular file (no folder, device, pipe or socket)
      // whose own name has an allowed extension, and trust the size on disk rather than the one the page sent.
      if (usesPaths) input = { ...input, file: await checkedPath(input.file, 'video'), subtitle: input.subtitle ? await checkedPath(input.subtitle, 'subtitle') : input.subtitle };
      const ticket = await deps.client.json(
        'second', 'POST', `/video/create-upload-url/${encodeURIComponent(input.file.name)}`,
        { brand_id: deps.client.brandId(), title: input.title, videoId: input.videoId },
        CreateUploadUrlResponseSchema,
      );
      if (input.file.size > ticket.max_bytes) throw new HostError('bad_input', UPLOAD_MESSAGES.tooLarge);
      const uploadId = randomUUID();
      const upload: Upload = {
        input,
        targets: { video: ticket.url, subtitle: ticket.subtitleUrl, contentType: ticket.content_type },
        controller: new AbortController(),
        lastEmit: 0,
        progress: { uploadId, videoId: ticket.videoId, fileName: input.file.name, phase: 'waiting', bytes: 0, total: input.file.size, message: null },
      };
      uploads.set(uploadId, upload);
      deps.emit(upload.progress);
      if (usesPaths) void fromDisk(upload);
      const prefix = deps.streamPrefix;
      return {
        uploadId,
        videoId: ticket.videoId,
        stream: usesPaths || !prefix ? null : { video: `${prefix}/${uploadId}/video`, subtitle: input.subtitle ? `${prefix}/${uploadId}/subtitle` : null },
      };
    },
    receive(uploadId, kind, body, size) {
      return send(find(uploadId), kind, body, size);
    },
    cancel(uploadId) {
      const upload = uploads.get(uploadId);
      if (!upload || upload.progress.phase === 'done' || upload.progress.phase === 'failed') return;
      upload.controller.abort();
      update(upload, { phase: 'cancelled', message: UPLOAD_TEXTS.cancelled });
    },
    list() {
      return [...uploads.values()].map((upload) => upload.progress).reverse();
    },
  };
}
