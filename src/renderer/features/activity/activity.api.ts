import type { AxiosInstance } from 'axios';
import { ActivityPageSchema, type ActivityEntry } from '../../../shared/http/activity.schemas';
import type { ChangeKind } from '../../../shared/http/liveChanges.schemas';

/** The filters of the activity view; empty strings mean "any". */
export interface ActivityFilters {
  person: string;
  kind: ChangeKind | '';
  from: string;
  to: string;
}

/** One page of the brand's activity, newest first (`cursor`: the page after the previous one). */
export async function fetchActivity(main: AxiosInstance, brandId: string, filters: ActivityFilters, cursor?: string) {
  const params = Object.fromEntries(Object.entries({ ...filters, cursor }).filter(([, value]) => value));
  const response = await main.get(`/brands/${encodeURIComponent(brandId)}/activity`, { params });
  return { ...response, data: ActivityPageSchema.parse(response.data) };
}

/** Where an entry links: the thing itself when it has a screen, else the video it is about, else its list. */
export function entryLink(entry: ActivityEntry): string | null {
  const id = encodeURIComponent(entry.target_id);
  switch (entry.target_kind) {
    case 'report': return `/reports/${id}`;
    case 'campaign': return `/campaigns/${id}`;
    case 'widget': return `/widgets/${id}`;
    case 'playlist': return '/widgets';
    case 'product': return `/products/${id}`;
    case 'influencer': return `/creators/${id}`;
    case 'removed_member': case 'member': case 'invitation': return null;
  }
  if (entry.video_id) return `/videos/${encodeURIComponent(entry.video_id)}`;
  return entry.kind === 'license' ? '/licensing' : null;
}
