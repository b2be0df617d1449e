import type { LiveChange } from '../../../shared/http/liveChanges.schemas';

/**
 * How a teammate who made a change is named on screen: their name as the stream gives it (the change log joins the
 * author's first name), else "A teammate". Hook for authorship (issue 29 item 2): when the team's display names
 * arrive, this is the one place that picks the name to show.
 */
export function teammateName(change: LiveChange): string {
  return change.by?.name?.trim() || 'A teammate';
}
