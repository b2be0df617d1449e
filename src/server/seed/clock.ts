const DAY_MS = 86_400_000;

/** The anchor of a workspace created at `createdAt`: the start (UTC) of that day. */
export function seedAnchorOf(createdAt: Date): Date {
  return new Date(Date.UTC(createdAt.getUTCFullYear(), createdAt.getUTCMonth(), createdAt.getUTCDate()));
}

/**
 * The seed's only notion of time: every date is an offset from its anchor, the day the workspace is created, so a
 * fresh demo workspace looks live on any date (its newest videos from the hours before that day) and two seeds of
 * the same day are identical. The seed never reads the wall clock itself: the anchor is given.
 */
export class SeedClock {
  readonly anchorMs: number;

  constructor(anchor: Date) {
    this.anchorMs = anchor.getTime();
  }

  /** The anchor day (YYYY-MM-DD). */
  get anchorDay(): string {
    return new Date(this.anchorMs).toISOString().slice(0, 10);
  }

  /** ISO timestamp `days` (fractional allowed) before the anchor. */
  daysAgo(days: number): string {
    return new Date(this.anchorMs - Math.round(days * DAY_MS / 1000) * 1000).toISOString();
  }

  /** ISO timestamp `days` after the anchor (future dates of active campaigns). */
  daysAhead(days: number): string {
    return this.daysAgo(-days);
  }

  /** Calendar date (YYYY-MM-DD) `days` before the anchor. */
  dateDaysAgo(days: number): string {
    return this.daysAgo(days).slice(0, 10);
  }
}

/** ISO timestamp `seconds` after another ISO timestamp. */
export function plusSeconds(iso: string, seconds: number): string {
  return new Date(Date.parse(iso) + Math.round(seconds) * 1000).toISOString();
}
