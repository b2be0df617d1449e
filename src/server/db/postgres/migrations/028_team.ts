import type { Migration } from '../../migrations/index';
import { migration028Team } from '../../migrations/028_team';

/** PostgreSQL twin of migration 028 (teammates and authorship): the SQLite text is plain SQL both engines run alike. */
export const pgMigration028Team: Migration = { ...migration028Team };
