import { z } from 'zod';
import { CHANGE_KINDS } from './liveChanges.schemas';

/** Entries one page of the brand's activity holds (issue 29): the next page is read with the answer's cursor. */
export const ACTIVITY_PAGE_SIZE = 50;

const isoDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'A day is written YYYY-MM-DD.');

/** GET /brands/:id/activity filters: one person, one kind, a range of days (UTC, both ends included), the page. */
export const ActivityQuerySchema = z
  .object({
    person: z.string().min(1).max(64).optional(),
    kind: z.enum(CHANGE_KINDS).optional(),
    from: isoDay.optional(),
    to: isoDay.optional(),
    /** The `next_cursor` of the page before: the entries older than it. */
    cursor: z.string().regex(/^\d{1,15}$/).optional(),
  })
  .strict();
export type ActivityQuery = z.infer<typeof ActivityQuerySchema>;

export const ActivityPersonSchema = z.object({ user_id: z.string(), name: z.string() });
export type ActivityPerson = z.infer<typeof ActivityPersonSchema>;

/**
 * What was done (the change log's `verb`, migration 033). 'changed' is an entry logged before verbs were kept;
 * video_added and video_removed are a campaign's videos; completed and failed an analysis or a publish job.
 */
const ACTIVITY_VERBS = [
  'added', 'edited', 'deleted', 'removed', 'restored', 'flagged', 'unflagged', 'trashed', 'favorited', 'unfavorited',
  'published', 'unpublished', 'ended', 'video_added', 'video_removed', 'requested', 'accepted', 'declined', 'paid', 'expired',
  'completed', 'failed', 'invited', 'revoked', 'joined', 'left', 'changed',
] as const;
export type ActivityVerb = (typeof ACTIVITY_VERBS)[number];

/** One thing a person (or the back end: an analysis, a publish job) did in the brand. */
export const ActivityEntrySchema = z.object({
  id: z.string(),
  kind: z.enum(CHANGE_KINDS),
  /** What target_id names: video, product, influencer, report, campaign, widget, playlist, license, label, removed_member, member, invitation. */
  target_kind: z.string(),
  verb: z.enum(ACTIVITY_VERBS),
  target_id: z.string(),
  /** The video it is about, when it is about one: where the entry links. */
  video_id: z.string().nullable(),
  /** The thing's title (a video's, a report's, a campaign's headline); null when it no longer exists. */
  title: z.string().nullable(),
  /** Who did it, when the changed row records its author. */
  by: ActivityPersonSchema.nullable(),
  /** When (ISO); null for changes logged before times were kept. */
  at: z.string().nullable(),
});
export type ActivityEntry = z.infer<typeof ActivityEntrySchema>;

export const ActivityPageSchema = z.object({
  entries: z.array(ActivityEntrySchema),
  /** Where the next (older) page starts; null on the last page. */
  next_cursor: z.string().nullable(),
  /** The brand's members, for the person filter. */
  people: z.array(ActivityPersonSchema),
});
export type ActivityPage = z.infer<typeof ActivityPageSchema>;
