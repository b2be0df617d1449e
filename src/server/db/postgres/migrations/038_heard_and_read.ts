import type { Migration } from '../../migrations/index';
import { HEARD_AND_READ_SQL, progressChangeInsert } from '../../migrations/038_heard_and_read';
import { rowTrigger } from './triggerSql';

/** PostgreSQL twin of migration 038: speech and on-screen lines, job progress and tries, audio shares, the disclosure's second. */
export const pgMigration038HeardAndRead: Migration = {
  version: 38,
  name: 'heard_and_read',
  // SQLite's REAL is a double; PostgreSQL's REAL is a float4: the twin of a REAL column is DOUBLE PRECISION.
  up: `${HEARD_AND_READ_SQL.replace(/ REAL\b/g, ' DOUBLE PRECISION')}
${rowTrigger(
    'brand_changes_analysis_progress', 'UPDATE OF step, progress', 'analysis_jobs',
    `IF NEW.state = 'processing' AND (NEW.step IS DISTINCT FROM OLD.step OR NEW.progress IS DISTINCT FROM OLD.progress) THEN ${progressChangeInsert('NEW')} END IF;`,
  )}`,
};
