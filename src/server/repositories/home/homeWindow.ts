import type { BucketUnit, HomeQuery } from '../../../shared/http/home.schemas';
import { dateWindow } from '../videos/videoDates';

const DAY_MS = 86_400_000;

/** The window of a home call and the one of the same length just before it (none before "all dates"). */
export interface HomeWindows {
  current: { start: string | null; end: string };
  previous: { start: string; end: string } | null;
  unit: BucketUnit;
}

/**
 * The windows of a query, on created_at (as the videos list's date filter, so a click through shows the same videos).
 * They end at `reference`, the request's clock (issue 26 item 14: ending at the newest video showed 31 Oct as
 * "Today" on 26 Nov, and one upload moved every window).
 */
export function homeWindows(query: Pick<HomeQuery, 'duration' | 'start_date' | 'end_date'>, reference: Date): HomeWindows {
  const window = dateWindow(query.duration, reference, { start_date: query.start_date, end_date: query.end_date });
  const current = { start: window.start, end: window.end };
  if (window.start === null) return { current, previous: null, unit: 'month' };
  const startMs = Date.parse(window.start);
  const length = Date.parse(window.end) - startMs;
  // The previous window ends where this one starts (exclusive), so no video counts in both.
  const previous = { start: new Date(startMs - length).toISOString(), end: new Date(startMs - 1).toISOString() };
  const days = length / DAY_MS;
  return { current, previous, unit: days <= 31 ? 'day' : days <= 190 ? 'week' : 'month' };
}

/** The bucket a timestamp falls in: its day, the Monday of its week, or its month (UTC), as YYYY-MM-DD. */
export function bucketOf(iso: string, unit: BucketUnit): string {
  const day = iso.slice(0, 10);
  if (unit === 'day') return day;
  if (unit === 'month') return `${day.slice(0, 7)}-01`;
  const date = new Date(`${day}T00:00:00.000Z`);
  const sinceMonday = (date.getUTCDay() + 6) % 7;
  return new Date(date.getTime() - sinceMonday * DAY_MS).toISOString().slice(0, 10);
}

/** Every bucket from the one of `start` to the one of `end`, so a chart's axis has no gaps. */
export function bucketsBetween(start: string, end: string, unit: BucketUnit): string[] {
  const out: string[] = [];
  const last = bucketOf(end, unit);
  let at = bucketOf(start, unit);
  // Bounded: a window of decades in days is still a few thousand points.
  for (let guard = 0; at <= last && guard < 20_000; guard++) {
    out.push(at);
    const date = new Date(`${at}T00:00:00.000Z`);
    if (unit === 'day') date.setUTCDate(date.getUTCDate() + 1);
    else if (unit === 'week') date.setUTCDate(date.getUTCDate() + 7);
    else date.setUTCMonth(date.getUTCMonth() + 1);
    at = date.toISOString().slice(0, 10);
  }
  return out;
}
