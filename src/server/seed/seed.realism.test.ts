// SQLite only (not in bothEngineTests.ts): it tests the embedded demo seed itself, which writes the SQLite file (a team server gets it moved: postgres/moveToPostgres.test.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { US_TIMEZONE_ZONES, type UsTimezone } from '../../shared/rules/campaignTabs';
import { createSqliteClient } from '../db/sqliteClient';
import { createLicenseRepository } from '../repositories/licensing/licenseRepository';
import { OWN_CATALOG, VOCABULARY, type Domain } from './catalog';
import { seedDemoWorkspace } from './index';
import { openTempWorkspace, type TempWorkspace } from './testDb';

// Anchors in every season: Nov–Jan campaigns, campaigns across the spring change, summer ones.
const ANCHORS = ['2026-11-26', '2027-01-15', '2027-03-20', '2027-07-01'];
const DAY = 86_400_000;

/** What the region's own clock is called on a day (about noon across the US), straight from Intl. */
function clockName(label: UsTimezone, day: string): string {
  const format = new Intl.DateTimeFormat('en-US', { timeZone: US_TIMEZONE_ZONES[label], timeZoneName: 'long' });
  return format.formatToParts(new Date(`${day}T20:00:00Z`)).find((part) => part.type === 'timeZoneName')?.value ?? '';
}

describe.each(ANCHORS)('the demo workspace seeded on %s looks like a real one', (day) => {
  let ws: TempWorkspace;
  const anchor = new Date(`${day}T00:00:00.000Z`);
  const brands = (): { id: string; name: string; domain: Domain }[] =>
    (ws.db.prepare('SELECT id, name FROM brands WHERE competitor_of IS NULL').all() as { id: string; name: string }[])
      .flatMap((brand) => (OWN_CATALOG[brand.name] ? [{ ...brand, domain: OWN_CATALOG[brand.name]!.domain }] : []));

  beforeAll(async () => {
    ws = openTempWorkspace();
    await seedDemoWorkspace(ws.db, { mediaDir: ws.mediaDir, scale: 0.2, creatorScale: 0.1, createdAt: new Date(`${day}T09:30:00Z`) });
  });
  afterAll(() => ws.dispose());

  it('gives each brand campaign headlines and mail subjects of its own market, never the same subject twice', () => {
    expect(brands().map((b) => b.domain).sort()).toEqual(['outdoor', 'skincare']);
    for (const brand of brands()) {
      const other = VOCABULARY[brand.domain === 'skincare' ? 'outdoor' : 'skincare'].campaignHeadlines;
      const headlines = ws.db.prepare('SELECT campaign_headline FROM campaigns WHERE brand_id = ?').pluck().all(brand.id) as string[];
      expect(headlines.length).toBeGreaterThan(0);
      for (const headline of headlines) {
        expect(VOCABULARY[brand.domain].campaignHeadlines).toContain(headline);
        expect(other).not.toContain(headline);
      }
      const subjects = ws.db.prepare('SELECT subject FROM mail_campaigns WHERE brand_id = ?').pluck().all(brand.id) as string[];
      expect(subjects.length).toBe(3);
      expect(new Set(subjects).size).toBe(subjects.length);
      for (const subject of subjects) expect(other.some((headline) => subject.endsWith(headline))).toBe(false);
    }
  });

  it('names each campaign’s zone as its clock is called from its first day to its last (no "Daylight" in winter)', () => {
    const campaigns = ws.db.prepare('SELECT start_date, end_date, campaign_timezone FROM campaigns').all() as { start_date: string; end_date: string; campaign_timezone: UsTimezone }[];
    expect(campaigns.length).toBe(16);
    for (const campaign of campaigns) {
      const daylight = campaign.campaign_timezone.includes('Daylight');
      for (const date of [campaign.start_date, campaign.end_date]) {
        expect({ ...campaign, date, clock: clockName(campaign.campaign_timezone, date).includes('Daylight') }).toEqual({ ...campaign, date, clock: daylight });
      }
    }
  });

  it('dates a license’s "expired" history entry the day its period ended, whenever it is read', async () => {
    const licenses = createLicenseRepository(createSqliteClient(ws.db));
    for (const brand of brands()) {
      const seeded = (await licenses.list(brand.id, anchor)).agreements.filter((a) => a.status === 'expired');
      expect(seeded.length).toBeGreaterThan(0);
      for (const license of seeded) {
        expect(Date.parse(license.expires_at!)).toBeLessThan(anchor.getTime());
        expect(license.history.at(-1)).toMatchObject({ status: 'expired', at: license.expires_at });
      }
      // Read long after every period ended: each license that ran out meanwhile is dated its own end, not the reading day.
      const later = (await licenses.list(brand.id, new Date(anchor.getTime() + 1000 * DAY))).agreements.filter((a) => a.status === 'expired');
      expect(later.length).toBeGreaterThan(seeded.length);
      for (const license of later) expect(license.history.at(-1)).toMatchObject({ status: 'expired', at: license.expires_at });
    }
  });
});
