import type { Migration } from '../../migrations/index';

/** PostgreSQL twin of migration 011 (assistant conversations, messages, prompts). `like` is a reserved word in PostgreSQL: write it "like" (double quotes work on both engines). */
export const pgMigration011Assistant: Migration = {
  version: 11,
  name: 'assistant',
  up: `
CREATE TABLE assistant_conversations (
  id TEXT PRIMARY KEY,
  brand_id TEXT NOT NULL REFERENCES brands(id) ON DELETE CASCADE,
  user_id TEXT,
  title TEXT NOT NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE INDEX assistant_conversations_brand ON assistant_conversations(brand_id, updated_at);
CREATE TABLE assistant_messages (
  id TEXT PRIMARY KEY,
  conversation_id TEXT NOT NULL REFERENCES assistant_conversations(id) ON DELETE CASCADE,
  seq BIGINT NOT NULL,
  role TEXT NOT NULL CHECK (role IN ('user','assistant')),
  content TEXT NOT NULL,
  "like" BIGINT NOT NULL DEFAULT 0 CHECK ("like" IN (0, 1)),
  start_date TEXT,
  end_date TEXT,
  question_id TEXT REFERENCES assistant_messages(id) ON DELETE CASCADE,
  supporting_data TEXT NOT NULL DEFAULT '[]',
  asked_window TEXT,
  created_at TEXT NOT NULL,
  UNIQUE (conversation_id, seq)
);
CREATE INDEX assistant_messages_question ON assistant_messages(question_id);
CREATE TABLE assistant_prompts (
  id TEXT PRIMARY KEY,
  prompt TEXT NOT NULL UNIQUE,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
INSERT INTO assistant_prompts (id, prompt, created_at, updated_at) VALUES
  ('prompt-topics', 'What are the top 10 topics discussed in our videos?', '2026-01-01T00:00:00.000Z', '2026-01-01T00:00:00.000Z'),
  ('prompt-sentiment', 'What is the overall sentiment expressed about our brand?', '2026-01-01T00:00:00.000Z', '2026-01-01T00:00:00.000Z'),
  ('prompt-demographics', 'Which demographics are not represented in our videos?', '2026-01-01T00:00:00.000Z', '2026-01-01T00:00:00.000Z'),
  ('prompt-products', 'Which of our products are mentioned most, and how do people feel about them?', '2026-01-01T00:00:00.000Z', '2026-01-01T00:00:00.000Z'),
  ('prompt-creators', 'Which creators talk about us the most?', '2026-01-01T00:00:00.000Z', '2026-01-01T00:00:00.000Z'),
  ('prompt-competitors', 'How do we compare with our competitors?', '2026-01-01T00:00:00.000Z', '2026-01-01T00:00:00.000Z'),
  ('prompt-change', 'What changed compared with the previous period?', '2026-01-01T00:00:00.000Z', '2026-01-01T00:00:00.000Z'),
  ('prompt-price', 'What do people say about the price?', '2026-01-01T00:00:00.000Z', '2026-01-01T00:00:00.000Z');
`,
};
