import type { ChangeSource } from './029_brand_changes';
import type { Migration } from './index';

type Event = 'INSERT' | 'UPDATE' | 'DELETE';

/**
 * One trigger of the change log as the activity view reads it: who did what. Expressions name the written row `R.`
 * (an UPDATE also `new.` and `old.`), `ACTOR` the person the writing request acts for (null outside one), and
 * `CHANGED(column)` an UPDATE that changed that column. `verb` null marks a change the screens refresh for but no one
 * did (an upload storing its file, an analysis writing its figures): the live streams send it, the activity leaves it out.
 * `user` stays the author the written row records (the live streams' `by`, as migration 029 logged it).
 */
interface LoggedWrite extends Omit<ChangeSource, 'events'> {
  event: Event;
  /** Who did it: the acting person, else the author the row records (the activity's `by`). */
  actor: string;
  verb: string;
}

const on = (table: string, event: Event, kind: string, verb: string, extra: Partial<LoggedWrite> = {}): LoggedWrite => ({
  table, event, brand: 'R.brand_id', kind: `'${kind}'`, targetKind: `'${kind}'`, target: 'R.id', video: 'NULL', user: 'NULL', actor: 'ACTOR', verb, ...extra,
});
/** Added, edited and deleted, for a table whose rows a person writes. */
const crud = (table: string, kind: string, extra: Partial<LoggedWrite> = {}, verbs: Partial<Record<Event, string>> = {}) =>
  (['INSERT', 'UPDATE', 'DELETE'] as const).map((event) =>
    on(table, event, kind, verbs[event] ?? { INSERT: "'added'", UPDATE: "'edited'", DELETE: "'deleted'" }[event], extra));
/** A row that names its author keeps it when no request acts (a test, a job); a delete is the acting person's alone. */
const authored = (author: string): Partial<Record<Event, string>> => ({ INSERT: `COALESCE(ACTOR, ${author})`, UPDATE: `COALESCE(ACTOR, ${author})`, DELETE: 'ACTOR' });
const withAuthor = (writes: LoggedWrite[], author: string, actors: Partial<Record<Event, string>>) =>
  writes.map((w) => ({ ...w, user: author, actor: actors[w.event] ?? w.actor }));

const onVideo = "CASE WHEN R.kind = 'video' THEN R.target_id END";
const VIDEO_EDITS = ['title', 'category', 'licensing_duration', 'licensing_price', 'sentiment_feedback_like'].map((c) => `CHANGED(${c})`).join(' OR ');
const LICENSE_STATE = "CASE new.status WHEN 'accepted' THEN 'accepted' WHEN 'rejected' THEN 'declined' WHEN 'paid' THEN 'paid' WHEN 'expired' THEN 'expired' ELSE 'edited' END";

