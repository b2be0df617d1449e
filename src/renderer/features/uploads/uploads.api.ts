/**
 * Calls of the upload modal (spec §7 second API; issue 5). URL sources go straight to the back end; own-storage files
 * go through the host (uploads.start): in the web host the page then PUTs each File body to the stream path the host
 * answered (XHR, same origin, host token header) and the host forwards it to the back end's one-time target.
 */
import type { AxiosInstance } from 'axios';
import { NavbarStatsResponseSchema } from '../../../shared/http/onboarding.schemas';
import { AddedVideoResponseSchema, InstagramDetailsResponseSchema, VideoMetadataResponseSchema } from '../../../shared/http/uploads.schemas';
import type { UrlDetails } from '../../../shared/http/uploads.schemas';
import { WEB_BRIDGE } from '../../../shared/ipc/contract';
import type { Settings } from '../../../shared/ipc/settings.schemas';
import type { UploadStarted } from '../../../shared/ipc/uploads.schemas';
import { normalizeUrl } from '../../../shared/rules';
import { host } from '../../host/hostClient';
import { readHostToken } from '../../host/webBridge';

export type UrlSource = 'Youtube' | 'Tiktok' | 'Instagram' | 'Dropbox' | 'GoogleDrive' | 'url';

/** Preview of a link: Instagram asks fetch_videos_details first (spec §7), the others video-metadata. */
export async function previewUrl(second: AxiosInstance, source: UrlSource, raw: string): Promise<UrlDetails> {
  const url = normalizeUrl(raw.trim());
  if (source === 'Instagram') {
    const response = await second.post('/instagram_videos/fetch_videos_details', { videoUrl: url });
    return InstagramDetailsResponseSchema.parse(response.data).data;
  }
  const response = await second.get('/video-metadata', { params: { url } });
  return VideoMetadataResponseSchema.parse(response.data).data;
}

/** Adds a linked video: Dropbox through PUT /jwt_api/videos/dropbox_videos/{id}, the rest through submit-video-url (multipart). */
export async function addLinkedVideo(api: { main: AxiosInstance; second: AxiosInstance }, source: UrlSource, details: UrlDetails, title: string) {
  if (source === 'Dropbox') {
    const id = encodeURIComponent(details.external_id ?? details.url);
    const response = await api.main.put(`/videos/dropbox_videos/${id}`, { video_url: details.url, ...(title ? { title } : {}) });
    return AddedVideoResponseSchema.parse(response.data);
  }
  const form = new FormData();
  form.append('url', details.url);
  if (title) form.append('title', title);
  const response = await api.second.post('/video/submit-video-url', form);
  return AddedVideoResponseSchema.parse(response.data);
}

/** PUTs one File to the web host's stream path with byte progress; resolves when the host answered. */
export function streamToHost(path: string, file: File, contentType: string, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('PUT', path);
    xhr.setRequestHeader(WEB_BRIDGE.tokenHeader, readHostToken() ?? '');
    xhr.setRequestHeader('content-type', contentType || 'application/octet-stream');
    xhr.onload = () => {
      const answer = JSON.parse(xhr.responseText || 'null') as { ok?: boolean; error?: { message?: string } } | null;
      if (answer?.ok) resolve();
      else reject(new Error(answer?.error?.message ?? `The upload failed (${xhr.status}).`));
    };
    xhr.onerror = () => reject(new Error('The connection to Reelscope was lost during the upload. Retry to send the file again.'));
    xhr.onabort = () => reject(new DOMException('Upload cancelled.', 'AbortError'));
    signal.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(file);
  });
}

/**
 * A file chosen for own storage: in the web host the File the page streams; in Electron its disk path, which main
 * opens itself (after checking it is a regular file of an allowed type). Picked paths carry size 0: main stats them.
 */
export interface LocalFile {
  name: string;
  size: number;
  file?: File;
  path?: string;
}

/** A picked or dropped File: with its disk path when the host can resolve one (Electron preload), else the File. */
export function localFile(file: File): LocalFile {
  const path = host().pathForFile?.(file);
  return path ? { name: file.name, size: file.size, path } : { name: file.name, size: file.size, file };
}

/** A path from the native chooser (dialog.pickFiles). */
export function pickedPath(path: string): LocalFile {
  return { name: path.split(/[\\/]/).pop() || path, size: 0, path };
}

const described = (local: LocalFile) => (local.path ? { name: local.name, size: local.size, path: local.path } : { name: local.name, size: local.size });

/** Starts an own-storage upload through the host and, in the web host, sends the bodies (subtitle first). */
export async function uploadOwnFile(video: LocalFile, subtitle: LocalFile | null, options: { videoId?: string; signal: AbortSignal; onStarted: (s: UploadStarted) => void }) {
  const started = await host().invoke('uploads.start', {
    file: described(video),
    subtitle: subtitle ? described(subtitle) : null,
    ...(options.videoId ? { videoId: options.videoId } : {}),
  });
  options.onStarted(started);
  if (!started.stream) return started;
  if (subtitle?.file && started.stream.subtitle) await streamToHost(started.stream.subtitle, subtitle.file, 'application/octet-stream', options.signal);
  if (video.file) await streamToHost(started.stream.video, video.file, 'application/octet-stream', options.signal);
  return started;
}

/**
 * After a video was added: when it is the brand's only video, store the first-analysis marker ('id,pending', which
 * starts the host's poll) and the tutorial-screen flag of the first-video tutorial.
 */
export async function markFirstVideo(main: AxiosInstance, videoId: string): Promise<Settings | null> {
  const stats = NavbarStatsResponseSchema.parse((await main.get('/navbar_stats')).data).data;
  if (stats.video_count !== 1) return host().invoke('settings.update', { markers: { uploadedVideo: true } });
  return host().invoke('settings.update', { markers: { uploadedVideo: true, firstAnalysis: `${videoId},pending`, tutorialScreen: 'first-video' } });
}
