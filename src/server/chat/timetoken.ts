/**
 * PubNub timetokens: 100-nanosecond ticks since the epoch, 17 digits, as decimal text (the number is past 2^53, so it
 * is carried as a bigint and stored as text; texts of one length sort as their numbers do).
 */
export const TIMETOKEN_DIGITS = 17;
const TICKS_PER_MS = 10_000n;

/** The timetoken of a time, with `sub` (0–9999) as the ticks inside its millisecond. */
export function timetokenAt(at: Date, sub = 0): string {
  return (BigInt(at.getTime()) * TICKS_PER_MS + BigInt(sub % 10_000)).toString();
}


/** A timetoken as PubNub clients send it (digits, at most 17; 0 means "now" in a subscribe), padded to compare as text; null when it is not one. */
export function normalTimetoken(value: string | undefined): string | null {
  return value !== undefined && /^\d{1,17}$/.test(value) ? value.padStart(TIMETOKEN_DIGITS, '0') : null;
}

/** A strictly increasing timetoken source: the clock's time, or one tick after the last when the clock has not moved. */
export function createTimetokenClock(now: () => Date, last = '0') {
  let previous = BigInt(last);
  return {
    next(): string {
      const candidate = BigInt(now().getTime()) * TICKS_PER_MS;
      previous = candidate > previous ? candidate : previous + 1n;
      return previous.toString();
    },
    /** A timetoken another instance gave out: later ones from this clock come after it. */
    observe(timetoken: string): void {
      const seen = BigInt(timetoken);
      if (seen > previous) previous = seen;
    },
    /**
     * The newest timetoken handed out, or the clock's now when that is later. What it answers is taken: the next
     * message gets a later one, so a subscriber told "up to here" never misses a message stored in the same tick.
     */
    current(): string {
      const candidate = BigInt(now().getTime()) * TICKS_PER_MS;
      if (candidate > previous) previous = candidate;
      return previous.toString();
    },
  };
}