/** Every write the change log records (replacing the triggers of migrations 029 and 031), with its author and verb. */
const LOGGED_WRITES: readonly LoggedWrite[] = [
  ...crud('videos', 'video', { video: 'R.id' }, {
    // Only a person's edit is an entry. Publishing is logged by its job (publish_jobs below), and what an upload or an
    // analysis writes to the row (its file, its figures, its stage) is no one's doing.
    UPDATE: `CASE WHEN ${VIDEO_EDITS} THEN 'edited' END`,
  }),
  on('video_removals', 'INSERT', 'video', "'removed'", { targetKind: "'video'", target: 'R.video_id', video: 'R.video_id' }),
  on('video_removals', 'DELETE', 'video', "'restored'", { targetKind: "'video'", target: 'R.video_id', video: 'R.video_id' }),
  ...withAuthor(crud('notes', 'note', { targetKind: 'R.kind', target: 'R.target_id', video: onVideo }), 'R.user_id', authored('R.user_id')),
  ...withAuthor(crud('marks', '', {
    kind: "CASE WHEN R.mark = 'trash' THEN 'trash' ELSE R.mark END", targetKind: 'R.kind', target: 'R.target_id', video: onVideo,
  }, {
    INSERT: "CASE R.mark WHEN 'flag' THEN 'flagged' WHEN 'trash' THEN 'trashed' ELSE 'added' END",
    DELETE: "CASE R.mark WHEN 'flag' THEN 'unflagged' WHEN 'trash' THEN 'restored' ELSE 'removed' END",
  }), 'R.user_id', authored('R.user_id')),
  ...withAuthor(crud('demographics_labels', 'label', { video: 'R.video_id' }), 'R.user_id', authored('COALESCE(R.updated_by, R.user_id)')),
  ...withAuthor(crud('reports', 'report'), 'R.user_id', authored('COALESCE(R.updated_by, R.user_id)')),
  ...crud('campaigns', 'campaign', {}, {
    UPDATE: "CASE WHEN CHANGED(state) THEN CASE new.state WHEN 'active' THEN 'published' WHEN 'past' THEN 'ended' ELSE 'unpublished' END ELSE 'edited' END",
  }),
  ...(['INSERT', 'DELETE'] as const).map((event) => on('campaign_videos', event, 'campaign', event === 'INSERT' ? "'video_added'" : "'video_removed'", {
    brand: 'c.brand_id', target: 'R.campaign_id', video: 'R.video_id', from: 'campaigns c WHERE c.id = R.campaign_id',
  })),
  ...crud('widgets', 'widget'),
  ...crud('playlists', 'widget', { targetKind: "'playlist'" }),
  ...crud('license_agreements', 'license', { video: 'R.video_id' }, { INSERT: "'requested'", UPDATE: `CASE WHEN CHANGED(status) THEN ${LICENSE_STATE} ELSE 'edited' END` })
    // A license runs out by the calendar, whoever happens to be reading the list at the time.
    .map((w) => (w.event === 'UPDATE' ? { ...w, actor: "CASE WHEN new.status = 'expired' THEN NULL ELSE ACTOR END" } : w)),
  // Paying moves the agreement to paid, which is the entry; the purchase row only refreshes the screens.
  on('license_purchases', 'INSERT', 'license', 'NULL', { brand: 'a.brand_id', target: 'R.agreement_id', video: 'a.video_id', from: 'license_agreements a WHERE a.id = R.agreement_id' }),
  on('analysis_jobs', 'UPDATE', 'analysis', 'new.state', {
    when: "new.state <> old.state AND new.state IN ('completed', 'failed')", targetKind: "'video'",
    brand: 'v.brand_id', target: 'R.video_id', video: 'R.video_id', actor: 'NULL', from: 'videos v WHERE v.id = R.video_id',
  }),
  // A teammate removed from the brand: their open streams end at once, on every instance (changeStreams.ts).
  on('brand_members', 'DELETE', 'team', "CASE WHEN ACTOR = R.user_id THEN 'left' ELSE 'removed' END", { targetKind: "'removed_member'", target: 'R.user_id' }),
  on('brand_members', 'INSERT', 'team', "'joined'", { targetKind: "'member'", target: 'R.user_id', actor: 'R.user_id' }),
  on('brand_invitations', 'INSERT', 'team', "'invited'", { targetKind: "'invitation'", actor: 'COALESCE(ACTOR, R.invited_by)' }),
  on('brand_invitations', 'DELETE', 'team', "CASE WHEN R.accepted_at IS NULL THEN 'revoked' END", { targetKind: "'invitation'" }),
  // The job runner publishes later, for the person who asked (the row names them).
  on('publish_jobs', 'UPDATE', 'publish', 'new.state', {
    when: "new.state <> old.state AND new.state IN ('published', 'unpublished', 'failed')", targetKind: "'video'", target: 'R.video_id', video: 'R.video_id',
    actor: 'COALESCE(R.user_id, ACTOR)',
  }),
  ...(['INSERT', 'DELETE'] as const).map((event) => on('favorites', event, 'favorite', event === 'INSERT' ? "'favorited'" : "'unfavorited'", {
    targetKind: 'R.kind', target: 'R.target_id', video: onVideo, user: 'R.user_id', actor: 'R.user_id',
  })),
];

