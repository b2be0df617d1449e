import type { Migration } from '../../migrations/index';
import { RECOUNT_SENTIMENT } from '../../migrations/033_product_link_sentiment';
import { rowTrigger, triggerBody } from './triggerSql';

/**
 * PostgreSQL twin of migration 033: the link's own positive share (a competitor's product named in a brand's video
 * takes the tone of the lines about it). The three triggers of 007 keep their names and get new bodies; a fourth
 * follows a re-analysis that changes a link's share.
 */
export const pgMigration033ProductLinkSentiment: Migration = {
  version: 33,
  name: 'product_link_sentiment',
  up: `
ALTER TABLE video_products ADD COLUMN sentiment_positive DOUBLE PRECISION;
${triggerBody('video_products_stats_ai', `
  UPDATE products SET
    sentiment_positive = sentiment_positive + (COALESCE(NEW.sentiment_positive, (SELECT sentiment_positive FROM videos WHERE id = NEW.video_id)) - sentiment_positive) / (video_reviews + 1),
    video_reviews = video_reviews + 1,
    latest_video_at = GREATEST(latest_video_at, (SELECT published_at FROM videos WHERE id = NEW.video_id))
  WHERE id = NEW.product_id;`)}
${triggerBody('video_products_stats_ad', `
  UPDATE products SET
    ${RECOUNT_SENTIMENT},
    video_reviews = (SELECT COUNT(*) FROM video_products vp WHERE vp.product_id = products.id),
    latest_video_at = (SELECT MAX(v.published_at) FROM video_products vp JOIN videos v ON v.id = vp.video_id WHERE vp.product_id = products.id)
  WHERE id = OLD.product_id;`)}
${rowTrigger('video_products_sentiment_au', 'UPDATE OF sentiment_positive', 'video_products', `UPDATE products SET ${RECOUNT_SENTIMENT} WHERE id = NEW.product_id;`)}
${triggerBody('videos_product_stats_au', `
  UPDATE products SET
    ${RECOUNT_SENTIMENT},
    latest_video_at = (SELECT MAX(v.published_at) FROM video_products vp JOIN videos v ON v.id = vp.video_id WHERE vp.product_id = products.id)
  WHERE id IN (SELECT product_id FROM video_products WHERE video_id = NEW.id);`)}
`,
};
