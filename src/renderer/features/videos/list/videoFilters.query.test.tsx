import { describe, expect, it } from 'vitest';
import { VideoListQuerySchema } from '../../../../shared/http/videos.schemas';
import { LIST_FAMILIES, filterChips } from './filterFamilies';
import { activeFamilyCount, compactFilters, emptyFilters, initialListState, toListQuery } from './videoFilters.query';
import type { VideoListState } from './videoList.types';

const who = { brand_id: 'brand-1', user_id: 'user-1' };
const family = (key: string) => {
  const found = LIST_FAMILIES.find((entry) => entry.key === key);
  if (!found) throw new Error(`no family ${key}`);
  return found;
};

describe('filter → query mapping', () => {
  it('starts at My Videos, created_at descending, page 1, and sends no filters', () => {
    const query = toListQuery(initialListState(), who);
    expect(query).toEqual({ brand_id: 'brand-1', user_id: 'user-1', tab: 'My Videos', sort: 'created_at', desc: 'true', page: '1', per_page: '10' });
  });

  it('puts every family into the filters JSON the back end parses back to the same filters', () => {
    let filters = emptyFilters();
    const picks: Record<string, string> = {
      platform: 'Youtube', note: 'has_note', age_range: '18-24', ethnicity: 'asian', gender: 'female', scene: 'Kitchen', pov: 'First person',
      influencer: 'creator-1', category: 'Review', product: 'product-1', brand: 'brand-2', audio_labels: 'Music', visual_content: 'safe',
      foul_language: 'none', language: 'en', sponsored_by: 'Acme', topics: 'Value', subTopics: 'Size',
    };
    for (const [key, value] of Object.entries(picks)) filters = family(key).set(filters, [value]);
    filters = { ...filters, views: { radio: 'lte', value: 3000 }, sponsored: { ...filters.sponsored, sponsorship: true }, note: { ...filters.note, text: ' serum ' } };
    const state: VideoListState = { ...initialListState(), filters, tab: 'Competition', search: ' glow ', sort: 'highest_sentiment', page: 3, perPage: 250 };

    const query = toListQuery(state, who);
    expect(query.search).toBe('glow');
    const parsed = VideoListQuerySchema.parse(query);
    expect(parsed.tab).toBe('Competition');
    expect(parsed.per_page).toBe(250);
    expect(parsed.page).toBe(3);
    expect(parsed.filters).toEqual({ ...filters, note: { values: ['has_note'], text: 'serum' } });
    for (const [key, value] of Object.entries(picks)) expect(family(key).get(parsed.filters ?? emptyFilters())).toEqual([value]);
    expect(activeFamilyCount(filters)).toBe(15);
  });

  it('sends where to search only with a search: titles by default, transcripts or on-screen words when chosen', () => {
    const base = initialListState();
    expect(toListQuery({ ...base, search: 'glow' }, who).search_in).toBeUndefined();
    expect(toListQuery({ ...base, search: 'glow', searchIn: 'transcript' }, who)).toMatchObject({ search: 'glow', search_in: 'transcript' });
    expect(VideoListQuerySchema.parse(toListQuery({ ...base, search: 'glow', searchIn: 'transcript' }, who)).search_in).toBe('transcript');
    expect(toListQuery({ ...base, search: '  ', searchIn: 'transcript' }, who).search_in).toBeUndefined();
    expect(VideoListQuerySchema.parse(toListQuery({ ...base, search: 'glow', searchIn: 'on_screen' }, who)).search_in).toBe('on_screen');
  });

  it('leaves out empty families and a views filter without a value', () => {
    const filters = { ...emptyFilters(), views: { radio: 'gte' as const, value: null }, platform: ['Tiktok' as const] };
    expect(compactFilters(filters)).toEqual({ platform: ['Tiktok'] });
  });

  it('sends a custom date range only with both dates, and named ranges as they are', () => {
    const base = initialListState();
    expect(toListQuery({ ...base, date: 'custom', startDate: '2026-01-01', endDate: '' }, who).date).toBeUndefined();
    expect(toListQuery({ ...base, date: 'custom', startDate: '2026-01-01', endDate: '2026-02-01' }, who)).toMatchObject({
      date: 'custom', start_date: '2026-01-01', end_date: '2026-02-01',
    });
    expect(toListQuery({ ...base, date: '3m' }, who).date).toBe('3m');
    expect(toListQuery({ ...base, sort: 'created_at', desc: false }, who).desc).toBe('false');
  });

  it('shows each active value as a chip that removes only itself', () => {
    let filters = family('platform').set(emptyFilters(), ['Youtube', 'Tiktok']);
    filters = family('influencer').set(filters, ['creator-1']);
    filters = { ...filters, views: { radio: 'gte', value: 10000 }, sponsored: { sponsorship: false, sponsored_by: [] } };
    const options = { influencer: [{ value: 'creator-1', label: 'Mia Andersson', count: 7 }] };
    const chips = filterChips(filters, { ...emptyOptions(), ...options });
    expect(chips.map((chip) => chip.label)).toEqual(['Platform: Youtube', 'Platform: Tiktok', 'Creator: Mia Andersson', 'Views ≥ 10K', 'Not sponsored']);
    const afterRemove = chips[0]?.remove(filters);
    expect(afterRemove?.platform).toEqual(['Tiktok']);
    expect(chips[3]?.remove(filters).views).toBeNull();
  });
});

function emptyOptions() {
  const none: never[] = [];
  return {
    platform: none, category: none, language: none, scene: none, pov: none, influencer: none, product: none, brand: none,
    audio_labels: none, sponsored_by: none, topics: none, subTopics: none, visual_content: none, foul_language: none,
  };
}
