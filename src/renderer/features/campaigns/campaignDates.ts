import type { Campaign } from '../../../shared/http/campaigns.schemas';

// The dates are calendar days in the campaign's own zone: formatted as written, never shifted by this computer's zone.
const DAY = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeZone: 'UTC' });
const day = (value: string | null) => (value ? DAY.format(new Date(`${value}T00:00:00Z`)) : '—');

/** "1 Dec 2026 – 31 Jan 2027", or "From 1 Dec 2026, ongoing". */
export const campaignDates = (campaign: Pick<Campaign, 'start_date' | 'end_date' | 'ongoing'>): string =>
  campaign.ongoing ? `From ${day(campaign.start_date)}, ongoing` : `${day(campaign.start_date)} – ${day(campaign.end_date)}`;
