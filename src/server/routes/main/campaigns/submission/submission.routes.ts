import { randomBytes, randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { OWN_STORAGE_PLATFORM } from '../../../../../shared/constants';
import { MEDIA_URL_PREFIX } from '../../../../../shared/domain/workspace';
import {
  SUBMISSION_MESSAGES, SubmissionParamsSchema, SubmissionResponseSchema,
} from '../../../../../shared/http/campaignSubmission.schemas';
import type { Campaign } from '../../../../../shared/http/campaigns.schemas';
import type { ServerContext } from '../../../../context';
import { defineRoute } from '../../../../http/defineRoute';
import { drainBody } from '../../../../http/drainBody';
import { HttpError, badRequest } from '../../../../http/httpError';
import { describeUrl } from '../../../second/uploadsUrls';
import type { SubmissionRepositories } from '../../../../repositories/campaigns/submissionTransaction';
import { storeLinkedVideo } from '../../uploads/addVideo';
import { availabilityOf, publicCampaign } from './campaignAvailability';
import { receiveSubmission, type ReceivedSubmission } from './receiveSubmission';
import { acceptedWays, renderSubmissionPage } from './submissionPage';

/** The page's policy: nothing loads or runs but its own nonce'd style and script, its banner, and posts back here. */
function contentSecurityPolicy(nonce: string, bannerOrigin: string | null): string {
  return [
    "default-src 'none'", `script-src 'nonce-${nonce}'`, `style-src 'nonce-${nonce}'`, `img-src 'self'${bannerOrigin ? ` ${bannerOrigin}` : ''}`,
    "connect-src 'self'", "form-action 'self'", "base-uri 'none'", "frame-ancestors 'none'",
  ].join('; ');
}

/** A banner stored here is served from the media folder; a linked one must be https (anything else is not shown). */
function bannerOf(campaign: Campaign | null): { url: string; origin: string | null } | null {
  const banner = campaign?.banner_image ?? null;
  if (!banner) return null;
  if (banner.startsWith(`${MEDIA_URL_PREFIX}/`)) return { url: banner, origin: null };
  try {
    const url = new URL(banner);
    return url.protocol === 'https:' ? { url: url.href, origin: url.origin } : null;
  } catch {
    return null;
  }
}

/**
 * The campaign submission page (issue 26 item 12), public: `GET /campaigns/{id}/submit`, the address the QR code and
 * the submission link carry, and `POST /campaigns/{id}/submissions`, which takes a creator's video (rate-limited per
 * client address) into the brand's videos and the campaign — the videos list's Campaigns tab and the campaign's detail.
 */
export async function campaignSubmissionPlugin(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  const { campaigns: repo } = ctx.repos;
  const base = { auth: 'none' as const, tags: ['campaign submission'], params: SubmissionParamsSchema };

  defineRoute(app, {
    ...base, method: 'GET', url: '/campaigns/:id/submit',
    summary: 'The page creators open from a campaign\'s QR code or link (HTML, no login); a closed campaign says why with 403, 404, 409 or 410',
    handler: async ({ params, reply }) => {
      const availability = await availabilityOf(repo, params.id, ctx.now());
      const nonce = randomBytes(16).toString('base64');
      const banner = bannerOf(publicCampaign(availability));
      reply.code(availability.open ? 200 : availability.status);
      reply.header('content-security-policy', contentSecurityPolicy(nonce, banner?.origin ?? null));
      reply.header('cache-control', 'no-store');
      reply.type('text/html; charset=utf-8');
      return renderSubmissionPage(availability, { nonce, maxBytes: ctx.uploadMaxBytes, bannerUrl: banner?.url ?? null });
    },
  });

  defineRoute(app, {
    ...base, method: 'POST', url: '/campaigns/:id/submissions', multipart: true, anyOrigin: true, bodyLimit: ctx.uploadMaxBytes + 1024 * 1024,
    summary: 'A creator submits a video to an open campaign: multipart name, email, rating (1-5, when the campaign asks for one), then a file in "video" (the app\'s upload types and limit) or a link in "url"',
    response: { 200: SubmissionResponseSchema },
    handler: async ({ params, request, reply }) => {
      // A refusal before the body is read drains it (so the sender reads the answer, not a broken pipe); any refusal
      // closes the connection, so a sender still streaming stops.
      const refuse = async (error: HttpError, unread = true): Promise<never> => {
        if (unread) await drainBody(request.raw);
        reply.header('connection', 'close');
        throw error;
      };
      const attempt = await ctx.submissionLimiter.reserve(request.ip);
      if (!attempt) return refuse(new HttpError(429, SUBMISSION_MESSAGES.tooMany));
      try {
        const availability = await availabilityOf(repo, params.id, ctx.now());
        if (!availability.open) return await refuse(new HttpError(availability.status, availability.message));
        const { campaign, brandName } = availability;
        let received: ReceivedSubmission;
        // A sent file is stored at once under the id its video will have (a bucket has no cheap rename).
        const fileVideoId = randomUUID();
        try {
          received = await receiveSubmission(request, ctx.media.store, ctx.uploadMaxBytes, fileVideoId, campaign.campaign_allow_rating);
        } catch (error) {
          if (error instanceof HttpError) return await refuse(error, false);
          throw error;
        }
        const videoId = await storeSubmission(received, campaign, fileVideoId);
        const { name, email } = received.fields;
        return {
          video_id: videoId,
          message: `Thank you, ${name}: your video was sent to ${campaign.campaign_brand_name || brandName} for “${campaign.campaign_headline}”. The brand will write to you at ${email}.`,
        };
      } finally {
        // Every attempt counts, accepted or refused: the limit bounds how fast one address can send.
        await attempt.fail();
      }
    },
  });

  /**
   * Stores a submission in one transaction that first checks the campaign again: two creators sending at once to a
   * campaign with one place left both passed the check made before their uploads, and only one may get the place.
   */
  function inSubmission<T>(campaign: Campaign, store: (tx: SubmissionRepositories) => Promise<T>): Promise<T> {
    return ctx.repos.inSubmissionTransaction(campaign._id, async (tx) => {
      const availability = await availabilityOf(tx.campaigns, campaign._id, ctx.now());
      if (!availability.open) throw new HttpError(availability.status, availability.message);
      return store(tx);
    });
  }

  /** The video joins the brand's videos (pending its analysis) and the campaign, with who sent it; answers its id. */
  async function storeSubmission({ fields, file }: ReceivedSubmission, campaign: Campaign, videoId: string): Promise<string> {
    const ways = acceptedWays(campaign);
    const at = ctx.now();
    const title = `${campaign.campaign_headline} · ${fields.name}`;
    if (!file) {
      const details = describeUrl(fields.url ?? '');
      const platforms: readonly string[] = campaign.campaign_upload_platform;
      if (!ways.link) throw badRequest('This campaign takes video files only: upload the file instead.');
      if (details.platform && platforms.length > 0 && !platforms.includes(details.platform)) {
        throw badRequest(`This campaign takes videos from ${platforms.filter((p) => p !== OWN_STORAGE_PLATFORM).join(', ')} only.`);
      }
      const { video, duplicate } = await inSubmission(campaign, async ({ campaigns, uploads }) => {
        const stored = await storeLinkedVideo(ctx, uploads, { brandId: campaign.brand_id, userId: null, creatorName: fields.name }, details, title);
        await campaigns.addSubmission(campaign._id, stored.video._id, fields, at);
        return stored;
      });
      if (!duplicate) await ctx.analysis.submit(video._id);
      return video._id;
    }
    const relative = file.key;
    if (!ways.file) {
      await ctx.media.store?.delete(relative);
      throw badRequest('This campaign takes links only: paste the link to your video instead.');
    }
    try {
      await inSubmission(campaign, async ({ campaigns, uploads }) => {
        await uploads.addVideo({
        id: videoId, brandId: campaign.brand_id, userId: null, title, platform: OWN_STORAGE_PLATFORM, videoUrl: `${MEDIA_URL_PREFIX}/${relative}`,
        embeddedUrl: null, thumbnailUrl: null, tiktokId: null, source: OWN_STORAGE_PLATFORM, externalRef: videoId, fileName: file.fileName, at: at.toISOString(),
          creatorName: fields.name,
        });
        await uploads.setMedia(videoId, relative, file.fileName, at.toISOString());
        await campaigns.addSubmission(campaign._id, videoId, fields, at);
      });
    } catch (error) {
      await ctx.media.store?.delete(relative);
      throw error;
    }
    await ctx.analysis.submit(videoId);
    return videoId;
  }
}
