import type { Migration } from '../../migrations/index';
import { rowTrigger } from './triggerSql';

const RECOUNT = `
    sentiment_positive = COALESCE((SELECT AVG(v.sentiment_positive) FROM video_products vp JOIN videos v ON v.id = vp.video_id WHERE vp.product_id = products.id), 0),
    video_reviews = (SELECT COUNT(*) FROM video_products vp WHERE vp.product_id = products.id),
    latest_video_at = (SELECT MAX(v.published_at) FROM video_products vp JOIN videos v ON v.id = vp.video_id WHERE vp.product_id = products.id)`;

/**
 * PostgreSQL twin of migration 007 (products' video aggregates kept by triggers, product removals, creators' email
 * check and list indexes). SQLite's `COALESCE(MAX(a, b), a, b)` is GREATEST(a, b) here (it skips NULLs); the email
 * reset is a BEFORE trigger that clears the new row's email_valid, the same end state as SQLite's AFTER trigger's UPDATE.
 */
export const pgMigration007CatalogLists: Migration = {
  version: 7,
  name: 'catalog_lists',
  up: `
ALTER TABLE products ADD COLUMN sentiment_positive DOUBLE PRECISION NOT NULL DEFAULT 0;
ALTER TABLE products ADD COLUMN video_reviews BIGINT NOT NULL DEFAULT 0;
ALTER TABLE products ADD COLUMN latest_video_at TEXT;
UPDATE products SET ${RECOUNT};

${rowTrigger('video_products_stats_ai', 'INSERT', 'video_products', `
  UPDATE products SET
    sentiment_positive = sentiment_positive + ((SELECT sentiment_positive FROM videos WHERE id = NEW.video_id) - sentiment_positive) / (video_reviews + 1),
    video_reviews = video_reviews + 1,
    latest_video_at = GREATEST(latest_video_at, (SELECT published_at FROM videos WHERE id = NEW.video_id))
  WHERE id = NEW.product_id;`)}
${rowTrigger('video_products_stats_ad', 'DELETE', 'video_products', `UPDATE products SET ${RECOUNT} WHERE id = OLD.product_id;`)}
${rowTrigger('videos_product_stats_au', 'UPDATE OF sentiment_positive, published_at', 'videos', `
  UPDATE products SET
    sentiment_positive = COALESCE((SELECT AVG(v.sentiment_positive) FROM video_products vp JOIN videos v ON v.id = vp.video_id WHERE vp.product_id = products.id), 0),
    latest_video_at = (SELECT MAX(v.published_at) FROM video_products vp JOIN videos v ON v.id = vp.video_id WHERE vp.product_id = products.id)
  WHERE id IN (SELECT product_id FROM video_products WHERE video_id = NEW.id);`)}

CREATE INDEX products_brand_sentiment ON products(brand_id, sentiment_positive, id);
CREATE INDEX products_brand_reviews ON products(brand_id, video_reviews, id);
CREATE INDEX products_brand_new ON products(brand_id, created_at, id);
CREATE INDEX products_brand_category ON products(brand_id, category, sentiment_positive);
CREATE INDEX products_brand_latest_video ON products(brand_id, latest_video_at);

CREATE TABLE product_removals (
  brand_id TEXT NOT NULL REFERENCES brands(id) ON DELETE CASCADE,
  product_id TEXT NOT NULL REFERENCES products(id) ON DELETE CASCADE,
  created_at TEXT NOT NULL,
  PRIMARY KEY (brand_id, product_id)
);

ALTER TABLE creators ADD COLUMN email_valid BIGINT;
CREATE INDEX creators_email_unchecked ON creators(id) WHERE email_valid IS NULL;
${rowTrigger('creators_email_au', 'UPDATE OF email', 'creators', 'NEW.email_valid := NULL;', 'BEFORE')}
CREATE INDEX creators_list_latest ON creators(brand_id, latest_platform_video_published_at, id, country, subscribers, video_count, email_valid, verified);
CREATE INDEX creators_list_subscribers ON creators(brand_id, subscribers, id, country, video_count, latest_platform_video_published_at, email_valid, verified);
CREATE INDEX creators_list_videos ON creators(brand_id, video_count, id, country, subscribers, latest_platform_video_published_at, email_valid, verified);
CREATE INDEX creators_list_country ON creators(brand_id, country, subscribers, video_count, latest_platform_video_published_at, email_valid, verified, id);
`,
};
