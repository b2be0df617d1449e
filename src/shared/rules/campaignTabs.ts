import type { US_TIMEZONES } from '../constants';

export type UsTimezone = (typeof US_TIMEZONES)[number];

/**
 * The civil time each offered zone names (spec §9: seven US zones, Hawaii to Eastern). The labels say "Daylight"
 * or "Standard" as the original did, but a campaign runs on the region's clock, which moves with daylight saving
 * where the region observes it; "Mountain Standard Time" is Arizona, which does not.
 */
export const US_TIMEZONE_ZONES: Readonly<Record<UsTimezone, string>> = {
  'Hawaii Standard Time': 'Pacific/Honolulu',
  'Alaska Daylight Time': 'America/Anchorage',
  'Pacific Daylight Time': 'America/Los_Angeles',
  'Mountain Standard Time': 'America/Phoenix',
  'Mountain Daylight Time': 'America/Denver',
  'Central Daylight Time': 'America/Chicago',
  'Eastern Daylight Time': 'America/New_York',
};

/**
 * What a person reads for each zone: its region's clock, not the stored name's season (a December campaign in
 * "Pacific Daylight Time" reads wrong, its clock then being on standard time). Arizona's is named for not moving.
 */
export const US_TIMEZONE_LABELS: Readonly<Record<UsTimezone, string>> = {
  'Hawaii Standard Time': 'Hawaii Time (Honolulu)',
  'Alaska Daylight Time': 'Alaska Time (Anchorage)',
  'Pacific Daylight Time': 'Pacific Time (Los Angeles)',
  'Mountain Standard Time': 'Mountain Time, no daylight saving (Phoenix)',
  'Mountain Daylight Time': 'Mountain Time (Denver)',
  'Central Daylight Time': 'Central Time (Chicago)',
  'Eastern Daylight Time': 'Eastern Time (New York)',
};

const formats = new Map<string, Intl.DateTimeFormat>();
/** How far the zone's wall clock is ahead of UTC at an instant (ms; negative west of Greenwich). */
function offsetAt(zone: string, at: number): number {
  let format = formats.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { timeZone: zone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric' });
    formats.set(zone, format);
  }
  const parts = Object.fromEntries(format.formatToParts(new Date(at)).map((part) => [part.type, Number(part.value)]));
  const wall = Date.UTC(parts.year ?? 1970, (parts.month ?? 1) - 1, parts.day ?? 1, parts.hour ?? 0, parts.minute ?? 0, parts.second ?? 0);
  return wall - Math.floor(at / 1000) * 1000;
}

/**
 * The instant a wall-clock date and time happen in a zone (YYYY-MM-DD, HH:MM), as Temporal's "compatible" choice
 * does: of a time the autumn change repeats, the first; a time the spring change skips reads as the hour after.
 */
export function zonedInstant(date: string, time: string, zone: string): Date {
  const [y = 1970, m = 1, d = 1] = date.split('-').map(Number);
  const [hh = 0, mm = 0] = time.split(':').map(Number);
  const wall = Date.UTC(y, m - 1, d, hh, mm);
  const DAY = 86_400_000;
  // The zone's offsets a day either side: the wall time is one of them (or falls in the gap between).
  const before = offsetAt(zone, wall - DAY);
  const after = offsetAt(zone, wall + DAY);
  const valid = [wall - before, wall - after].filter((at) => wall - offsetAt(zone, at) === at);
  return new Date(valid.length > 0 ? Math.min(...valid) : wall - before);
}

export type CampaignTab = 'active' | 'past' | 'draft';

export interface CampaignTiming {
  state: CampaignTab;
  ongoing: boolean;
  end_date: string | null;
  end_time: string | null;
  campaign_timezone: string | null;
}

/** When a campaign ends: its end date and time (end of day without a time) in its zone (Pacific by default). */
export function campaignEnd(campaign: Pick<CampaignTiming, 'end_date' | 'end_time' | 'campaign_timezone'>): Date | null {
  if (!campaign.end_date) return null;
  const zone = US_TIMEZONE_ZONES[campaign.campaign_timezone as UsTimezone] ?? US_TIMEZONE_ZONES['Pacific Daylight Time'];
  return zonedInstant(campaign.end_date, campaign.end_time ?? '23:59', zone);
}

/**
 * The tab a campaign shows under (spec §2): a draft under Draft Campaigns; a published one under Active Campaigns
 * until it ends (an ongoing one never does), then under Past Campaigns.
 */
export function campaignTab(campaign: CampaignTiming, now: Date): CampaignTab {
  if (campaign.state === 'draft') return 'draft';
  if (campaign.ongoing) return 'active';
  const end = campaignEnd(campaign);
  return end !== null && end.getTime() <= now.getTime() ? 'past' : 'active';
}
