import { randomUUID } from 'node:crypto';
import type { AddedVideo, UrlDetails } from '../../../../shared/http/uploads.schemas';
import { UPLOAD_MESSAGES } from '../../../../shared/http/uploads.schemas';
import type { ServerContext } from '../../../context';
import { badRequest } from '../../../http/httpError';
import type { UploadsRepository } from '../../../repositories/uploadsRepository';
import type { Uploader } from './uploadAccess';

export const ADDED_MESSAGE = 'Video added. Its analysis takes about 10 minutes.';
export const DUPLICATE_MESSAGE = 'This video is already in your videos.';

/**
 * Adds a video found by link for the uploader's brand ('pending') and hands it to the analysis pipeline. A link the
 * brand already added answers the existing video (duplicate).
 */
export function addLinkedVideo(
  ctx: ServerContext,
  uploads: UploadsRepository,
  who: Pick<Uploader, 'brandId'> & { userId: string | null; creatorName?: string },
  details: UrlDetails,
  title: string | undefined,
  externalRef?: string,
): { video: AddedVideo; duplicate: boolean; message: string } {
  if (!details.supported || !details.platform) throw badRequest(details.message ?? UPLOAD_MESSAGES.unsupportedUrl);
  const added = uploads.addVideo({
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
  if (!added.duplicate) ctx.analysis.submit(added.video._id);
  const video = uploads.added(added.video._id) ?? added.video;
  return { video, duplicate: added.duplicate, message: added.duplicate ? DUPLICATE_MESSAGE : ADDED_MESSAGE };
}
