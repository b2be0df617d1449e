import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Campaign } from '../../../../shared/http/campaigns.schemas';
import {
  CAMPAIGN_BANNER_MAX_BYTES, CampaignIdParamsSchema as IdParamsSchema, CampaignListQuerySchema, CampaignListResponseSchema, CampaignResponseSchema, CampaignWriteBodySchema, campaignProblems, type CampaignFields,
} from '../../../../shared/http/campaigns.schemas';
import { IdentitySchema } from '../../../../shared/http/videoList.schemas';
import type { ServerContext } from '../../../context';
import { defineRoute } from '../../../http/defineRoute';
import { found, HttpError, notFound } from '../../../http/httpError';
import { publicOrigin } from '../../../http/publicOrigin';
import { actingBrand } from '../videos/videoAccess';
import { MEDIA_URL_PREFIX } from '../../../../shared/domain/workspace';
import { CAMPAIGN_MEDIA, receiveBanner } from './bannerUpload';
import { registerCampaignListRoutes } from './campaignLists.routes';


/** Old first (by start, then creation) as spec §4's default sort, or new first. */
function sorted(campaigns: Campaign[], sort: 'OLD' | 'NEW'): Campaign[] {
  const key = (c: Campaign) => `${c.start_date ?? c.created_at.slice(0, 10)}|${c.created_at}|${c._id}`;
  const ordered = [...campaigns].sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));
  return sort === 'OLD' ? ordered : ordered.reverse();
}

/** Cross-field problems as a 400 naming the field, before anything is stored. */
function checked(fields: CampaignFields, publish: boolean, brandProducts: Set<string>): CampaignFields {
  const problem = campaignProblems(fields, publish)[0];
  if (problem) throw new HttpError(400, `${problem.path}: ${problem.message}`);
  const foreign = fields.products.find((productId) => !brandProducts.has(productId));
  if (foreign) throw new HttpError(400, `products: ${foreign} is not one of the brand's products.`);
  return fields;
}

