import type { Migration } from './index';
import { changeInsert, type ChangeSource } from './029_brand_changes';

/** The change log row of a favorite (issue 29): kind 'favorite', read back only by the person it belongs to. */
export const FAVORITE_CHANGES: ChangeSource = {
  table: 'favorites', events: ['INSERT', 'DELETE'], brand: 'R.brand_id', kind: "'favorite'", targetKind: 'R.kind', target: 'R.target_id',
  video: "CASE WHEN R.kind = 'video' THEN R.target_id END", user: 'R.user_id',
};

/** The person who keeps an old brand-wide favorite: whoever set it while they still belong to the brand, else its first manager. */
const KEEPER = `COALESCE(
  (SELECT bm.user_id FROM brand_members bm WHERE bm.brand_id = m.brand_id AND bm.user_id = m.user_id),
  (SELECT bm.user_id FROM brand_members bm WHERE bm.brand_id = m.brand_id AND bm.role = 'manager' ORDER BY COALESCE(bm.joined_at, ''), bm.user_id LIMIT 1))`;

/**
 * The move itself, the same text on both engines: favorites leave the brand-wide marks for their own table. The marks'
 * triggers log each removed row as a change; those rows are dropped again, as a move is no one's activity.
 */
export const MOVE_FAVORITES = `
CREATE TEMPORARY TABLE favorites_moved_after AS SELECT COALESCE(MAX(seq), 0) AS seq FROM brand_changes;
INSERT INTO favorites (brand_id, user_id, kind, target_id, created_at)
  SELECT m.brand_id, ${KEEPER}, m.kind, m.target_id, m.created_at FROM marks m WHERE m.mark = 'favorite' AND ${KEEPER} IS NOT NULL;
DELETE FROM marks WHERE mark = 'favorite';
DELETE FROM brand_changes WHERE seq > (SELECT seq FROM favorites_moved_after);
DROP TABLE favorites_moved_after;
`;

/** The table, on either engine (`withoutRowid` is SQLite's storage clause). */
export const favoritesTable = (withoutRowid: string) => `
CREATE TABLE favorites (
  brand_id TEXT NOT NULL REFERENCES brands(id) ON DELETE CASCADE,
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  kind TEXT NOT NULL CHECK (kind IN ('video','product','influencer')),
  target_id TEXT NOT NULL,
  created_at TEXT NOT NULL,
  PRIMARY KEY (brand_id, user_id, kind, target_id)
)${withoutRowid};
CREATE INDEX favorites_target ON favorites(kind, target_id);
`;

const sqliteTrigger = (name: string, event: 'INSERT' | 'DELETE', body: string) =>
  `CREATE TRIGGER ${name} AFTER ${event} ON favorites BEGIN\n  ${body}\nEND;`;

/**
 * Favorites stay personal (issue 29): a favorite belongs to the teammate who set it, while flags, trash and notes stay
 * the brand's. Favorites get their own table keyed by brand and person (the marks table allows one mark per brand and
 * video). Existing favorites go to whoever set them if they still belong to the brand, else to the brand's first
 * manager. A video favorite bumps the brand's mark version (the list index re-reads it, migration 024) and every
 * favorite is logged for the live streams and the activity view, which show it to its owner only.
 */
export const migration031PersonalFavorites: Migration = {
  version: 31,
  name: 'personal_favorites',
  up: `${favoritesTable(' WITHOUT ROWID')}${MOVE_FAVORITES}
${(['INSERT', 'DELETE'] as const).map((event) => {
    const row = event === 'DELETE' ? 'old' : 'new';
    return `${sqliteTrigger(`brand_mark_versions_favorites_${event.toLowerCase()}`, event, `INSERT INTO brand_mark_versions (brand_id, version) SELECT ${row}.brand_id, 1 WHERE ${row}.kind = 'video' ON CONFLICT (brand_id) DO UPDATE SET version = version + 1;`)}
${sqliteTrigger(`brand_changes_favorites_${event.toLowerCase()}`, event, changeInsert(FAVORITE_CHANGES, row))}`;
  }).join('\n')}
`,
};
