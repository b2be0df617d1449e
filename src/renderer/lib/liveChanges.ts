import { useEffect, useEffectEvent, useRef } from 'react';
import { atom, useAtomValue } from 'jotai';
import type { ChangeKind, LiveChange } from '../../shared/http/liveChanges.schemas';

/** One live event of the window's stream (issue 29): a change, or `resync` (read every view again); `n` counts them. */
export interface LiveEvent {
  n: number;
  change: LiveChange | 'resync';
}

/** Events kept for screens to catch up on (several can arrive between two renders). */
const KEPT_EVENTS = 200;

/** The newest live events, oldest first (features/live adds them); screens react through useRefetchOnChange. */
export const liveEventsAtom = atom<readonly LiveEvent[]>([]);
/** Adds events arrived together (one render for a burst). */
export const addLiveEventsAtom = atom(null, (get, set, changes: readonly (LiveChange | 'resync')[]) => {
  const kept = get(liveEventsAtom);
  let n = kept.at(-1)?.n ?? 0;
  set(liveEventsAtom, [...kept, ...changes.map((change) => ({ n: ++n, change }))].slice(-KEPT_EVENTS));
});
/** Whether the live stream is open: while it is down, screens rely on their own reloads and the host's polls. */
export const liveStreamUpAtom = atom(false);

/** A change of one of these kinds, or one `touches` accepts when given (a particular video, campaign …). */
export function changeMatches(change: LiveChange | 'resync', kinds: readonly ChangeKind[], touches?: (change: LiveChange) => boolean): boolean {
  if (change === 'resync') return true;
  return kinds.includes(change.kind) && (touches === undefined || touches(change));
}

/**
 * Calls `refetch` for each live change of `kinds` (that `touches` accepts) while the calling component is on screen,
 * so a view shows a teammate's change without a reload. What the person is typing is not part of what a refetch
 * replaces: forms keep their drafts in component state (see NotesTab for a change to the text being edited).
 */
export function useRefetchOnChange(kinds: readonly ChangeKind[], refetch: (change: LiveChange | 'resync') => unknown, touches?: (change: LiveChange) => boolean): void {
  const events = useAtomValue(liveEventsAtom);
  const seen = useRef(events.at(-1)?.n ?? 0);
  // Several changes in one burst read the view once, with the newest of them.
  const onChanges = useEffectEvent((fresh: readonly LiveEvent[]) => {
    const matching = fresh.filter((event) => changeMatches(event.change, kinds, touches));
    const newest = matching.at(-1);
    if (newest) void refetch(newest.change);
  });
  useEffect(() => {
    const fresh = events.filter((event) => event.n > seen.current);
    if (fresh.length === 0) return;
    seen.current = events.at(-1)!.n;
    onChanges(fresh);
  }, [events]);
}
