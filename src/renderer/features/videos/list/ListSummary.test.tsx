import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import type { VideoListResponse } from '../../../../shared/http/videos.schemas';
import { ListSummary } from './ListSummary';

const EMPTY_FILTERS = Object.fromEntries(
  ['platform', 'category', 'language', 'scene', 'pov', 'influencer', 'product', 'audio_labels', 'sponsored_by', 'topics', 'subTopics', 'visual_content', 'foul_language'].map((key) => [key, []]),
) as unknown as VideoListResponse['data']['filters'];

function data(sentiment: VideoListResponse['data']['sentiment']): VideoListResponse['data'] {
  return {
    count: 3, totalPages: 1, page: 1, per_page: 10, yesterday: 1, sentiment,
    loaded_for: { date: '1m', start: '2026-10-26T00:00:00.000Z', end: '2026-11-26T00:00:00.000Z' },
    demographics: { age_range: {}, ethnicity: {}, gender: {} }, filters: EMPTY_FILTERS,
  };
}

const sentimentCell = () => screen.getByText('Sentiment').nextElementSibling?.textContent;

describe('the videos list summary', () => {
  it('shows the average sentiment of the matching videos that have one', () => {
    render(<ListSummary data={data({ positive: 0.62, negative: 0.11, measured: 2 })} />);
    expect(sentimentCell()).toBe('62% positive · 11% negative');
  });

  it('shows "—", not "0% positive", when none of the matching videos has a sentiment yet', () => {
    render(<ListSummary data={data({ positive: 0, negative: 0, measured: 0 })} />);
    expect(sentimentCell()).toBe('—');
  });
});
