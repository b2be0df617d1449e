import type { FastifyRequest } from 'fastify';
import { actingOwnBrand } from '../../../auth/teamRoles';
import { notFound } from '../../../http/httpError';
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
 * The acting brand of a call, as the route guard decided it from the `brand_id` sent (query and body must agree; an own
 * brand, else 404), else the token's current brand, else the first own brand; with the brands it watches. A user with no
 * brand gets 400 with MESSAGES.connectYoutube (spec §8).
 */
export async function actingBrand(request: FastifyRequest, repos: CompetitorSource): Promise<Acting> {
  const { auth, brandId } = actingOwnBrand(request);
  const competitorIds = auth.competitorIds?.get(brandId) ?? (await repos.competitorsOf(brandId));
  return { userId: auth.userId, brandId, competitorIds, ...(auth.brandNames ? { brandNames: auth.brandNames } : {}) };
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
