import { describe, expect, it } from 'vitest';
import { createLicenseRepository } from '../../../../src/server/repositories/licensing/licenseRepository';
import { useBothEngines } from './support/bothEngines';
import { answersAlike, AT, BRAND_VIDEO_ROWS } from './support/brandVideoRows';

const both = useBothEngines(BRAND_VIDEO_ROWS);
const NOW = new Date(AT);
const END = new Date('2027-11-26T10:00:00.000Z');

describe('the license repository answers alike on SQLite and PostgreSQL', () => {
  it('requests, accepts and pays a license (a purchase with its end), and expires it when read after the end, dated the day it ended', async () => {
    await answersAlike(both.engines(), async (sql, name) => {
      const licenses = createLicenseRepository(sql);
      const id = await licenses.create({ brandId: 'b1', requesterId: 'u1', videoId: 'v1', duration: '1 year', price: 100, fee: 20, note: 'For the spring ads' }, NOW);
      const requested = (await licenses.find(id, 'b1', NOW))!;
      expect(requested, name).toMatchObject({ status: 'requested', creator_name: 'Maya', video_title: 'Serum routine', total: 120, influencer_video_note: 'For the spring ads' });
      expect(await licenses.find(id, 'b2', NOW), name).toBeNull();
      await licenses.move(requested, 'accepted', { by: 'creator', note: 'The creator accepted.' }, null, NOW, null);
      const accepted = (await licenses.find(id, 'b1', NOW))!;
      await licenses.move(accepted, 'active', { by: 'brand', note: 'Paid; the license is active.' }, null, NOW, END);
      const paid = await licenses.list('b1', NOW);
      expect(paid.agreements.map((a) => [a.status, a.expires_at, a.influencer_video_note]), name).toEqual([['active', END.toISOString(), 'For the spring ads']]);
      expect(paid.purchases.map((p) => [p.video_id, p.amount, p.fee, p.total, p.expires_at]), name).toEqual([['v1', 100, 20, 120, END.toISOString()]]);
      const later = await licenses.list('b1', new Date('2028-01-01T00:00:00.000Z'));
      const expired = later.agreements[0]!;
      expect([expired.status, expired.history.map((h) => h.status), expired.history.at(-1)?.at], name).toEqual([
        'expired', ['requested', 'accepted', 'active', 'expired'], END.toISOString(),
      ]);
      expect((await licenses.list('b2', NOW)).agreements, name).toEqual([]);
      const strip = <T extends { _id: string }>(rows: T[]) => rows.map(({ _id, ...row }) => ({ ...row, agreement_id: undefined }));
      return { paid: { agreements: strip(paid.agreements), purchases: strip(paid.purchases) }, later: strip(later.agreements) };
    });
  });
});
