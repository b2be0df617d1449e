import type { FastifyRequest } from 'fastify';
import type { HomeQuery, HomeScope } from '../../../../shared/http/home.schemas';
import type { ServerContext } from '../../../context';
import { HttpError } from '../../../http/httpError';
import type { HomeRange } from '../../../repositories/home/homeFigures';
import { homeWindows, type HomeWindows } from '../../../repositories/home/homeWindow';
import type { HomeRepositories } from '../../../repositories/home/index';
import { actingBrand, type Acting } from '../videos/videoAccess';

/** A home call resolved: who acts, whose figures, over which windows. */
export interface ResolvedHome {
  acting: Acting;
  scope: HomeScope;
  windows: HomeWindows;
  current: HomeRange;
  previous: HomeRange | null;
}

/**
 * The brand a home call shows (the acting brand, or one of its competitors named by competitors_brands; any other is
 * 404, so no other brand's figures, nor their existence, leak) and its windows, ending at the clock or at the newest
 * video of the brand and its competitors when that is earlier.
 */
export function resolveHome(request: FastifyRequest, ctx: ServerContext, repos: HomeRepositories, query: HomeQuery): ResolvedHome {
  const acting = actingBrand(request, repos, query.brand_id);
  const shownId = query.competitors_brands ?? acting.brandId;
  if (shownId !== acting.brandId && !acting.competitorIds.includes(shownId)) {
    throw new HttpError(404, 'That brand is neither yours nor one of your competitors.');
  }
  const name = repos.brandName(shownId);
  const now = ctx.now();
  const newest = repos.newestVideo([acting.brandId, ...acting.competitorIds]);
  const reference = newest !== null && Date.parse(newest) < now.getTime() ? new Date(newest) : now;
  if (query.duration === 'custom' && query.start_date && query.start_date > now.toISOString().slice(0, 10)) {
    throw new HttpError(400, 'start_date is in the future: nothing can have been added yet.');
  }
  const windows = homeWindows(query, reference);
  const platform = query.platform ?? null;
  const range = (start: string | null, end: string): HomeRange => ({ brandId: shownId, start: start ?? '', end, platform });
  return {
    acting,
    windows,
    current: range(windows.current.start, windows.current.end),
    previous: windows.previous ? range(windows.previous.start, windows.previous.end) : null,
    scope: {
      brand: { id: shownId, name, competitor: shownId !== acting.brandId },
      window: windows.current,
      previous: windows.previous,
      platform,
    },
  };
}
