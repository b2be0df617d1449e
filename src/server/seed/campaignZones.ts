import { US_TIMEZONES } from '../../shared/constants';
import { US_TIMEZONE_ZONES, zonedInstant, type UsTimezone } from '../../shared/rules/campaignTabs';

const longNames = new Map<string, Intl.DateTimeFormat>();

/** Whether a region's clock is on daylight saving time at an instant, by the name the region's clock then has. */
export function onDaylightTime(zone: string, at: Date): boolean {
  let format = longNames.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'long' });
    longNames.set(zone, format);
  }
  const name = format.formatToParts(at).find((part) => part.type === 'timeZoneName')?.value ?? '';
  return name.includes('Daylight');
}

/**
 * The offered zone labels (spec §9 keeps the original's seven) that name the region's clock rightly from a campaign's
 * first hour to its last: a November–January campaign is never "Pacific Daylight Time". Hawaii and Arizona keep
 * standard time all year, so the list is never empty.
 */
export function zoneLabelsFitting(start: { date: string; time: string }, end: { date: string; time: string }): UsTimezone[] {
  return US_TIMEZONES.filter((label) => {
    const zone = US_TIMEZONE_ZONES[label];
    const daylight = label.includes('Daylight');
    return [start, end].every(({ date, time }) => onDaylightTime(zone, zonedInstant(date, time, zone)) === daylight);
  });
}
