import type { Migration } from '../../migrations/index';
import { OLD_UNANALYSED_SAFETY } from '../../migrations/033_unanalysed_labels';

/** PostgreSQL twin of migration 033 (jsonb's `-` for SQLite's json_remove; the column stays text). */
export const pgMigration033UnanalysedLabels: Migration = {
  version: 33,
  name: 'unanalysed_labels',
  up: `
UPDATE videos SET brand_safety = '{}' WHERE brand_safety = '${OLD_UNANALYSED_SAFETY}'
  AND NOT EXISTS (SELECT 1 FROM transcript_lines tl WHERE tl.video_id = videos.id);
UPDATE videos SET brand_safety = (brand_safety::jsonb - 'visual_content')::text
  WHERE id IN (SELECT video_id FROM video_sources) AND brand_safety::jsonb ->> 'visual_content' = 'safe';
`,
};
