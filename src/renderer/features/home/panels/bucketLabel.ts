import type { BucketUnit } from '../../../../shared/http/home.schemas';

const month = new Intl.DateTimeFormat(undefined, { month: 'short', year: 'numeric', timeZone: 'UTC' });
const day = new Intl.DateTimeFormat(undefined, { month: 'short', day: 'numeric', timeZone: 'UTC' });

/** A bucket's axis label in the reader's locale: "Mar 2026" for a month, "Mar 9" for a day or the week from it. */
export function bucketLabel(start: string, unit: BucketUnit): string {
  const date = new Date(`${start}T00:00:00.000Z`);
  return unit === 'month' ? month.format(date) : day.format(date);
}
