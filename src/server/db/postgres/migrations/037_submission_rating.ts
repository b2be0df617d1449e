import type { Migration } from '../../migrations/index';
import { SUBMISSION_RATING_SQL } from '../../migrations/037_submission_rating';

/** PostgreSQL twin of migration 037: the rating a creator sends with a submission. */
export const pgMigration037SubmissionRating: Migration = { version: 37, name: 'submission_rating', up: SUBMISSION_RATING_SQL };
