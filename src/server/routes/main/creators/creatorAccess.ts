import type { CreatorListItem, CreatorListQuery } from '../../../../shared/http/creators.schemas';
import type { ServerContext } from '../../../context';
import { notFound } from '../../../http/httpError';
import type { CreatorRow } from '../../../repositories/creators/creatorDetailRepository';
import type { CreatorRepositories } from '../../../repositories/creators/index';
import { CREATOR_TRENDING_MS, creatorTabBrands } from '../../../repositories/creators/creatorListRepository';
import { parseJsonList } from '../../../repositories/products/productListRepository';
import { dateWindow, type DateWindow } from '../../../repositories/videos/videoDates';
import type { Acting } from '../videos/videoAccess';

/** The creator row when the acting brand may see it (its own or a competitor's); 404 otherwise. */
export async function visibleCreator(repos: CreatorRepositories, acting: Acting, creatorId: string): Promise<CreatorRow> {
  const row = (await repos.detail.rows(acting.brandId, [creatorId]))[0];
  if (!row || ![acting.brandId, ...acting.competitorIds].includes(row.brand_id)) throw notFound();
  return row;
}

/** The creator when it belongs to the acting brand (edits); 404 otherwise. */
export async function ownCreator(repos: CreatorRepositories, acting: Acting, creatorId: string): Promise<CreatorRow> {
  const row = await visibleCreator(repos, acting, creatorId);
  if (row.brand_id !== acting.brandId) throw notFound();
  return row;
}

/** A row as the list shows it. */
export function toCreatorItem(row: CreatorRow, brandId: string, trendingSince: string): CreatorListItem {
  return {
    _id: row.id, brand_id: row.brand_id, name: row.name, handle: row.handle, platform: row.platform, email: row.email, country: row.country,
    language: row.language, subscribers: row.subscribers, video_count: row.video_count, creator_type: row.creator_type, reelscopeVerified: row.verified === 1,
    picture: row.picture, categories: parseJsonList(row.categories), latest_platform_video_published_at: row.latest_platform_video_published_at,
    sentiment: { positive: row.sentiment_positive, negative: row.sentiment_negative },
    engagementIndex: { average_views_per_video: row.average_views_per_video, average_engagement_index: row.average_engagement_index, influencer_performance_index: row.influencer_performance_index },
    manufacturerName: row.brand_name, is_competitor: row.brand_id !== brandId, has_note: row.has_note === 1, valid_email: row.email_valid === 1,
    trending: row.latest_platform_video_published_at !== null && row.latest_platform_video_published_at >= trendingSince,
  };
}

/** What a list query resolves to: the tab's brands, the date window and the trending start. */
export interface CreatorListing {
  brands: string[];
  window: DateWindow;
  trendingSince: string;
}

export async function resolveListing(ctx: ServerContext, repos: CreatorRepositories, acting: Acting, query: CreatorListQuery): Promise<CreatorListing> {
  await repos.list.checkEmails();
  const brands = creatorTabBrands(query.tab, acting);
  const reference = await repos.list.referenceTime([acting.brandId, ...acting.competitorIds], ctx.now());
  return { brands, window: dateWindow(query.date, reference, query), trendingSince: new Date(reference.getTime() - CREATOR_TRENDING_MS).toISOString() };
}

/** Full rows of ids, in the given order. */
export async function rowsInOrder(repos: CreatorRepositories, brandId: string, ids: readonly string[]): Promise<CreatorRow[]> {
  const rows = new Map((await repos.detail.rows(brandId, ids)).map((row) => [row.id, row]));
  return ids.flatMap((id) => rows.get(id) ?? []);
}
