import type { Migration } from '../../migrations/index';
import { SUBMISSION_RATING_SQL } from '../../migrations/034_submission_rating';

/** PostgreSQL twin of migration 034: the rating a creator sends with a submission. */
export const pgMigration034SubmissionRating: Migration = { version: 34, name: 'submission_rating', up: SUBMISSION_RATING_SQL };
