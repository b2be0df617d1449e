import { beforeEach, describe, expect, it } from 'vitest';
import type { LicenseAgreement } from '../../../../src/shared/http/licensing.schemas';
import { LicenseListResponseSchema, PURCHASE_CSV_COLUMNS } from '../../../../src/shared/http/licensing.schemas';
import { parseCsv } from '../../../shared/csv';
import { licenseExpiringSoon, licensingFee } from '../../../../src/shared/rules/licensing';
import { useVideoWorkspace, WORKSPACE_NOW } from '../videos/support/videoWorkspace';
import { firstValue } from '../support/testEngine';

const workspace = useVideoWorkspace();
const NOW = new Date(WORKSPACE_NOW);
let w: ReturnType<typeof useVideoWorkspace>['w'];
beforeEach(() => {
  w = workspace.w;
});
const list = async () => LicenseListResponseSchema.parse((await w.get('/jwt_api/license_agreements')).json());
const ownVideo = async () => (await firstValue(w.sql, 'SELECT id FROM videos WHERE brand_id = ? ORDER BY id LIMIT 1', [w.brandId])) as string;
const request = async (body: Record<string, unknown>) => w.send('POST', '/jwt_api/license_agreements', { license_video: await ownVideo(), duration: '1 year', ...body });
const move = async (id: string, status: string) => w.send('PUT', `/jwt_api/license_agreements/${id}`, { status });

describe('license agreements', () => {
  it('lists the seeded agreements in the spec states, each with its fee and total', async () => {
    const { agreements, purchases } = await list();
    expect(agreements.length).toBeGreaterThan(3);
    expect(new Set(agreements.map((a) => a.status))).toEqual(new Set(['requested', 'accepted', 'declined', 'active', 'expired']));
    for (const a of agreements) expect([a.fee, a.total]).toEqual([licensingFee(a.price), Math.round((a.price + licensingFee(a.price)) * 100) / 100]);
    for (const p of purchases) expect(p.total).toBeCloseTo(p.amount + p.fee, 2);
  });

  it('asks for a license with the fee of the rule at its edges, then accepted and paid it runs for its duration', async () => {
    const cheap = (await request({ price: 0.99 })).json() as { license_agreement: LicenseAgreement };
    expect(cheap.license_agreement).toMatchObject({ status: 'requested', price: 0.99, fee: 6, total: 6.99, expires_at: null });
    const response = await request({ price: 1, influencer_video_note: 'Please credit me.' });
    const agreement = (response.json() as { license_agreement: LicenseAgreement }).license_agreement;
    expect(agreement).toMatchObject({ fee: 0.2, total: 1.2, influencer_video_note: 'Please credit me.' });

    const early = await move(agreement._id, 'active');
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe('A requested license cannot become active; it can become accepted or declined.');
    expect((await move(agreement._id, 'accepted')).json().license_agreement.status).toBe('accepted');
    const paid = (await move(agreement._id, 'active')).json().license_agreement as LicenseAgreement;
    expect(paid.status).toBe('active');
    expect(paid.expires_at).toBe('2027-11-22T10:00:00.000Z');
    expect(paid.history.map((h) => [h.status, h.by])).toEqual([['requested', 'brand'], ['accepted', 'creator'], ['active', 'brand']]);
    const { purchases } = await list();
    expect(purchases[0]).toMatchObject({ agreement_id: agreement._id, amount: 1, fee: 0.2, total: 1.2, expires_at: '2027-11-22T10:00:00.000Z' });
  });

  it('refuses another brand\'s video, a negative or non-numeric price and an unknown duration, with a sentence', async () => {
    const competitorVideo = (await firstValue(w.sql, 'SELECT id FROM videos WHERE brand_id = ? LIMIT 1', [w.competitorIds[0] ?? ''])) as string;
    expect((await request({ price: 10, license_video: competitorVideo })).statusCode).toBe(404);
    const negative = await request({ price: -1 });
    expect([negative.statusCode, negative.json().message]).toEqual([400, expect.stringContaining('A price cannot be negative.')]);
    expect((await request({ price: 'ten' })).statusCode).toBe(400);
    expect((await request({ price: 10, duration: '3 weeks' })).json().message).toContain('The duration is one of 6 months, 1 year, 2 years.');
    expect((await w.get('/jwt_api/license_agreements/nope')).statusCode).toBe(404);
  });

  it('expires a paid license when its period is over, and marks one ending within 14 days', async () => {
    const { agreements } = await list();
    const active = agreements.filter((a) => a.status === 'active');
    expect(active.length).toBeGreaterThan(1);
    const [ending, over] = active as [LicenseAgreement, LicenseAgreement];
    const setEnd = (expiresAt: string, agreementId: string) => w.sql.run('UPDATE license_purchases SET expires_at = ? WHERE agreement_id = ?', [expiresAt, agreementId]);
    await setEnd(new Date(NOW.getTime() + 10 * 86_400_000).toISOString(), ending._id);
    const overEnd = new Date(NOW.getTime() - 86_400_000).toISOString();
    await setEnd(overEnd, over._id);
    const after = (await list()).agreements;
    expect(after.find((a) => a._id === ending._id)).toMatchObject({ status: 'active', expiring_soon: true });
    const expired = after.find((a) => a._id === over._id)!;
    expect(expired.status).toBe('expired');
    // Dated the day the period ended, not the day it was next read.
    expect(expired.history.at(-1)).toMatchObject({ status: 'expired', by: 'system', at: overEnd });
  });
});

describe('the expiry notice rule', () => {
  it('marks the last 14 days of a license and nothing after its end', () => {
    const day = 86_400_000;
    expect(licenseExpiringSoon(new Date(NOW.getTime() + 14 * day).toISOString(), NOW)).toBe(true);
    expect(licenseExpiringSoon(new Date(NOW.getTime() + 14 * day + 1).toISOString(), NOW)).toBe(false);
    expect(licenseExpiringSoon(new Date(NOW.getTime() - 1).toISOString(), NOW)).toBe(false);
    expect(licenseExpiringSoon(null, NOW)).toBe(false);
  });
});

describe('purchase history CSV', () => {
  it('holds every purchase with its fee and total, a BOM and the header row', async () => {
    const { purchases } = await list();
    const response = await w.get('/jwt_api/license_agreements/purchases.csv');
    expect(response.headers['content-type']).toContain('text/csv');
    expect(response.body.charCodeAt(0)).toBe(0xfeff);
    const records = parseCsv(response.body.slice(1));
    expect(records[0]).toEqual([...PURCHASE_CSV_COLUMNS]);
    expect(records.slice(1).filter((r) => r.length > 1).map((r) => [r[1], Number(r[4]), Number(r[5]), Number(r[6])]))
      .toEqual(purchases.map((p) => [p.video_title, p.amount, p.fee, p.total]));
  });
});
