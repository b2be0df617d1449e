/**
 * BRAND_VIDEO_ROWS with what the video write side reads too: a competitor video b1 removed from its view (v6), shared
 * products between videos (derived associations), a stored competitor mention, people, a note, u1's favorite and a flag.
 */
import { AT, BRAND_VIDEO_ROWS } from './brandVideoRows';

export const VIDEO_WRITE_ROWS = `${BRAND_VIDEO_ROWS}
INSERT INTO videos (id, brand_id, title, platform, video_url, created_at, updated_at) VALUES ('v6', 'b2', 'Removed rival', 'youtube', 'https://v.example/v6', '${AT}', '${AT}');
INSERT INTO video_removals (brand_id, video_id, created_at) VALUES ('b1', 'v6', '${AT}');
INSERT INTO video_products (video_id, product_id) VALUES ('v1', 'p1'), ('v4', 'p1'), ('v4', 'p2');
INSERT INTO video_associations (video_id, associated_video_id, kind, score) VALUES ('v1', 'v5', 'competitor_mention', 0.7), ('v2', 'v3', 'same_product', 0.5);
INSERT INTO video_people (video_id, name, role, appears_at) VALUES ('v2', 'Maya', 'host', 1.5), ('v2', 'Lee', 'guest', 0.25);
INSERT INTO notes (id, kind, target_id, brand_id, user_id, content, created_at, updated_at) VALUES ('n1', 'video', 'v1', 'b1', 'u1', 'Great hook', '${AT}', '${AT}');
INSERT INTO favorites (kind, target_id, brand_id, user_id, created_at) VALUES ('video', 'v2', 'b1', 'u1', '${AT}');
INSERT INTO marks (mark, kind, target_id, brand_id, user_id, reason, created_at) VALUES ('flag', 'video', 'v2', 'b1', 'u1', 'Spam', '${AT}');`;

/** Brand b1 acting, watching b2. */
export const B1 = { brandId: 'b1', competitorIds: ['b2'], userId: 'u1' } as const;
