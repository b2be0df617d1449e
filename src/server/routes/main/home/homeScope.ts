import type { FastifyRequest } from 'fastify';
import type { Platform } from '../../../../shared/constants';
import type { HomeQuery, HomeScope } from '../../../../shared/http/home.schemas';
import type { VideoFilters } from '../../../../shared/http/videos.schemas';
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
  /** The names of the acting brand and its competitors, by id (a brand that is gone is missing). */
  names: ReadonlyMap<string, string>;
}

/**
 * The brand a home call shows (the acting brand, or one of its competitors named by competitors_brands; any other is
 * 404, so no other brand's figures, nor their existence, leak) and its windows, ending now (the request's clock), as
 * the videos list's do: a period is the last year, week or day, whatever was added last.
 */
export async function resolveHome(request: FastifyRequest, ctx: ServerContext, repos: HomeRepositories, query: HomeQuery): Promise<ResolvedHome> {
  const acting = await actingBrand(request, repos);
  return resolveScope(ctx, repos, acting, { ...query, shownId: query.competitors_brands ?? acting.brandId, platform: query.platform ?? null });
}

/** What a scope is made of: whose figures, the window, and what narrows them (a report adds filters and its comparison). */
export interface ScopeSpec extends Pick<HomeQuery, 'duration' | 'start_date' | 'end_date'> {
  shownId: string;
  platform: Platform | null;
  filters?: VideoFilters;
  /** The comparison window: the previous one of the same length (default), none, or these days (inclusive). */
  comparison?: { kind: 'previous' } | { kind: 'none' } | { kind: 'custom'; start_date: string; end_date: string };
}

/** A scope resolved for an acting brand: the shown brand checked, the windows worked out (see resolveHome). */
export async function resolveScope(ctx: ServerContext, repos: HomeRepositories, acting: Acting, spec: ScopeSpec): Promise<ResolvedHome> {
  const shownId = spec.shownId;
  if (shownId !== acting.brandId && !acting.competitorIds.includes(shownId)) {
    throw new HttpError(404, 'That brand is neither yours nor one of your competitors.');
  }
  const now = ctx.now();
  if (spec.duration === 'custom' && spec.start_date && spec.start_date > now.toISOString().slice(0, 10)) {
    throw new HttpError(400, 'start_date is in the future: nothing can have been added yet.');
  }
  const computed = homeWindows(spec, now);
  const comparison = spec.comparison ?? { kind: 'previous' };
  const windows: HomeWindows = {
    ...computed,
    previous: comparison.kind === 'none' ? null
      : comparison.kind === 'custom' ? { start: `${comparison.start_date}T00:00:00.000Z`, end: `${comparison.end_date}T23:59:59.999Z` }
      : computed.previous,
  };
  const platform = spec.platform;
  const filters = spec.filters ? { actingBrandId: acting.brandId, video: spec.filters } : undefined;
  // The figures are computed from the list index as of now (every committed write included); the names meanwhile, every
  // tab's at once (on a team server each read is a round trip: the overview and the benchmark name every brand), unless
  // the bearer check read them already.
  const named = [acting.brandId, ...acting.competitorIds];
  const known = acting.brandNames;
  const [names] = await Promise.all([
    known && named.every((id) => known.has(id)) ? new Map(named.map((id) => [id, known.get(id) ?? ''])) : repos.brandNames(named),
    ctx.videos.index.ready([acting.brandId]),
  ]);
  const range = (start: string | null, end: string): HomeRange => ({ actingBrandId: acting.brandId, brandId: shownId, start: start ?? '', end, platform, ...(filters ? { filters } : {}) });
  return {
    acting,
    windows,
    current: range(windows.current.start, windows.current.end),
    previous: windows.previous ? range(windows.previous.start, windows.previous.end) : null,
    names,
    scope: {
      brand: { id: shownId, name: names.get(shownId) ?? '', competitor: shownId !== acting.brandId },
      window: windows.current,
      previous: windows.previous,
      platform,
    },
  };
}
