/**
 * Fetches transcripts for export: timed lines in batches of at most 50 ids from
 * /jwt_api/videos/transcription_with_timestamp, and per video the detail (platform, creator, date, sentiment),
 * which that route does not carry.
 */
import { z } from 'zod';
import { TranscriptionsResponseSchema } from '../../../shared/http/videos.schemas';
import type { BackendClient } from '../backendClient';
import type { TranscriptDocument } from './transcriptDocument';

export const EXPORT_BATCH_SIZE = 50;
/** Parallel detail requests per batch: enough to hide latency, few enough not to crowd the back end. */
const DETAIL_CONCURRENCY = 6;

const DetailSchema = z.object({
  video: z.object({
    platform: z.string(),
    creator_name: z.string().nullable(),
    published_at: z.string().nullable(),
    created_at: z.string(),
    sentiment: z.object({ positive: z.number(), negative: z.number() }),
    thumbnail_url: z.string().nullable(),
  }),
});

/** The ids in batches of EXPORT_BATCH_SIZE. */
export function batches<T>(ids: readonly T[], size = EXPORT_BATCH_SIZE): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < ids.length; i += size) out.push(ids.slice(i, i + size));
  return out;
}

/** One batch of documents in the order asked; a video whose detail cannot be read keeps unknown metadata. */
export async function fetchTranscriptBatch(client: BackendClient, ids: readonly string[]): Promise<TranscriptDocument[]> {
  const brand = client.brandId();
  const identity = brand ? `brand_id=${encodeURIComponent(brand)}&` : '';
  const { transcripts } = await client.json('main', 'GET', `/videos/transcription_with_timestamp?${identity}ids=${ids.map(encodeURIComponent).join(',')}`, undefined, TranscriptionsResponseSchema);
  const details = new Map<string, z.infer<typeof DetailSchema>['video'] | null>();
  const queue = [...ids];
  await Promise.all(
    Array.from({ length: Math.min(DETAIL_CONCURRENCY, queue.length) }, async () => {
      for (let id = queue.shift(); id !== undefined; id = queue.shift()) {
        const path = `/videos/${encodeURIComponent(id)}${brand ? `?brand_id=${encodeURIComponent(brand)}` : ''}`;
        details.set(id, await client.json('main', 'GET', path, undefined, DetailSchema).then((d) => d.video).catch(() => null));
      }
    }),
  );
  return transcripts.map((record) => {
    const detail = details.get(record.video_id) ?? null;
    return {
      videoId: record.video_id,
      title: record.title,
      platform: detail?.platform ?? null,
      creator: detail?.creator_name ?? null,
      date: detail ? (detail.published_at ?? detail.created_at) : null,
      sentiment: detail?.sentiment ?? null,
      lines: record.transcription,
    };
  });
}
