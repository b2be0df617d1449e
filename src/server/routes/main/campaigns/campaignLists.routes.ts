import type { FastifyInstance } from 'fastify';
import { CampaignIdParamsSchema, CampaignListsQuerySchema, CampaignListsResponseSchema, type CampaignLists } from '../../../../shared/http/campaigns.schemas';
import type { ServerContext } from '../../../context';
import { defineRoute } from '../../../http/defineRoute';
import { notFound } from '../../../http/httpError';
import type { CampaignSubmissionRow as Submission } from '../../../repositories/campaigns/campaignSubmissions';
import { toCatalogVideo } from '../products/productAccess';
import { actingBrand } from '../videos/videoAccess';
import type { CampaignRepository } from '../../../repositories/campaigns/campaignRepository';

/**
 * GET /manufacturers/{id}/campaign_lists (spec §7): the brand's campaigns, each with its submitted videos — exactly the
 * videos of the videos list's Campaigns tab (the same SQL: not trashed, not removed), newest submission first.
 */
export function registerCampaignListRoutes(app: FastifyInstance, ctx: ServerContext, repo: CampaignRepository): void {
  defineRoute(app, {
    method: 'GET', url: '/manufacturers/:id/campaign_lists', auth: 'bearer', tags: ['campaigns'],
    summary: "The brand's campaigns with the videos submitted to each (the videos list's Campaigns tab); campaign_id narrows to one",
    params: CampaignIdParamsSchema, query: CampaignListsQuerySchema, response: { 200: CampaignListsResponseSchema },
    handler: async ({ query, request }) => {
      const acting = await actingBrand(request, ctx.videos);
      const campaigns = (await repo.list(acting.brandId, ctx.now())).filter((c) => query.campaign_id === undefined || c._id === query.campaign_id);
      if (query.campaign_id !== undefined && campaigns.length === 0) throw notFound();
      const rows = await ctx.repos.campaignSubmissions.submittedVideos(campaigns.map((c) => c._id), acting);
      const byCampaign = new Map<string, Submission[]>();
      for (const row of rows) byCampaign.set(row.campaign_id, [...(byCampaign.get(row.campaign_id) ?? []), row]);
      const campaign_lists: CampaignLists['campaign_lists'] = campaigns.map((c) => ({
        _id: c._id, campaign_headline: c.campaign_headline, campaign_hashtag: c.campaign_hashtag, tab: c.tab, campaign_video_limit: c.campaign_video_limit,
        videos: (byCampaign.get(c._id) ?? []).map((row) => ({
          ...toCatalogVideo(row), submitted_at: row.submitted_at, submitter_name: row.submitter_name, submitter_email: row.submitter_email,
          submitter_rating: row.submitter_rating === null ? null : Number(row.submitter_rating),
        })),
      }));
      return { campaign_lists };
    },
  });
}
