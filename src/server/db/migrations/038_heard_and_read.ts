import type { Migration } from './index';

/**
 * What hearing and reading a video stores. A transcript line is either speech (heard) or text seen on screen (read),
 * the latter shown from `start_time` to `end_time`. A job keeps the step it is at and how far (the detail's progress
 * bar), how many tries it took (a service that answered 429 is tried again later), and the sentence of its last failure.
 * A video keeps the share of its length each audio label covers, the second its sponsorship disclosure shows, and
 * the words seen on it in one text (the plain search box finds a product name written on screen, as it finds a title). A
 * brand chooses how its speech is transcribed (on the device, through a service, or not) and with which model size.
 * The same statements on both engines.
 */
export const HEARD_AND_READ_SQL = `
ALTER TABLE transcript_lines ADD COLUMN track TEXT NOT NULL DEFAULT 'speech' CHECK (track IN ('speech','screen'));
ALTER TABLE transcript_lines ADD COLUMN end_time REAL;
ALTER TABLE analysis_jobs ADD COLUMN step TEXT;
ALTER TABLE analysis_jobs ADD COLUMN progress REAL;
ALTER TABLE analysis_jobs ADD COLUMN attempts INTEGER NOT NULL DEFAULT 0;
ALTER TABLE analysis_jobs ADD COLUMN failure TEXT;
ALTER TABLE videos ADD COLUMN audio_label_shares TEXT;
ALTER TABLE videos ADD COLUMN sponsored_second REAL;
ALTER TABLE videos ADD COLUMN screen_text TEXT;
CREATE TABLE brand_analysis_settings (
  brand_id TEXT PRIMARY KEY REFERENCES brands(id) ON DELETE CASCADE,
  speech_engine TEXT NOT NULL CHECK (speech_engine IN ('local','service','off')),
  speech_model TEXT NOT NULL CHECK (speech_model IN ('base','small')),
  updated_at TEXT NOT NULL
);
`;

/** The change a moving progress bar logs (no verb: the activity feed leaves it out), read from the job row `row`. */
export const progressChangeInsert = (row: string): string =>
  `INSERT INTO brand_changes (brand_id, kind, target_kind, target_id, video_id, user_id)
     SELECT v.brand_id, 'analysis_progress', 'video', ${row}.video_id, ${row}.video_id, NULL FROM videos v WHERE v.id = ${row}.video_id;`;

/** A running analysis moved on: the video detail's live stream hears it and redraws the progress bar. */
const PROGRESS_TRIGGER_SQL = `
CREATE TRIGGER brand_changes_analysis_progress AFTER UPDATE OF step, progress ON analysis_jobs
  WHEN new.state = 'processing' AND (new.step IS NOT old.step OR new.progress IS NOT old.progress) BEGIN
  ${progressChangeInsert('new')}
END;
`;

export const migration038HeardAndRead: Migration = { version: 38, name: 'heard_and_read', up: HEARD_AND_READ_SQL + PROGRESS_TRIGGER_SQL };
