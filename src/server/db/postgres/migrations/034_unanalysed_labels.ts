import type { Migration } from '../../migrations/index';
import { unanalysedLabelsSql } from '../../migrations/034_unanalysed_labels';

/** PostgreSQL twin of migration 034 (jsonb's `-` and `->>` for SQLite's json_remove and json_extract; the column stays text). */
export const pgMigration034UnanalysedLabels: Migration = {
  version: 34,
  name: 'unanalysed_labels',
  up: unanalysedLabelsSql({
    withoutVisual: "(brand_safety::jsonb - 'visual_content')::text",
    visualSafe: "brand_safety::jsonb ->> 'visual_content' = 'safe'",
  }),
};
