import type { Migration } from './index';

/**
 * Job claims (issue 28): with several back-end instances on one database, an analysis or publish job is run by the
 * instance that claimed it — `claimed_by` (the instance id, made at its start) until `lease_until` (ISO time), which the
 * instance renews while it runs the job and clears when it ends it. A job whose lease has passed (its instance died)
 * may be claimed by another. And an index for the newest chat timetoken, after which every instance's publish takes
 * its own. The same text serves PostgreSQL.
 */
export const migration027JobClaims: Migration = {
  version: 27,
  name: 'job_claims',
  up: `
ALTER TABLE analysis_jobs ADD COLUMN claimed_by TEXT;
ALTER TABLE analysis_jobs ADD COLUMN lease_until TEXT;
ALTER TABLE publish_jobs ADD COLUMN claimed_by TEXT;
ALTER TABLE publish_jobs ADD COLUMN lease_until TEXT;
CREATE INDEX analysis_jobs_due ON analysis_jobs(due_at) WHERE state IN ('queued','processing');
-- The newest timetoken committed (chat publishes across instances take theirs after it).
CREATE INDEX chat_messages_newest ON chat_messages(timetoken);
`,
};
