/**
 * After a download: best-effort details for offline use (creator, timed transcript, thumbnail image), so the library
 * can show and search the video with the back end unreachable. Any failure leaves the item as it is.
 */
import { z } from 'zod';
import { TranscriptionsResponseSchema } from '../../shared/http/videos.schemas';
import type { BackendClient } from './backendClient';
import type { LibraryRecord } from './libraryStore';
import type { OfflineLibrary } from './offlineLibrary.service';

const DetailSchema = z.object({ video: z.object({ creator_name: z.string().nullable(), thumbnail_url: z.string().nullable() }) });
/** Thumbnails are small images; anything larger is not a thumbnail worth keeping. */
const MAX_THUMBNAIL_BYTES = 5 * 1024 * 1024;
const THUMB_EXT: Readonly<Record<string, string>> = { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/webp': 'webp', 'image/gif': 'gif' };

/** Fetches and stores the offline details of a downloaded video. */
export async function enrichDownload(client: BackendClient, library: OfflineLibrary, record: LibraryRecord): Promise<void> {
  const brand = client.brandId();
  const query = brand ? `?brand_id=${encodeURIComponent(brand)}` : '';
  const detail = await client.json('main', 'GET', `/videos/${encodeURIComponent(record.videoId)}${query}`, undefined, DetailSchema);
  const sep = query ? '&' : '?';
  const transcripts = await client.json('main', 'GET', `/videos/transcription_with_timestamp${query}${sep}ids=${encodeURIComponent(record.videoId)}`, undefined, TranscriptionsResponseSchema);
  const lines = transcripts.transcripts[0]?.transcription ?? [];
  await library.annotate(record.itemId, { creator: detail.video.creator_name, lines });
  const thumbnail = detail.video.thumbnail_url;
  if (!thumbnail) return;
  const response = await fetch(client.absolute(thumbnail));
  const ext = THUMB_EXT[response.headers.get('content-type')?.split(';')[0] ?? ''];
  if (!response.ok || !ext || Number(response.headers.get('content-length') ?? 0) > MAX_THUMBNAIL_BYTES) return;
  const image = new Uint8Array(await response.arrayBuffer());
  if (image.byteLength <= MAX_THUMBNAIL_BYTES) await library.saveThumbnail(record.itemId, image, ext);
}
