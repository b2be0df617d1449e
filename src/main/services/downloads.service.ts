/**
 * Signed-URL video downloads (issue 4): ask the second API for the signed URL, stream the file to `<name>.part`,
 * resume dropped connections with Range, rename only when complete (never overwriting), index it in the offline
 * library, notify. Cancel and failures leave no partial file behind.
 */
import { randomUUID } from 'node:crypto';
import { mkdir, rm } from 'node:fs/promises';
import { basename } from 'node:path';
import { VIDEO_MIME_MAP } from '../../shared/constants';
import type { DownloadProgress, DownloadStart } from '../../shared/ipc/desktop.schemas';
import { HostError } from '../../shared/ipc/handlers';
import { downloadRefusal, videoMimeType } from '../../shared/rules/videos';
import { DownloadVideoResponseSchema } from '../../shared/http/videos.schemas';
import type { BackendClient } from './backendClient';
import type { DownloadNotifier, WindowProgress, FileSinks } from './desktopPorts';
import { TransferError, transferToFile } from './downloadTransfer';
import { freeFileName, publishFile, safeFileBase } from './fileNames';
import type { HostFolders } from './hostFolders';
import type { OfflineLibrary } from './offlineLibrary.service';
import { enrichDownload } from './offlineEnrichment';
import type { Clock } from './ports';

export interface DownloadsService {
  /** Starts a download (or answers the id of the one already running for the video). */
  start(input: DownloadStart): Promise<{ downloadId: string }>;
  /** Cancels a queued or running download and removes its partial file. */
  cancel(downloadId: string): Promise<void>;
  /** This run's downloads, newest first. */
  list(): DownloadProgress[];
  /** Resolves when a download has ended (tests, quitting). */
  settled(downloadId: string): Promise<DownloadProgress>;
  /** True when the path is a file this service saved (for showItemInFolder). */
  saved(path: string): boolean;
}

export interface DownloadsDeps {
  client: BackendClient;
  folders: HostFolders;
  library: OfflineLibrary;
  fileSinks: FileSinks;
  notifier: DownloadNotifier;
  windowProgress: WindowProgress;
  clock: Clock;
  emit: (progress: DownloadProgress) => void;
  log: (message: string) => void;
}

/** ~4 progress events per second per download. */
const PROGRESS_INTERVAL_MS = 250;
const KEEP_FINISHED = 100;

/** MIME → extension through VIDEO_MIME_MAP reversed, preferring the extension named like the subtype (video/ogg → ogg). */
export function extensionForMime(mime: string | null, url: string): string {
  const matches = Object.entries(VIDEO_MIME_MAP).filter(([, type]) => type === mime).map(([ext]) => ext);
  const subtype = mime?.split('/')[1];
  const fromMime = matches.find((ext) => ext === subtype) ?? matches[0];
  if (fromMime) return fromMime;
  const fromUrl = videoMimeType(url) ? (new URL(url).pathname.split('.').pop() ?? '').toLowerCase() : '';
  return fromUrl || 'mp4';
}

/** Turns an error into a sentence for the person (never a stack or an errno alone). */
function plainError(error: unknown): string {
  if (error instanceof TransferError && error.kind === 'disk') {
    if (error.code === 'ENOSPC') return 'There is not enough free space on the disk to save this video.';
    if (error.code === 'EIO') return 'The video could not be written to the disk (input/output error).';
    if (error.code === 'EACCES' || error.code === 'EPERM') return 'Reelscope may not write to the download folder.';
    return `The video could not be saved: ${error.message}`;
  }
  if (error instanceof TransferError || error instanceof HostError) return error.message;
  const code = (error as NodeJS.ErrnoException | null)?.code;
  if (code === 'ENOSPC') return 'There is not enough free space on the disk to save this video.';
  if (code === 'EACCES' || code === 'EPERM') return 'Reelscope may not write to the download folder.';
  return 'The download failed. Please try again.';
}

interface Job {
  progress: DownloadProgress;
  abort: AbortController;
  done: Promise<DownloadProgress> | null;
  lastEmit: number;
  lastBytes: number;
}

