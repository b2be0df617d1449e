import { randomUUID } from 'node:crypto';
import type { AddedVideo, UrlDetails } from '../../../../shared/http/uploads.schemas';
import { UPLOAD_MESSAGES } from '../../../../shared/http/uploads.schemas';
import type { ServerContext } from '../../../context';
import { badRequest } from '../../../http/httpError';
import type { UploadsRepository } from '../../../repositories/uploadsRepository';
import type { Uploader } from './uploadAccess';

export const ADDED_MESSAGE = 'Video added. Its analysis takes about 10 minutes.';
export const DUPLICATE_MESSAGE = 'This video is already in your videos.';

type LinkUploader = Pick<Uploader, 'brandId'> & { userId: string | null; creatorName?: string };

/**
 * Adds a video found by link for the uploader's brand ('pending') and hands it to the analysis pipeline. A link the
 * brand already added answers the existing video (duplicate).
 */
export async function addLinkedVideo(...args: Parameters<typeof storeLinkedVideo>): Promise<{ video: AddedVideo; duplicate: boolean; message: string }> {
  const [ctx] = args;
  const added = await storeLinkedVideo(...args);
  if (!added.duplicate) await ctx.analysis.submit(added.video._id);
  return { ...added, message: added.duplicate ? DUPLICATE_MESSAGE : ADDED_MESSAGE };
}

/**
 * Stores a video found by link (or answers the one the brand already added) without starting its analysis: for a
 * caller that stores it inside a transaction of its own and starts the analysis once that is committed.
 */
export async function storeLinkedVideo(
  ctx: ServerContext,
  uploads: UploadsRepository,
  who: LinkUploader,
  details: UrlDetails,
  title: string | undefined,
  externalRef?: string,
): Promise<{ video: AddedVideo; duplicate: boolean }> {
  if (!details.supported || !details.platform) throw badRequest(details.message ?? UPLOAD_MESSAGES.unsupportedUrl);
  const added = await uploads.addVideo({
    id: randomUUID(),
    brandId: who.brandId,
    userId: who.userId,
    title: title ?? details.title,
    platform: details.platform,
    videoUrl: details.url,
    embeddedUrl: details.video_embedded_url,
    thumbnailUrl: details.thumbnail_url,
    tiktokId: details.tiktok_id,
    source: details.platform,
    externalRef: externalRef ?? details.external_id ?? details.url,
    fileName: null,
    at: ctx.now().toISOString(),
    creatorName: who.creatorName,
  });
  return { video: added.video, duplicate: added.duplicate };
}
