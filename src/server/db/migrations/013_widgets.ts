import type { Migration } from './index';

/**
 * Shoppable widgets (issue 16): one API key per brand for the metrics and widget API (kept to be shown in Settings,
 * looked up by its SHA-256 so a guess costs one index probe and no timing tells), embed tokens per widget (only
 * their hashes; revoked ones stay so a pasted snippet fails clearly), playlists attached to any number of widgets,
 * and the events the embed reports.
 */
export const migration013Widgets: Migration = {
  version: 13,
  name: 'widgets',
  up: `
CREATE TABLE brand_api_keys (
  brand_id TEXT PRIMARY KEY REFERENCES brands(id) ON DELETE CASCADE,
  api_key TEXT NOT NULL,
  key_hash TEXT NOT NULL UNIQUE,
  created_at TEXT NOT NULL
);
CREATE TABLE widget_tokens (
  token_hash TEXT PRIMARY KEY,
  widget_id TEXT NOT NULL REFERENCES widgets(id) ON DELETE CASCADE,
  created_at TEXT NOT NULL,
  revoked_at TEXT
) WITHOUT ROWID;
CREATE INDEX widget_tokens_widget ON widget_tokens(widget_id);
CREATE TABLE playlist_widgets (
  playlist_id TEXT NOT NULL REFERENCES playlists(id) ON DELETE CASCADE,
  widget_id TEXT NOT NULL REFERENCES widgets(id) ON DELETE CASCADE,
  PRIMARY KEY (playlist_id, widget_id)
) WITHOUT ROWID;
CREATE INDEX playlist_widgets_widget ON playlist_widgets(widget_id);
INSERT INTO playlist_widgets (playlist_id, widget_id) SELECT id, widget_id FROM playlists WHERE widget_id IS NOT NULL;
CREATE TABLE widget_events (
  id INTEGER PRIMARY KEY,
  widget_id TEXT NOT NULL REFERENCES widgets(id) ON DELETE CASCADE,
  video_id TEXT,
  product_id TEXT,
  type TEXT NOT NULL CHECK (type IN ('impression','play','watch','product_click','cta_click')),
  value INTEGER NOT NULL DEFAULT 0,
  viewer TEXT NOT NULL,
  occurred_at TEXT NOT NULL
);
CREATE INDEX widget_events_widget ON widget_events(widget_id, occurred_at);
`,
};
