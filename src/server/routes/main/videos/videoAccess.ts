import type { FastifyRequest } from 'fastify';
import { MESSAGES } from '../../../../shared/messages';
import { NO_BRAND_CODE } from '../../../../shared/http/videos.schemas';
import { assertOwnBrand } from '../../../auth/brandAccess';
import { HttpError, notFound } from '../../../http/httpError';
import type { VideoRow } from '../../../repositories/videos/videoRows';
import type { VideoRepositories } from '../../../repositories/videos/index';
import type { BrandScope } from '../../../repositories/videos/videoScope';

/** Who acts: the user and the own brand, with the brands it watches. */
export interface Acting extends BrandScope {
  userId: string;
  /** Brand names read with the bearer (the acting brand's and its competitors' among them), when they were. */
  brandNames?: ReadonlyMap<string, string>;
}

/** Where the acting brand's competitors are read: the asynchronous store, or home's synchronous reads (search/, this round). */
export interface CompetitorSource {
  competitorsOf(brandId: string): readonly string[] | Promise<readonly string[]>;
}

/**
 * The acting brand of a call: `brand_id` when sent (must be one of the user's own brands, else 404), else the token's
 * current brand, else the first own brand. A user with no brand gets 400 with MESSAGES.connectYoutube (spec §8).
 */
export async function actingBrand(request: FastifyRequest, repos: CompetitorSource, brandId: string | undefined): Promise<Acting> {
  const auth = request.auth;
  if (!auth) throw notFound();
  const chosen = brandId ?? auth.brandId ?? auth.brandIds[0];
  if (!chosen) throw new HttpError(400, MESSAGES.connectYoutube, NO_BRAND_CODE);
  assertOwnBrand(request, chosen);
  const competitorIds = auth.competitorIds?.get(chosen) ?? (await repos.competitorsOf(chosen));
  return { userId: auth.userId, brandId: chosen, competitorIds, ...(auth.brandNames ? { brandNames: auth.brandNames } : {}) };
}

/** The video when the acting brand may see it; 404 otherwise (no existence leak). */
export async function visibleVideo(repos: Pick<VideoRepositories, 'detail'>, acting: Acting, videoId: string): Promise<VideoRow> {
  const row = await repos.detail.find(acting, videoId);
  if (!row) throw notFound();
  return row;
}

/** The video when it belongs to the acting brand itself (edits, publish); 404 otherwise. */
export async function ownVideo(repos: Pick<VideoRepositories, 'detail'>, acting: Acting, videoId: string): Promise<VideoRow> {
  const row = await visibleVideo(repos, acting, videoId);
  if (row.brand_id !== acting.brandId) throw notFound();
  return row;
}
