import type { ActivityEntry, ActivityPerson, ActivityVerb } from '../../../shared/http/activity.schemas';
import type { ChangeKind } from '../../../shared/http/liveChanges.schemas';
import type { SqlClient, SqlParam } from '../../db/sqlClient';

export interface ActivityFilter {
  /** Whose activity is read: a teammate's favorites are theirs alone and never shown to anyone else. */
  viewerId: string;
  person?: string;
  kind?: ChangeKind;
  /** ISO bounds on when: `from` included, `until` excluded. */
  from?: string;
  until?: string;
  /** Only entries older than this one (the previous page's last). */
  before?: number;
  limit: number;
}

export interface ActivityRepository {
  /** The brand's logged changes someone did, newest first, with what was done, its author's name and the changed thing's title. */
  page(brandId: string, filter: ActivityFilter): Promise<ActivityEntry[]>;
  /** The brand's members, by name. */
  people(brandId: string): Promise<ActivityPerson[]>;
}

interface EntryRow {
  seq: number | string;
  kind: ChangeKind;
  verb: ActivityVerb;
  target_kind: string;
  target_id: string;
  video_id: string | null;
  actor_id: string | null;
  first_name: string | null;
  last_name: string | null;
  at: string | null;
  title: string | null;
}

// The thing's own title by what the id names; a note, flag or label on a video, a license or an analysis falls back
// to the video's title.
const TITLE = `COALESCE(CASE c.target_kind
    WHEN 'report' THEN (SELECT r.title FROM reports r WHERE r.id = c.target_id)
    WHEN 'campaign' THEN (SELECT k.campaign_headline FROM campaigns k WHERE k.id = c.target_id)
    WHEN 'widget' THEN (SELECT w.title FROM widgets w WHERE w.id = c.target_id)
    WHEN 'playlist' THEN (SELECT p.title FROM playlists p WHERE p.id = c.target_id)
    WHEN 'product' THEN (SELECT p.name FROM products p WHERE p.id = c.target_id)
    WHEN 'influencer' THEN (SELECT i.name FROM creators i WHERE i.id = c.target_id)
    WHEN 'removed_member' THEN (SELECT m.first_name || ' ' || m.last_name FROM users m WHERE m.id = c.target_id)
    WHEN 'member' THEN (SELECT m.first_name || ' ' || m.last_name FROM users m WHERE m.id = c.target_id)
    WHEN 'invitation' THEN (SELECT i.email FROM brand_invitations i WHERE i.id = c.target_id)
  END, (SELECT v.title FROM videos v WHERE v.id = c.video_id))`;

const nameOf = (first: string | null, last: string | null) => [first, last].filter(Boolean).join(' ').trim();

/** Reads the brand change log (migrations 029, 030) as the activity view shows it, on either engine. */
export function createActivityRepository(sql: SqlClient): ActivityRepository {
  return {
    async page(brandId, filter) {
      // A change without a verb is one no one did (an upload storing its file): the streams refresh for it, the view skips it.
      const where = ['c.brand_id = ?', 'c.verb IS NOT NULL', "(c.kind <> 'favorite' OR c.user_id = ?)"];
      const params: SqlParam[] = [brandId, filter.viewerId];
      const add = (clause: string, value: SqlParam | undefined) => {
        if (value === undefined) return;
        where.push(clause);
        params.push(value);
      };
      add('c.actor_id = ?', filter.person);
      add('c.kind = ?', filter.kind);
      add('c.at >= ?', filter.from);
      add('c.at < ?', filter.until);
      add('c.seq < ?', filter.before);
      const rows = await sql.all<EntryRow>(
        `SELECT c.seq, c.kind, c.verb, c.target_kind, c.target_id, c.video_id, c.actor_id, c.at, u.first_name, u.last_name, ${TITLE} AS title
         FROM brand_changes c LEFT JOIN users u ON u.id = c.actor_id
         WHERE ${where.join(' AND ')} ORDER BY c.seq DESC LIMIT ?`,
        [...params, filter.limit],
      );
      return rows.map((row) => ({
        id: String(row.seq), kind: row.kind, verb: row.verb, target_kind: row.target_kind, target_id: row.target_id, video_id: row.video_id,
        title: row.title, at: row.at,
        by: row.actor_id === null ? null : { user_id: row.actor_id, name: nameOf(row.first_name, row.last_name) },
      }));
    },
    async people(brandId) {
      const rows = await sql.all<{ id: string; first_name: string; last_name: string }>(
        'SELECT u.id, u.first_name, u.last_name FROM brand_members m JOIN users u ON u.id = m.user_id WHERE m.brand_id = ? ORDER BY u.first_name, u.last_name, u.id',
        [brandId],
      );
      return rows.map((row) => ({ user_id: row.id, name: nameOf(row.first_name, row.last_name) }));
    },
  };
}
