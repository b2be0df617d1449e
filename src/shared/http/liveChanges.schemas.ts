import { z } from 'zod';
import { IdentitySchema } from './videoList.schemas';

/** Where a window's live stream of its brand's changes is read (issue 29), under the main API's prefix. */
export const LIVE_CHANGES_PATH = '/changes/stream';
/** A comment line every 15 s keeps proxies and load balancers from closing a quiet stream (nginx's default is 60 s). */
export const LIVE_HEARTBEAT_MS = 15_000;
/** Open streams one user may hold (one per window): a client cannot exhaust the back end's memory with more. */
export const LIVE_STREAMS_PER_USER = 8;
/** A dropped stream is opened again after 1 s, doubling up to 30 s while it keeps failing. */
export const LIVE_RETRY_MIN_MS = 1_000;
export const LIVE_RETRY_MAX_MS = 30_000;

export const LIVE_MESSAGES = {
  tooManyStreams: `This account already has ${LIVE_STREAMS_PER_USER} Reelscope windows receiving live changes. Close one of them and try again.`,
} as const;

/** What a change touched; a screen refreshes when one of the kinds it shows arrives. */
export const CHANGE_KINDS = ['video', 'note', 'flag', 'favorite', 'trash', 'label', 'report', 'campaign', 'widget', 'license', 'publish', 'analysis', 'analysis_progress', 'team'] as const;
export type ChangeKind = (typeof CHANGE_KINDS)[number];

/** The identity pair every call carries (brand_id, user_id), like every other route; nothing else. */
export const LiveStreamQuerySchema = IdentitySchema.strict();

/** The `data` of a `change` event (its SSE `id` is the cursor a resumed stream continues from). */
export const LiveChangeSchema = z.object({
  kind: z.enum(CHANGE_KINDS),
  /** What the id names: video, product, influencer, report, campaign, widget, playlist, license, label, removed_member (a user). */
  target_kind: z.string(),
  target_id: z.string(),
  /** The video the change is about, when it is about one (a note or flag on it, its analysis, its publish job). */
  video_id: z.string().nullable(),
  /** Who made it, when the changed row records its author; name null while the author is not known by name. */
  by: z.object({ user_id: z.string(), name: z.string().nullable() }).nullable(),
});
export type LiveChange = z.infer<typeof LiveChangeSchema>;

/**
 * The stream's events: `ready` first (its id is the cursor of the stream's start), `change` per logged change, `resync`
 * when the Last-Event-ID could not be resumed (every view reads again), `expired` just before the stream closes at the
 * end of the access token it was opened with (the client opens it again with its renewed token, from its last id).
 */
export const LIVE_EVENTS = { ready: 'ready', change: 'change', resync: 'resync', expired: 'expired' } as const;