export function createDownloadsService(deps: DownloadsDeps): DownloadsService {
  const jobs = new Map<string, Job>();
  const savedPaths = new Set<string>();
  const reservedParts = new Set<string>();
  const active = () => [...jobs.values()].filter((job) => job.progress.state === 'queued' || job.progress.state === 'running');

  function updateWindowProgress(): void {
    const running = active();
    const total = running.reduce((sum, job) => sum + (job.progress.total ?? 0), 0);
    const bytes = running.reduce((sum, job) => sum + job.progress.bytes, 0);
    deps.windowProgress.set(running.length === 0 ? null : total > 0 ? Math.min(1, bytes / total) : 0);
  }

  function publish(job: Job, patch: Partial<DownloadProgress>, force: boolean): void {
    Object.assign(job.progress, patch);
    const now = deps.clock.now();
    if (!force && now - job.lastEmit < PROGRESS_INTERVAL_MS) return;
    const elapsed = (now - job.lastEmit) / 1000;
    if (job.progress.state === 'running' && elapsed > 0) job.progress.bytesPerSecond = Math.max(0, Math.round((job.progress.bytes - job.lastBytes) / elapsed));
    if (job.progress.state !== 'running') job.progress.bytesPerSecond = 0;
    job.lastEmit = now;
    job.lastBytes = job.progress.bytes;
    deps.emit({ ...job.progress });
    updateWindowProgress();
  }

  async function run(job: Job, input: DownloadStart): Promise<DownloadProgress> {
    let partPath: string | null = null;
    try {
      const askUrl = async (): Promise<{ href: string; redirectOrigins?: string[] }> => {
        const body = { videoId: input.videoId, brand_id: deps.client.brandId() };
        const answer = await deps.client.json('second', 'POST', '/download-video', body, DownloadVideoResponseSchema);
        return { href: deps.client.absolute(answer.data.signedUrl), redirectOrigins: answer.data.redirectOrigins };
      };
      const firstUrl = await askUrl();
      const dir = await deps.folders.downloadDirectory();
      await mkdir(dir, { recursive: true });
      const base = safeFileBase(input.title);
      // The final extension is known from the response; the part file only needs a name nobody else uses.
      // Names reserved by other running downloads count as taken (two videos with the same title at once).
      partPath = `${await freeFileName(dir, base, extensionForMime(videoMimeType(firstUrl.href), firstUrl.href), (path) => reservedParts.has(`${path}.part`))}.part`;
      reservedParts.add(partPath);
      publish(job, { state: 'running' }, true);
      const result = await transferToFile({
        url: (fresh) => (fresh ? askUrl() : Promise.resolve(firstUrl)),
        partPath,
        fileSinks: deps.fileSinks,
        signal: job.abort.signal,
        sleep: (ms) => deps.clock.sleep(ms),
        onProgress: (bytes, total) => publish(job, { bytes, total }, false),
      });
      const ext = extensionForMime(result.mime, firstUrl.href);
      const filePath = await publishFile(partPath, dir, base, ext);
      reservedParts.delete(partPath);
      partPath = null;
      savedPaths.add(filePath);
      publish(job, { state: 'completed', bytes: result.bytes, total: result.bytes, filePath }, true);
      deps.notifier.downloaded(input.title, filePath);
      const [record] = await deps.library.add([
        { kind: 'video', videoId: input.videoId, title: input.title, platform: input.platform, creator: null, size: result.bytes, fileType: ext, mime: VIDEO_MIME_MAP[ext] ?? 'video/mp4', filePath },
      ]);
      if (record) void enrichDownload(deps.client, deps.library, record).catch((error: unknown) => deps.log(`offline details of ${basename(filePath)} not saved: ${String(error)}`));
    } catch (error) {
      if (partPath) {
        await rm(partPath, { force: true }).catch(() => undefined);
        reservedParts.delete(partPath);
      }
      if (job.abort.signal.aborted) publish(job, { state: 'canceled' }, true);
      else {
        deps.log(`download of ${input.videoId} failed: ${error instanceof Error ? error.message : String(error)}`);
        publish(job, { state: 'failed', error: plainError(error) }, true);
      }
    }
    return { ...job.progress };
  }

  return {
    async start(input) {
      const refusal = downloadRefusal(input.platform);
      if (refusal !== null) throw new HostError('failed', refusal);
      const running = active().find((job) => job.progress.videoId === input.videoId);
      if (running) return { downloadId: running.progress.downloadId };
      const downloadId = randomUUID();
      const job: Job = {
        progress: { downloadId, videoId: input.videoId, title: input.title, state: 'queued', bytes: 0, total: null, bytesPerSecond: 0 },
        abort: new AbortController(),
        done: null,
        lastEmit: deps.clock.now(),
        lastBytes: 0,
      };
      jobs.set(downloadId, job);
      publish(job, {}, true);
      job.done = run(job, input);
      // Forget the oldest finished downloads so a long session does not grow without bound.
      const finished = [...jobs.values()].filter((other) => !active().includes(other));
      for (const old of finished.slice(0, Math.max(0, finished.length - KEEP_FINISHED))) jobs.delete(old.progress.downloadId);
      return { downloadId };
    },
    async cancel(downloadId) {
      const job = jobs.get(downloadId);
      if (!job || (job.progress.state !== 'queued' && job.progress.state !== 'running')) return;
      job.abort.abort();
      await job.done?.catch(() => undefined);
    },
    list() {
      return [...jobs.values()].reverse().map((job) => ({ ...job.progress }));
    },
    async settled(downloadId) {
      const job = jobs.get(downloadId);
      if (!job?.done) throw new HostError('failed', 'Unknown download.');
      return job.done;
    },
    saved(path) {
      return savedPaths.has(path);
    },
  };
}
