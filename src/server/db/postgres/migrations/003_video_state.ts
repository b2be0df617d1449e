import type { Migration } from '../../migrations/index';

/** PostgreSQL twin of migration 003 (publish flag, removals of competitor videos, audience labels, list indexes). */
export const pgMigration003VideoState: Migration = {
  version: 3,
  name: 'video_state',
  up: `
ALTER TABLE videos ADD COLUMN published BIGINT NOT NULL DEFAULT 0;

-- A competitor video permanently deleted by a watching brand: gone from that brand's views, kept for its owner.
CREATE TABLE video_removals (
  brand_id TEXT NOT NULL REFERENCES brands(id) ON DELETE CASCADE,
  video_id TEXT NOT NULL REFERENCES videos(id) ON DELETE CASCADE,
  created_at TEXT NOT NULL,
  PRIMARY KEY (brand_id, video_id)
);

-- Audience labels a brand adds to a video's demographics (POST /demographics_labels; demographics_data_id = video id).
CREATE TABLE demographics_labels (
  id TEXT PRIMARY KEY,
  video_id TEXT NOT NULL REFERENCES videos(id) ON DELETE CASCADE,
  brand_id TEXT NOT NULL REFERENCES brands(id) ON DELETE CASCADE,
  user_id TEXT REFERENCES users(id) ON DELETE SET NULL,
  label TEXT NOT NULL,
  age_range TEXT,
  ethnicity TEXT,
  gender TEXT,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE INDEX demographics_labels_video ON demographics_labels(video_id, brand_id, created_at);

-- Sorts of the list within a brand: sentiment (highest/lowest) and published_at (newest/oldest) with a tie-breaker.
DROP INDEX IF EXISTS videos_brand_sentiment;
CREATE INDEX videos_brand_sentiment ON videos(brand_id, sentiment_positive, id);
CREATE INDEX videos_brand_category ON videos(brand_id, category);
CREATE INDEX videos_brand_creator ON videos(brand_id, creator_id);
-- Marks of one brand by kind and type (tabs Favorites / Flagged / Trash start here).
CREATE INDEX marks_brand_target ON marks(brand_id, kind, target_id, mark);
`,
};
