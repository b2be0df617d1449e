import type { Migration } from './index';

/**
 * Publishing to the shopper app (issue 17): every publish or unpublish of a video is a job that moves through
 * queued → processing → published | unpublished | failed, polled by the app; the video keeps when it last reached
 * the shopper app. A job interrupted by a shutdown is picked up again (its state says where it was).
 */
export const migration014PublishJobs: Migration = {
  version: 14,
  name: 'publish_jobs',
  up: `
ALTER TABLE videos ADD COLUMN app_published_at TEXT;
UPDATE videos SET app_published_at = updated_at WHERE published = 1;
CREATE TABLE publish_jobs (
  id TEXT PRIMARY KEY,
  brand_id TEXT NOT NULL REFERENCES brands(id) ON DELETE CASCADE,
  video_id TEXT NOT NULL REFERENCES videos(id) ON DELETE CASCADE,
  action TEXT NOT NULL CHECK (action IN ('publish','unpublish')),
  state TEXT NOT NULL CHECK (state IN ('queued','processing','published','unpublished','failed')),
  error TEXT,
  payload_file TEXT,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE INDEX publish_jobs_video ON publish_jobs(video_id, created_at);
CREATE INDEX publish_jobs_open ON publish_jobs(state) WHERE state IN ('queued','processing');
`,
};
