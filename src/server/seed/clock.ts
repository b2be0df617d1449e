/** The seed never reads the wall clock: every date is an offset from this fixed anchor. */
export const SEED_ANCHOR_MS = Date.UTC(2026, 10, 1, 0, 0, 0);

const DAY_MS = 86_400_000;

/** ISO timestamp `days` (fractional allowed) before the anchor. */
export function daysAgo(days: number): string {
  return new Date(SEED_ANCHOR_MS - Math.round(days * DAY_MS / 1000) * 1000).toISOString();
}

/** ISO timestamp `days` after the anchor (future dates of active campaigns). */
export function daysAhead(days: number): string {
  return daysAgo(-days);
}

/** Calendar date (YYYY-MM-DD) `days` before the anchor. */
export function dateDaysAgo(days: number): string {
  return daysAgo(days).slice(0, 10);
}

/** ISO timestamp `seconds` after another ISO timestamp. */
export function plusSeconds(iso: string, seconds: number): string {
  return new Date(Date.parse(iso) + Math.round(seconds) * 1000).toISOString();
}
