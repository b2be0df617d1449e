import type { Migration } from '../../migrations/index';

/** PostgreSQL twin of migration 006 (video sources, upload tickets, analysis jobs, user flags, bookmarks). */
export const pgMigration006UploadsAnalysis: Migration = {
  version: 6,
  name: 'uploads_analysis',
  up: `
-- How a video was added: source is the platform; external_ref the normalised URL or the source's file id (dedupe key).
CREATE TABLE video_sources (
  video_id TEXT PRIMARY KEY REFERENCES videos(id) ON DELETE CASCADE,
  brand_id TEXT NOT NULL REFERENCES brands(id) ON DELETE CASCADE,
  user_id TEXT REFERENCES users(id) ON DELETE SET NULL,
  source TEXT NOT NULL,
  external_ref TEXT NOT NULL,
  file_name TEXT,
  created_at TEXT NOT NULL,
  UNIQUE (brand_id, source, external_ref)
);

-- One-time PUT targets (/media/upload/:token). Only the SHA-256 of the token is stored.
CREATE TABLE upload_tickets (
  token_hash TEXT PRIMARY KEY,
  video_id TEXT NOT NULL REFERENCES videos(id) ON DELETE CASCADE,
  kind TEXT NOT NULL CHECK (kind IN ('video','subtitle')),
  file_name TEXT NOT NULL,
  expires_at TEXT NOT NULL,
  claimed_at TEXT,
  completed_at TEXT,
  created_at TEXT NOT NULL
);
CREATE INDEX upload_tickets_video ON upload_tickets(video_id);

-- The analysis pipeline: a row per video it owns. due_at is when the (simulated) analysis time is over.
CREATE TABLE analysis_jobs (
  video_id TEXT PRIMARY KEY REFERENCES videos(id) ON DELETE CASCADE,
  state TEXT NOT NULL CHECK (state IN ('queued','processing','completed','failed')),
  due_at TEXT NOT NULL,
  runs BIGINT NOT NULL DEFAULT 0,
  transcript_source TEXT,
  note TEXT,
  summary TEXT NOT NULL DEFAULT '{}',
  started_at TEXT,
  completed_at TEXT,
  updated_at TEXT NOT NULL
);
CREATE INDEX analysis_jobs_state ON analysis_jobs(state);

-- Per-user flags of the navbar (ask_reelscope_intro) and bookmarked layout pages.
CREATE TABLE user_flags (
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  name TEXT NOT NULL,
  value BIGINT NOT NULL,
  updated_at TEXT NOT NULL,
  PRIMARY KEY (user_id, name)
);
CREATE TABLE bookmarks (
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  page_id BIGINT NOT NULL,
  created_at TEXT NOT NULL,
  PRIMARY KEY (user_id, page_id)
);
`,
};
