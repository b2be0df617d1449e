import type { Migration } from './index';

/**
 * One covering index for the videos list (issue 3 performance). The list summary (count, yesterday, average sentiment)
 * and pages of selective filters scan a brand's entries in this index without reading the wide video rows (JSON
 * columns): every scalar filter column, the two short JSON filter columns (audio labels, brand safety), the date and sort
 * keys, the summed values and the id (marks, notes and product lookups) are in it. Demographics and topics stay out (large). Checked with EXPLAIN QUERY PLAN ("USING COVERING INDEX videos_brand_list").
 */
export const migration004VideoListCover: Migration = {
  version: 4,
  name: 'video_list_cover',
  up: `
CREATE INDEX videos_brand_list ON videos(
  brand_id, platform, created_at, views, sentiment_positive, sentiment_negative, published_at, category, language,
  scene, pov, creator_id, sponsored, sponsored_by, audio_labels, brand_safety, id
);
`,
};
