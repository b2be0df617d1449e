import type { CHART_RANGES } from '../../../../shared/constants';

type ChartRange = (typeof CHART_RANGES)[number];
const DAY_MS = 86_400_000;

/**
 * Calendar days (YYYY-MM-DD, both inclusive) of a chart range (spec §9). The range ends on the creator's last tracked
 * day, or today when that is later than today or there is none: 1w = 7 days; 1m/3m/6m/1y = the days after the same
 * date that many months earlier (1y = 365 days); ytd = from 1 January of the end's year.
 */
export function chartWindow(range: ChartRange, lastTracked: string | null, now: Date): { start: string; end: string } {
  const today = now.toISOString().slice(0, 10);
  const end = lastTracked !== null && lastTracked < today ? lastTracked : today;
  const endDate = new Date(`${end}T00:00:00.000Z`);
  const months = (count: number): string => {
    const date = new Date(endDate);
    date.setUTCMonth(date.getUTCMonth() - count);
    return new Date(date.getTime() + DAY_MS).toISOString().slice(0, 10);
  };
  switch (range) {
    case '1w':
      return { start: new Date(endDate.getTime() - 6 * DAY_MS).toISOString().slice(0, 10), end };
    case '1m':
      return { start: months(1), end };
    case '3m':
      return { start: months(3), end };
    case '6m':
      return { start: months(6), end };
    case '1y':
      return { start: months(12), end };
    case 'ytd':
      return { start: `${end.slice(0, 4)}-01-01`, end };
  }
}
