import type { Migration } from './index';

/**
 * Products and creators lists (issue 6). Products get the aggregates of the videos that feature them (sort by
 * sentiment and by video reviews, trending), kept current by triggers on video_products and videos; a watching brand
 * can remove a competitor's product from its view (product_removals). Creators get `email_valid` (spec §5 email
 * pattern, filled by the back end: NULL means not checked yet) and covering indexes for the list's filters and sorts.
 * Checked with EXPLAIN QUERY PLAN in tests/unit/server/creators and products.
 */
export const migration007CatalogLists: Migration = {
  version: 7,
  name: 'catalog_lists',
  up: `
ALTER TABLE products ADD COLUMN sentiment_positive REAL NOT NULL DEFAULT 0;
ALTER TABLE products ADD COLUMN video_reviews INTEGER NOT NULL DEFAULT 0;
ALTER TABLE products ADD COLUMN latest_video_at TEXT;
UPDATE products SET
  sentiment_positive = COALESCE((SELECT AVG(v.sentiment_positive) FROM video_products vp JOIN videos v ON v.id = vp.video_id WHERE vp.product_id = products.id), 0),
  video_reviews = (SELECT COUNT(*) FROM video_products vp WHERE vp.product_id = products.id),
  latest_video_at = (SELECT MAX(v.published_at) FROM video_products vp JOIN videos v ON v.id = vp.video_id WHERE vp.product_id = products.id);

-- Incremental: a running average, so seeding many videos per product stays linear.
CREATE TRIGGER video_products_stats_ai AFTER INSERT ON video_products BEGIN
  UPDATE products SET
    sentiment_positive = sentiment_positive + ((SELECT sentiment_positive FROM videos WHERE id = new.video_id) - sentiment_positive) / (video_reviews + 1),
    video_reviews = video_reviews + 1,
    -- Scalar MAX is NULL when either side is; COALESCE then keeps the side that is set.
    latest_video_at = COALESCE(MAX(latest_video_at, (SELECT published_at FROM videos WHERE id = new.video_id)), latest_video_at, (SELECT published_at FROM videos WHERE id = new.video_id))
  WHERE id = new.product_id;
END;
CREATE TRIGGER video_products_stats_ad AFTER DELETE ON video_products BEGIN
  UPDATE products SET
    sentiment_positive = COALESCE((SELECT AVG(v.sentiment_positive) FROM video_products vp JOIN videos v ON v.id = vp.video_id WHERE vp.product_id = products.id), 0),
    video_reviews = (SELECT COUNT(*) FROM video_products vp WHERE vp.product_id = products.id),
    latest_video_at = (SELECT MAX(v.published_at) FROM video_products vp JOIN videos v ON v.id = vp.video_id WHERE vp.product_id = products.id)
  WHERE id = old.product_id;
END;
CREATE TRIGGER videos_product_stats_au AFTER UPDATE OF sentiment_positive, published_at ON videos BEGIN
  UPDATE products SET
    sentiment_positive = COALESCE((SELECT AVG(v.sentiment_positive) FROM video_products vp JOIN videos v ON v.id = vp.video_id WHERE vp.product_id = products.id), 0),
    latest_video_at = (SELECT MAX(v.published_at) FROM video_products vp JOIN videos v ON v.id = vp.video_id WHERE vp.product_id = products.id)
  WHERE id IN (SELECT product_id FROM video_products WHERE video_id = new.id);
END;

-- Sorts within a brand (highest/lowest sentiment, new products, highest video reviews) with a tie-breaker, and filters.
CREATE INDEX products_brand_sentiment ON products(brand_id, sentiment_positive, id);
CREATE INDEX products_brand_reviews ON products(brand_id, video_reviews, id);
CREATE INDEX products_brand_new ON products(brand_id, created_at, id);
CREATE INDEX products_brand_category ON products(brand_id, category, sentiment_positive);
CREATE INDEX products_brand_latest_video ON products(brand_id, latest_video_at);

-- A competitor product permanently deleted by a watching brand: gone from that brand's views, kept for its owner.
CREATE TABLE product_removals (
  brand_id TEXT NOT NULL REFERENCES brands(id) ON DELETE CASCADE,
  product_id TEXT NOT NULL REFERENCES products(id) ON DELETE CASCADE,
  created_at TEXT NOT NULL,
  PRIMARY KEY (brand_id, product_id)
) WITHOUT ROWID;

ALTER TABLE creators ADD COLUMN email_valid INTEGER;
CREATE INDEX creators_email_unchecked ON creators(id) WHERE email_valid IS NULL;
CREATE TRIGGER creators_email_au AFTER UPDATE OF email ON creators BEGIN
  UPDATE creators SET email_valid = NULL WHERE id = new.id;
END;
-- One covering index per sort: a brand's creators in sort order with every filter column, so counts and pages scan
-- index entries only (creator rows carry large JSON columns).
CREATE INDEX creators_list_latest ON creators(brand_id, latest_platform_video_published_at, id, country, subscribers, video_count, email_valid, verified);
CREATE INDEX creators_list_subscribers ON creators(brand_id, subscribers, id, country, video_count, latest_platform_video_published_at, email_valid, verified);
CREATE INDEX creators_list_videos ON creators(brand_id, video_count, id, country, subscribers, latest_platform_video_published_at, email_valid, verified);
CREATE INDEX creators_list_country ON creators(brand_id, country, subscribers, video_count, latest_platform_video_published_at, email_valid, verified, id);
`,
};
