import type { Migration } from './index';

/**
 * The size of each job's publish payload (issue 26): a brand's unfinished jobs may hold only so many bytes of payloads
 * on disk, and that sum is read here instead of from the files. Payloads kept before this step count as 0.
 */
export const migration016PublishPayloadBytes: Migration = {
  version: 16,
  name: 'publish_payload_bytes',
  up: `
ALTER TABLE publish_jobs ADD COLUMN payload_bytes INTEGER NOT NULL DEFAULT 0;
`,
};
