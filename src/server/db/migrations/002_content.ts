import type { Migration } from './index';

/**
 * The content of a workspace (spec §3): videos with transcripts (trigram full-text index), creators with daily
 * trackings, products, per-brand marks and notes, campaigns, licensing, reports, widgets, playlists and chat.
 * JSON columns hold small nested objects the screens read whole; anything filtered or sorted on is a column.
 */
export const migration002Content: Migration = {
  version: 2,
  name: 'content',
  up: `
CREATE TABLE creators (
  id TEXT PRIMARY KEY,
  brand_id TEXT NOT NULL REFERENCES brands(id) ON DELETE CASCADE,
  user_id TEXT REFERENCES users(id) ON DELETE SET NULL,
  name TEXT NOT NULL,
  handle TEXT NOT NULL,
  platform TEXT NOT NULL,
  email TEXT,
  country TEXT NOT NULL,
  language TEXT NOT NULL,
  subscribers INTEGER NOT NULL,
  video_count INTEGER NOT NULL,
  creator_type TEXT NOT NULL CHECK (creator_type IN ('brand','expert','fan','press')),
  verified INTEGER NOT NULL DEFAULT 0,
  picture TEXT,
  categories TEXT NOT NULL DEFAULT '[]',
  latest_platform_video_published_at TEXT,
  demographics TEXT NOT NULL DEFAULT '{}',
  sentiment_positive REAL NOT NULL DEFAULT 0,
  sentiment_negative REAL NOT NULL DEFAULT 0,
  average_views_per_video REAL NOT NULL DEFAULT 0,
  average_engagement_index REAL NOT NULL DEFAULT 0,
  influencer_performance_index REAL NOT NULL DEFAULT 0,
  created_at TEXT NOT NULL
);
CREATE INDEX creators_brand_latest ON creators(brand_id, latest_platform_video_published_at);
CREATE INDEX creators_brand_subscribers ON creators(brand_id, subscribers);
CREATE INDEX creators_country ON creators(country);

CREATE TABLE creator_daily_trackings (
  creator_id TEXT NOT NULL REFERENCES creators(id) ON DELETE CASCADE,
  date TEXT NOT NULL,
  comment_count INTEGER NOT NULL,
  likes INTEGER NOT NULL,
  sentiment_score REAL NOT NULL,
  total_engagement INTEGER NOT NULL,
  view_count INTEGER NOT NULL,
  youtube_dislike_count INTEGER NOT NULL,
  video_count INTEGER NOT NULL,
  PRIMARY KEY (creator_id, date)
) WITHOUT ROWID;

CREATE TABLE product_categories (
  id TEXT PRIMARY KEY,
  name TEXT NOT NULL UNIQUE
);

CREATE TABLE products (
  id TEXT PRIMARY KEY,
  brand_id TEXT NOT NULL REFERENCES brands(id) ON DELETE CASCADE,
  name TEXT NOT NULL,
  category TEXT NOT NULL,
  description TEXT NOT NULL,
  price REAL NOT NULL,
  pictures TEXT NOT NULL DEFAULT '[]',
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE INDEX products_brand_created ON products(brand_id, created_at);
CREATE INDEX products_category ON products(category);

CREATE TABLE videos (
  id TEXT PRIMARY KEY,
  brand_id TEXT NOT NULL REFERENCES brands(id) ON DELETE CASCADE,
  title TEXT NOT NULL,
  platform TEXT NOT NULL,
  video_url TEXT NOT NULL,
  video_embedded_url TEXT,
  thumbnail_url TEXT,
  tiktok_id TEXT,
  added_by_bm INTEGER NOT NULL DEFAULT 0,
  creator_id TEXT REFERENCES creators(id) ON DELETE SET NULL,
  category TEXT,
  language TEXT NOT NULL DEFAULT 'en',
  scene TEXT,
  pov TEXT,
  audio_labels TEXT NOT NULL DEFAULT '[]',
  topics TEXT NOT NULL DEFAULT '[]',
  brand_safety TEXT NOT NULL DEFAULT '{}',
  demographics TEXT NOT NULL DEFAULT '{}',
  sentiment_positive REAL NOT NULL DEFAULT 0,
  sentiment_negative REAL NOT NULL DEFAULT 0,
  views INTEGER NOT NULL DEFAULT 0,
  likes INTEGER NOT NULL DEFAULT 0,
  comments INTEGER NOT NULL DEFAULT 0,
  sponsored INTEGER NOT NULL DEFAULT 0,
  sponsored_by TEXT,
  analysis_stage TEXT NOT NULL DEFAULT 'pending',
  audio_classification TEXT,
  licensing_duration TEXT,
  licensing_price REAL,
  sentiment_feedback_like INTEGER,
  duration_seconds REAL NOT NULL DEFAULT 0,
  media_file TEXT,
  published_at TEXT,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE INDEX videos_brand_created ON videos(brand_id, created_at);
CREATE INDEX videos_brand_platform ON videos(brand_id, platform, created_at);
CREATE INDEX videos_brand_views ON videos(brand_id, views);
CREATE INDEX videos_brand_sentiment ON videos(brand_id, sentiment_positive);
CREATE INDEX videos_brand_published ON videos(brand_id, published_at);
CREATE INDEX videos_creator ON videos(creator_id, published_at);
CREATE INDEX videos_language ON videos(language);

CREATE TABLE video_products (
  video_id TEXT NOT NULL REFERENCES videos(id) ON DELETE CASCADE,
  product_id TEXT NOT NULL REFERENCES products(id) ON DELETE CASCADE,
  PRIMARY KEY (video_id, product_id)
) WITHOUT ROWID;
CREATE INDEX video_products_product ON video_products(product_id);

CREATE TABLE video_people (
  id INTEGER PRIMARY KEY,
  video_id TEXT NOT NULL REFERENCES videos(id) ON DELETE CASCADE,
  name TEXT NOT NULL,
  role TEXT NOT NULL,
  appears_at REAL NOT NULL
);
CREATE INDEX video_people_video ON video_people(video_id);

CREATE TABLE video_associations (
  video_id TEXT NOT NULL REFERENCES videos(id) ON DELETE CASCADE,
  associated_video_id TEXT NOT NULL REFERENCES videos(id) ON DELETE CASCADE,
  kind TEXT NOT NULL,
  score REAL NOT NULL,
  PRIMARY KEY (video_id, associated_video_id)
) WITHOUT ROWID;

CREATE TABLE transcript_lines (
  id INTEGER PRIMARY KEY,
  video_id TEXT NOT NULL REFERENCES videos(id) ON DELETE CASCADE,
  line_no INTEGER NOT NULL,
  start_time REAL NOT NULL,
  content TEXT NOT NULL,
  sentiment TEXT NOT NULL CHECK (sentiment IN ('positive','negative','neutral')),
  speaker TEXT,
  UNIQUE (video_id, line_no)
);

-- Case-insensitive substring search (spec §5): the trigram tokenizer indexes every 3-character run, so
-- MATCH '"glow ser"' and LIKE '%glow ser%' on this table both use the index. External content: rowid = transcript_lines.id.
CREATE VIRTUAL TABLE transcript_fts USING fts5(
  content,
  content = 'transcript_lines',
  content_rowid = 'id',
  tokenize = 'trigram remove_diacritics 1'
);
CREATE TRIGGER transcript_lines_ai AFTER INSERT ON transcript_lines BEGIN
  INSERT INTO transcript_fts(rowid, content) VALUES (new.id, new.content);
END;
CREATE TRIGGER transcript_lines_ad AFTER DELETE ON transcript_lines BEGIN
  INSERT INTO transcript_fts(transcript_fts, rowid, content) VALUES ('delete', old.id, old.content);
END;
CREATE TRIGGER transcript_lines_au AFTER UPDATE OF content ON transcript_lines BEGIN
  INSERT INTO transcript_fts(transcript_fts, rowid, content) VALUES ('delete', old.id, old.content);
  INSERT INTO transcript_fts(rowid, content) VALUES (new.id, new.content);
END;

-- One note per (kind, target, brand); kind 'influencer' targets creators.id.
CREATE TABLE notes (
  id TEXT PRIMARY KEY,
  kind TEXT NOT NULL CHECK (kind IN ('video','product','influencer')),
  target_id TEXT NOT NULL,
  brand_id TEXT NOT NULL REFERENCES brands(id) ON DELETE CASCADE,
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  content TEXT NOT NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  UNIQUE (kind, target_id, brand_id)
);
CREATE INDEX notes_brand_kind ON notes(brand_id, kind, updated_at);

-- Favorites, flags and trash of a brand's users, one table: mark says which.
CREATE TABLE marks (
  mark TEXT NOT NULL CHECK (mark IN ('favorite','flag','trash')),
  kind TEXT NOT NULL CHECK (kind IN ('video','product','influencer')),
  target_id TEXT NOT NULL,
  brand_id TEXT NOT NULL REFERENCES brands(id) ON DELETE CASCADE,
  user_id TEXT REFERENCES users(id) ON DELETE SET NULL,
  reason TEXT,
  created_at TEXT NOT NULL,
  PRIMARY KEY (mark, kind, brand_id, target_id)
) WITHOUT ROWID;
CREATE INDEX marks_target ON marks(kind, target_id);
-- Campaigns (spec §3 campaign form). state: active | past | draft.
CREATE TABLE campaigns (
  id TEXT PRIMARY KEY,
  brand_id TEXT NOT NULL REFERENCES brands(id) ON DELETE CASCADE,
  state TEXT NOT NULL CHECK (state IN ('active','past','draft')),
  campaign_headline TEXT NOT NULL, campaign_hashtag TEXT, campaign_brand_name TEXT, campaign_product TEXT,
  banner_image TEXT, banner_file TEXT, description TEXT, brand_instruction TEXT,
  campaign_reward TEXT, campaign_reward_type TEXT,
  start_date TEXT, end_date TEXT, start_time TEXT, end_time TEXT, campaign_timezone TEXT,
  ongoing INTEGER NOT NULL DEFAULT 0,
  products TEXT NOT NULL DEFAULT '[]',
  campaign_video_limit INTEGER, campaign_video_length INTEGER, campaign_video_length_type TEXT,
  campaign_allow_rating INTEGER NOT NULL DEFAULT 0,
  terms_and_conditions TEXT, image_dimensions TEXT, preview_color_change TEXT,
  campaign_button_color TEXT, campaign_button_text_color TEXT,
  campaign_upload_platform TEXT NOT NULL DEFAULT '[]',
  created_at TEXT NOT NULL, updated_at TEXT NOT NULL
);
CREATE INDEX campaigns_brand_state ON campaigns(brand_id, state, created_at);
CREATE TABLE campaign_videos (
  campaign_id TEXT NOT NULL REFERENCES campaigns(id) ON DELETE CASCADE,
  video_id TEXT NOT NULL REFERENCES videos(id) ON DELETE CASCADE,
  submitted_at TEXT NOT NULL,
  PRIMARY KEY (campaign_id, video_id)
) WITHOUT ROWID;
CREATE INDEX campaign_videos_video ON campaign_videos(video_id);

CREATE TABLE mail_campaigns (
  id TEXT PRIMARY KEY,
  brand_id TEXT NOT NULL REFERENCES brands(id) ON DELETE CASCADE,
  brand_manager_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  subject TEXT NOT NULL, body TEXT NOT NULL,
  recipients TEXT NOT NULL DEFAULT '[]',
  status TEXT NOT NULL CHECK (status IN ('draft','sent')),
  sent_at TEXT, created_at TEXT NOT NULL
);
CREATE INDEX mail_campaigns_manager ON mail_campaigns(brand_manager_id, created_at);

-- history: [{status, at, by, note}] of the negotiation; purchases are separate rows.
CREATE TABLE license_agreements (
  id TEXT PRIMARY KEY,
  brand_id TEXT NOT NULL REFERENCES brands(id) ON DELETE CASCADE,
  requester_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  video_id TEXT NOT NULL REFERENCES videos(id) ON DELETE CASCADE,
  creator_id TEXT REFERENCES creators(id) ON DELETE SET NULL,
  duration TEXT NOT NULL, price REAL NOT NULL, fee REAL NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('requested','accepted','rejected','paid','expired')),
  influencer_video_note TEXT,
  history TEXT NOT NULL DEFAULT '[]',
  created_at TEXT NOT NULL, updated_at TEXT NOT NULL
);
CREATE INDEX license_agreements_brand ON license_agreements(brand_id, status, created_at);
CREATE TABLE license_purchases (
  id TEXT PRIMARY KEY,
  agreement_id TEXT NOT NULL REFERENCES license_agreements(id) ON DELETE CASCADE,
  amount REAL NOT NULL, fee REAL NOT NULL,
  purchased_at TEXT NOT NULL, expires_at TEXT NOT NULL
);
CREATE INDEX license_purchases_agreement ON license_purchases(agreement_id);

CREATE TABLE reports (
  id TEXT PRIMARY KEY,
  brand_id TEXT NOT NULL REFERENCES brands(id) ON DELETE CASCADE,
  user_id TEXT REFERENCES users(id) ON DELETE SET NULL,
  type TEXT NOT NULL CHECK (type IN ('custom','demographic','sentiment','engagement','speech')),
  title TEXT NOT NULL, filters TEXT NOT NULL DEFAULT '{}', duration TEXT NOT NULL DEFAULT '6m',
  created_at TEXT NOT NULL
);
CREATE INDEX reports_brand_type ON reports(brand_id, type, created_at);

-- Widget (spec §3): colours, menus, call to action and the display toggles are small JSON objects.
CREATE TABLE widgets (
  id TEXT PRIMARY KEY,
  brand_id TEXT NOT NULL REFERENCES brands(id) ON DELETE CASCADE,
  title TEXT NOT NULL, notes TEXT, active_ratio TEXT NOT NULL,
  colors TEXT NOT NULL DEFAULT '{}', menu_options TEXT NOT NULL DEFAULT '[]', device_options TEXT NOT NULL DEFAULT '[]',
  call_to_action TEXT NOT NULL DEFAULT '{}', buy_now_button TEXT NOT NULL DEFAULT '{}', cart_button TEXT NOT NULL DEFAULT '{}',
  toggles TEXT NOT NULL DEFAULT '{}',
  created_at TEXT NOT NULL, updated_at TEXT NOT NULL
);
CREATE INDEX widgets_brand ON widgets(brand_id, created_at);
CREATE TABLE widget_videos (
  widget_id TEXT NOT NULL REFERENCES widgets(id) ON DELETE CASCADE,
  video_id TEXT NOT NULL REFERENCES videos(id) ON DELETE CASCADE,
  position INTEGER NOT NULL, settings TEXT NOT NULL DEFAULT '{}',
  PRIMARY KEY (widget_id, video_id)
) WITHOUT ROWID;
CREATE TABLE playlists (
  id TEXT PRIMARY KEY,
  brand_id TEXT NOT NULL REFERENCES brands(id) ON DELETE CASCADE,
  widget_id TEXT REFERENCES widgets(id) ON DELETE SET NULL,
  title TEXT NOT NULL, created_at TEXT NOT NULL, updated_at TEXT NOT NULL
);
CREATE INDEX playlists_brand ON playlists(brand_id, created_at);
CREATE TABLE playlist_videos (
  playlist_id TEXT NOT NULL REFERENCES playlists(id) ON DELETE CASCADE,
  video_id TEXT NOT NULL REFERENCES videos(id) ON DELETE CASCADE,
  position INTEGER NOT NULL,
  PRIMARY KEY (playlist_id, video_id)
) WITHOUT ROWID;

-- A channel joins a brand user with a recipient: another user or a creator.
CREATE TABLE chat_channels (
  id TEXT PRIMARY KEY,
  pubnub_id TEXT NOT NULL UNIQUE,
  brand_id TEXT NOT NULL REFERENCES brands(id) ON DELETE CASCADE,
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  recipient_user_id TEXT REFERENCES users(id) ON DELETE SET NULL,
  recipient_creator_id TEXT REFERENCES creators(id) ON DELETE SET NULL,
  last_message_at TEXT, created_at TEXT NOT NULL
);
CREATE INDEX chat_channels_user ON chat_channels(user_id, last_message_at);
CREATE TABLE chat_messages (
  id TEXT PRIMARY KEY,
  channel_id TEXT NOT NULL REFERENCES chat_channels(id) ON DELETE CASCADE,
  sender_kind TEXT NOT NULL CHECK (sender_kind IN ('user','creator')),
  sender_id TEXT NOT NULL, content TEXT NOT NULL,
  created_at TEXT NOT NULL, read_at TEXT
);
CREATE INDEX chat_messages_channel ON chat_messages(channel_id, created_at);
`,
};