/** How one engine writes the row, the acting person and a changed column. */
export interface TriggerDialect {
  row: (event: Event) => string;
  actor: string;
  changed: (column: string) => string;
  /** An expression as the engine reads it (PostgreSQL: NEW and OLD). */
  rewrite: (expression: string) => string;
}

const SQLITE: TriggerDialect = {
  row: (event) => (event === 'DELETE' ? 'old' : 'new'),
  actor: 'acting_user()',
  changed: (column) => `(new.${column} IS NOT old.${column})`,
  rewrite: (expression) => expression,
};

/** The statement a trigger runs for one written row, in `dialect`. */
function loggedInsert(write: LoggedWrite, dialect: TriggerDialect): string {
  const row = dialect.row(write.event);
  const r = (expression: string) =>
    dialect.rewrite(expression.replace(/\bR\./g, `${row}.`).replace(/\bACTOR\b/g, dialect.actor).replace(/\bCHANGED\((\w+)\)/g, (_m, column: string) => dialect.changed(column)));
  const columns = [write.brand, write.kind, write.targetKind, write.target, write.video, write.user, write.actor, write.verb].map(r).join(', ');
  return `INSERT INTO brand_changes (brand_id, kind, target_kind, target_id, video_id, user_id, actor_id, verb) SELECT ${columns}${write.from ? ` FROM ${r(write.from)}` : ''};`;
}

export const triggerName = (write: LoggedWrite) => `brand_changes_${write.table}_${write.event.toLowerCase()}`;

const LOGGED_EVENTS = new Set(LOGGED_WRITES.map((w) => `${w.event} ${w.table}`));
const WRITE = /^\s*(INSERT\s+INTO|UPDATE|DELETE\s+FROM)\s+(\w+)/i;
const decided = new Map<string, boolean>();

/**
 * Whether a statement writes rows the change log records (PostgreSQL then names the acting person, in a transaction
 * of the statement's own): by the table and the kind of write it opens with, so the writes no trigger logs (a
 * teammate's last-active time, a refresh token) go straight to the pool as before.
 */
export function writesChangeLog(sql: string): boolean {
  let writes = decided.get(sql);
  if (writes === undefined) {
    const match = WRITE.exec(sql);
    writes = match !== null && LOGGED_EVENTS.has(`${match[1]!.split(/\s+/)[0]!.toUpperCase()} ${match[2]!.toLowerCase()}`);
    decided.set(sql, writes);
  }
  return writes;
}

/**
 * Who did what (issue 40): each logged change names the person the writing request acted for (`actor_id`), not only
 * the author a row happens to record (`user_id`, which the live streams keep sending as before: a window skips what its
 * own person did, and a publish from another device must still refresh it), so a publish, a license request, its
 * acceptance and payment, a campaign going live, a new widget, an upload and a removal from the team are theirs; and it says what was done (`verb`), so an upload is one
 * "added" entry, not one per write its processing makes. Invitations and joins are logged too. Rows logged before
 * say only "changed".
 */
/** Migration 036 on one engine: the two columns, then each logged write's trigger replaced (`trigger` writes one). */
export function attributedChanges(dialect: TriggerDialect, trigger: (write: LoggedWrite, statement: string) => string): string {
  return `
ALTER TABLE brand_changes ADD COLUMN actor_id TEXT;
ALTER TABLE brand_changes ADD COLUMN verb TEXT;
UPDATE brand_changes SET actor_id = user_id, verb = 'changed';
${LOGGED_WRITES.map((write) => trigger(write, loggedInsert(write, dialect))).join('\n')}
`;
}

export const migration036AttributedChanges: Migration = {
  version: 36,
  name: 'attributed_changes',
  up: attributedChanges(SQLITE, (write, statement) => `DROP TRIGGER IF EXISTS ${triggerName(write)};
CREATE TRIGGER ${triggerName(write)} AFTER ${write.event} ON ${write.table}${write.when ? ` WHEN ${write.when}` : ''} BEGIN
  ${statement}
END;`),
};
