import { describe, expect, it } from 'vitest';
import { CreatorListQuerySchema } from '../../../shared/http/creators.schemas';
import { activeCreatorFilters, initialCreatorListState, toCreatorQuery } from './creatorList.state';

const who = { brand_id: 'brand-1', user_id: 'user-1' };

describe('creator list state → query', () => {
  it('starts at My Creators, latest platform video first, page 1, without filters', () => {
    expect(toCreatorQuery(initialCreatorListState(), who)).toEqual({
      brand_id: 'brand-1', user_id: 'user-1', tab: 'My Creators', sort: 'latest_platform_video_published_at', desc: 'true', date: 'all_dates', page: '1', per_page: '10',
    });
    expect(activeCreatorFilters(initialCreatorListState())).toBe(0);
  });

  it('sends every filter in the shape the back end parses back to the same values', () => {
    const state = {
      ...initialCreatorListState(), tab: 'View All' as const, sort: 'subscribers' as const, desc: false, search: ' ana ', date: 'custom' as const,
      startDate: '2026-01-01', endDate: '2026-02-01', trending: true, validEmail: true, reelscopeVerified: true, country: ['Spain'],
      subscribers: { radio: 'lte' as const, value: 50000 }, videos: { radio: 'gte' as const, value: 3 },
    };
    const query = toCreatorQuery(state, who);
    const parsed = CreatorListQuerySchema.parse(query);
    expect(parsed).toMatchObject({
      tab: 'View All', sort: 'subscribers', desc: false, search: 'ana', date: 'custom', start_date: '2026-01-01', end_date: '2026-02-01',
      trending: true, validEmail: true, reelscopeVerified: true,
      filters: { country: ['Spain'], subscribers: { radio: 'lte', value: 50000 }, videos: { radio: 'gte', value: 3 } },
    });
    expect(activeCreatorFilters(state)).toBe(6);
  });

  it('leaves paging out of the CSV query (the export holds every page)', () => {
    const query = toCreatorQuery({ ...initialCreatorListState(), page: 4 }, who, false);
    expect(query.page).toBeUndefined();
    expect(query.per_page).toBeUndefined();
  });
});
