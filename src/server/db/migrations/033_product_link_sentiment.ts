import type { Migration } from './index';

/**
 * A product's positive share over the videos that name it: each link's own share where it has one, else its video's
 * (an assignment of an `UPDATE products`, the same text on both engines).
 */
export const RECOUNT_SENTIMENT = `sentiment_positive = COALESCE((SELECT AVG(COALESCE(vp.sentiment_positive, v.sentiment_positive))
    FROM video_products vp JOIN videos v ON v.id = vp.video_id WHERE vp.product_id = products.id), 0)`;

/**
 * A competitor's product named in a brand's video takes the tone of the lines about it, not the video's overall share:
 * "their essence was sticky" in a glowing review of the brand's serum is a complaint about the essence. The link keeps
 * that share (NULL: the video's own share, as for the brand's products and every link made before); the products'
 * triggers of migration 007 read it, and a new one follows a re-analysis that changes it.
 */
export const migration033ProductLinkSentiment: Migration = {
  version: 33,
  name: 'product_link_sentiment',
  up: `
ALTER TABLE video_products ADD COLUMN sentiment_positive REAL;
DROP TRIGGER IF EXISTS video_products_stats_ai;
DROP TRIGGER IF EXISTS video_products_stats_ad;
DROP TRIGGER IF EXISTS videos_product_stats_au;
CREATE TRIGGER video_products_stats_ai AFTER INSERT ON video_products BEGIN
  UPDATE products SET
    sentiment_positive = sentiment_positive + (COALESCE(new.sentiment_positive, (SELECT sentiment_positive FROM videos WHERE id = new.video_id)) - sentiment_positive) / (video_reviews + 1),
    video_reviews = video_reviews + 1,
    latest_video_at = COALESCE(MAX(latest_video_at, (SELECT published_at FROM videos WHERE id = new.video_id)), latest_video_at, (SELECT published_at FROM videos WHERE id = new.video_id))
  WHERE id = new.product_id;
END;
CREATE TRIGGER video_products_stats_ad AFTER DELETE ON video_products BEGIN
  UPDATE products SET
    ${RECOUNT_SENTIMENT},
    video_reviews = (SELECT COUNT(*) FROM video_products vp WHERE vp.product_id = products.id),
    latest_video_at = (SELECT MAX(v.published_at) FROM video_products vp JOIN videos v ON v.id = vp.video_id WHERE vp.product_id = products.id)
  WHERE id = old.product_id;
END;
CREATE TRIGGER video_products_sentiment_au AFTER UPDATE OF sentiment_positive ON video_products BEGIN
  UPDATE products SET ${RECOUNT_SENTIMENT} WHERE id = new.product_id;
END;
CREATE TRIGGER videos_product_stats_au AFTER UPDATE OF sentiment_positive, published_at ON videos BEGIN
  UPDATE products SET
    ${RECOUNT_SENTIMENT},
    latest_video_at = (SELECT MAX(v.published_at) FROM video_products vp JOIN videos v ON v.id = vp.video_id WHERE vp.product_id = products.id)
  WHERE id IN (SELECT product_id FROM video_products WHERE video_id = new.id);
END;
`,
};
