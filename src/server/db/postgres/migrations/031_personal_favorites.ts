import type { Migration } from '../../migrations/index';
import { changeInsert } from '../../migrations/029_brand_changes';
import { FAVORITE_CHANGES, favoritesTable, MOVE_FAVORITES } from '../../migrations/031_personal_favorites';
import { rowTrigger } from './triggerSql';

const triggers = (['INSERT', 'DELETE'] as const).map((event) => {
  const row = event === 'DELETE' ? 'OLD' : 'NEW';
  const bump = `IF ${row}.kind = 'video' THEN INSERT INTO brand_mark_versions (brand_id, version) VALUES (${row}.brand_id, 1) ON CONFLICT (brand_id) DO UPDATE SET version = brand_mark_versions.version + 1; END IF;`;
  return `${rowTrigger(`brand_mark_versions_favorites_${event.toLowerCase()}`, event, 'favorites', bump)}
${rowTrigger(`brand_changes_favorites_${event.toLowerCase()}`, event, 'favorites', changeInsert(FAVORITE_CHANGES, row))}`;
});

/** PostgreSQL twin of migration 031 (favorites stay personal): the same table, move and triggers, written as PostgreSQL writes them. */
export const pgMigration031PersonalFavorites: Migration = {
  version: 31,
  name: 'personal_favorites',
  up: `${favoritesTable('')}${MOVE_FAVORITES}
${triggers.join('\n')}
`,
};
