import { describe, expect, it } from 'vitest';
import { US_TIMEZONES } from '../constants';
import { campaignEnd, campaignTab, US_TIMEZONE_LABELS, zonedInstant } from './campaignTabs';

const iso = (date: Date) => date.toISOString();

describe('campaign times in their zone', () => {
  it('follows daylight saving where the region observes it', () => {
    // Los Angeles: PST (UTC−8) until 8 March 2026 02:00, PDT (UTC−7) until 1 November 2026 02:00.
    expect(iso(zonedInstant('2026-03-07', '09:00', 'America/Los_Angeles'))).toBe('2026-03-07T17:00:00.000Z');
    expect(iso(zonedInstant('2026-03-08', '09:00', 'America/Los_Angeles'))).toBe('2026-03-08T16:00:00.000Z');
    expect(iso(zonedInstant('2026-10-31', '18:00', 'America/Los_Angeles'))).toBe('2026-11-01T01:00:00.000Z');
    expect(iso(zonedInstant('2026-11-01', '18:00', 'America/Los_Angeles'))).toBe('2026-11-02T02:00:00.000Z');
    // New York the same nights, three hours ahead.
    expect(iso(zonedInstant('2026-03-08', '09:00', 'America/New_York'))).toBe('2026-03-08T13:00:00.000Z');
    // The hour the spring change skips reads as the hour after.
    expect(iso(zonedInstant('2026-03-08', '02:30', 'America/Los_Angeles'))).toBe('2026-03-08T10:30:00.000Z');
    // The hour the autumn change repeats is its first time (still daylight time).
    expect(iso(zonedInstant('2026-11-01', '01:30', 'America/Los_Angeles'))).toBe('2026-11-01T08:30:00.000Z');
  });

  it('keeps Arizona and Hawaii on standard time all year', () => {
    expect(iso(campaignEnd({ end_date: '2026-07-01', end_time: '18:00', campaign_timezone: 'Mountain Standard Time' })!)).toBe('2026-07-02T01:00:00.000Z');
    expect(iso(campaignEnd({ end_date: '2026-07-01', end_time: '18:00', campaign_timezone: 'Mountain Daylight Time' })!)).toBe('2026-07-02T00:00:00.000Z');
    expect(iso(campaignEnd({ end_date: '2026-01-15', end_time: '18:00', campaign_timezone: 'Hawaii Standard Time' })!)).toBe('2026-01-16T04:00:00.000Z');
    expect(iso(campaignEnd({ end_date: '2026-07-15', end_time: '18:00', campaign_timezone: 'Hawaii Standard Time' })!)).toBe('2026-07-16T04:00:00.000Z');
  });

  it('ends at the end of the day without a time, in Pacific time without a zone', () => {
    expect(iso(campaignEnd({ end_date: '2026-12-24', end_time: null, campaign_timezone: null })!)).toBe('2026-12-25T07:59:00.000Z');
    expect(campaignEnd({ end_date: null, end_time: null, campaign_timezone: null })).toBeNull();
  });
});

describe('campaign tabs', () => {
  const base = { state: 'active' as const, ongoing: false, end_date: '2026-11-01', end_time: '18:00', campaign_timezone: 'Eastern Daylight Time' };
  // 1 November 2026 18:00 in New York is 23:00 UTC (EST, after the change that morning).
  it('moves a published campaign to Past when it ends in its zone, not before', () => {
    expect(campaignTab(base, new Date('2026-11-01T22:59:00Z'))).toBe('active');
    expect(campaignTab(base, new Date('2026-11-01T23:00:00Z'))).toBe('past');
  });
  it('keeps drafts under Draft and ongoing campaigns under Active', () => {
    expect(campaignTab({ ...base, state: 'draft' }, new Date('2030-01-01T00:00:00Z'))).toBe('draft');
    expect(campaignTab({ ...base, ongoing: true }, new Date('2030-01-01T00:00:00Z'))).toBe('active');
    expect(campaignTab({ ...base, state: 'past', end_date: '2030-01-01' }, new Date('2026-01-01T00:00:00Z'))).toBe('active');
  });
});

describe('time-zone labels', () => {
  it('name each region\'s clock, never a season that is wrong half the year', () => {
    for (const zone of US_TIMEZONES) expect(US_TIMEZONE_LABELS[zone], zone).not.toMatch(/Daylight Time|Standard Time/);
    expect(new Set(Object.values(US_TIMEZONE_LABELS)).size).toBe(US_TIMEZONES.length);
  });
});