/** Campaign routes under /campaigns (issue 14): list by tab with sort and search, get, create, update, delete. */
export function registerCampaignRoutes(app: FastifyInstance, ctx: ServerContext): void {
  const repo = ctx.repos.campaigns;
  const base = { auth: 'bearer' as const, tags: ['campaigns'] };
  const brandProducts = async (brandId: string) => new Set(await ctx.repos.campaignSubmissions.brandProductIds(brandId));
  /** A banner file no campaign refers to any more (a replaced or deleted campaign's). */
  const removeBannerFile = async (file: string | null) => {
    if (file && ctx.media.store && /^[0-9a-f]{24}\.[a-z]+$/.test(file)) await ctx.media.store.delete(`${CAMPAIGN_MEDIA}/${file}`);
  };

  defineRoute(app, {
    ...base, method: 'GET', url: '/campaigns', summary: "The acting brand's campaigns of a tab (default active), sorted OLD (default) or NEW, searched by headline or hashtag",
    query: CampaignListQuerySchema, response: { 200: CampaignListResponseSchema },
    handler: async ({ query, request }) => {
      const all = await repo.list((await actingBrand(request, ctx.videos)).brandId, ctx.now());
      const needle = query.search.toLocaleLowerCase();
      const found = needle === '' ? all : all.filter((c) => `${c.campaign_headline} ${c.campaign_hashtag}`.toLocaleLowerCase().includes(needle));
      const count = (tab: Campaign['tab']) => found.filter((c) => c.tab === tab).length;
      return { campaigns: sorted(found.filter((c) => c.tab === query.tab), query.sort), counts: { active: count('active'), past: count('past'), draft: count('draft') } };
    },
  });

  defineRoute(app, {
    ...base, method: 'POST', url: '/campaigns', summary: 'Creates a campaign: a draft, or published when publish is true (then its dates are required)',
    body: CampaignWriteBodySchema, response: { 200: CampaignResponseSchema },
    handler: async ({ body, request }) => {
      const acting = await actingBrand(request, ctx.videos);
      const id = await repo.create(acting.brandId, acting.userId, checked(body.campaign, body.publish, await brandProducts(acting.brandId)), body.publish, ctx.now());
      const campaign = found(await repo.find(id, acting.brandId, ctx.now()));
      return { campaign };
    },
  });

  defineRoute(app, {
    ...base, method: 'GET', url: '/campaigns/:id', summary: 'One campaign with its tab and submitted video count',
    params: IdParamsSchema, query: IdentitySchema, response: { 200: CampaignResponseSchema },
    handler: async ({ params, request }) => {
      const campaign = found(await repo.find(params.id, (await actingBrand(request, ctx.videos)).brandId, ctx.now()));
      return { campaign };
    },
  });

  defineRoute(app, {
    ...base, method: 'PUT', url: '/campaigns/:id', summary: 'Replaces a campaign\'s fields; publish: true publishes a draft (a published one stays published)',
    params: IdParamsSchema, body: CampaignWriteBodySchema, response: { 200: CampaignResponseSchema },
    handler: async ({ params, body, request }) => {
      const acting = await actingBrand(request, ctx.videos);
      const current = found(await repo.find(params.id, acting.brandId, ctx.now()));
      const publish = body.publish || current.state !== 'draft';
      await repo.update(params.id, acting.brandId, acting.userId, checked(body.campaign, publish, await brandProducts(acting.brandId)), body.publish, current.state === 'draft', ctx.now());
      const campaign = found(await repo.find(params.id, acting.brandId, ctx.now()));
      return { campaign };
    },
  });

  defineRoute(app, {
    ...base, method: 'GET', url: '/campaigns/:id/submission_link', summary: 'The link creators open to submit a video to the campaign (REELSCOPE_PUBLIC_URL, else this back end)',
    params: IdParamsSchema, query: IdentitySchema, response: { 200: z.object({ submission_link: z.string() }) },
    handler: async ({ params, request }) => {
      const campaign = found(await repo.find(params.id, (await actingBrand(request, ctx.videos)).brandId, ctx.now()));
      return { submission_link: `${publicOrigin(request)}/campaigns/${encodeURIComponent(campaign._id)}/submit` };
    },
  });

  defineRoute(app, {
    ...base, method: 'POST', url: '/campaigns/:id/banner', multipart: true, bodyLimit: CAMPAIGN_BANNER_MAX_BYTES + 128 * 1024,
    summary: 'Sets the banner: multipart, one PNG, JPEG or WebP file in field "banner" (cropped by the client to image_dimensions), at most 5 MB',
    params: IdParamsSchema, query: IdentitySchema, response: { 200: CampaignResponseSchema },
    handler: async ({ params, request }) => {
      const brandId = (await actingBrand(request, ctx.videos)).brandId;
      found(await repo.find(params.id, brandId, ctx.now()));
      const previous = await repo.bannerFile(params.id, brandId);
      const file = await receiveBanner(request, ctx.media.store);
      await repo.setBanner(params.id, brandId, `${MEDIA_URL_PREFIX}/${CAMPAIGN_MEDIA}/${file}`, file, ctx.now());
      await removeBannerFile(previous);
      return { campaign: found(await repo.find(params.id, brandId, ctx.now())) };
    },
  });

  defineRoute(app, {
    ...base, method: 'DELETE', access: 'manager', url: '/campaigns/:id', summary: 'Deletes a campaign (its submitted videos stay in the library)',
    params: IdParamsSchema, query: IdentitySchema, response: { 200: z.object({ deleted: z.literal(true) }) },
    handler: async ({ params, request }) => {
      const brandId = (await actingBrand(request, ctx.videos)).brandId;
      const banner = await repo.bannerFile(params.id, brandId);
      if (!(await repo.remove(params.id, brandId, ctx.now()))) throw notFound();
      await removeBannerFile(banner);
      return { deleted: true as const };
    },
  });

  registerCampaignListRoutes(app, ctx, repo);
}
