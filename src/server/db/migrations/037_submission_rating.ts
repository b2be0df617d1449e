import type { Migration } from './index';

/**
 * The creator's rating of the product (1–5) sent with a submission to a campaign that asks for one
 * (`campaign_allow_rating`); NULL for a campaign that does not, a video the brand linked itself and every earlier one.
 * The same statement on both engines.
 */
export const SUBMISSION_RATING_SQL = `ALTER TABLE campaign_videos ADD COLUMN submitter_rating INTEGER CHECK (submitter_rating BETWEEN 1 AND 5);`;

export const migration037SubmissionRating: Migration = { version: 37, name: 'submission_rating', up: SUBMISSION_RATING_SQL };
