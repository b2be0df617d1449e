import { randomBytes } from 'node:crypto';
import type Database from 'better-sqlite3';
import type { LicenseAgreement, LicensePurchase, LicenseState } from '../../../shared/http/licensing.schemas';
import { LicenseHistoryEntrySchema } from '../../../shared/http/licensing.schemas';
import { LICENSING_DURATIONS } from '../../../shared/constants';
import { cents, licenseExpiringSoon, licenseTotal } from '../../../shared/rules/licensing';
import { parse } from '../../search/columnValues';

/** The stored vocabulary (migration 002) and the spec's: a declined request is stored 'rejected', a paid one 'paid'. */
const FROM_STORED: Readonly<Record<string, LicenseState>> = { requested: 'requested', accepted: 'accepted', rejected: 'declined', paid: 'active', expired: 'expired' };
const TO_STORED: Readonly<Record<LicenseState, string>> = { requested: 'requested', accepted: 'accepted', declined: 'rejected', active: 'paid', expired: 'expired' };

interface AgreementRow {
  id: string; brand_id: string; requester_id: string; video_id: string; video_title: string; thumbnail_url: string | null; creator_name: string | null;
  duration: string; price: number; fee: number; status: string; influencer_video_note: string | null; history: string; expires_at: string | null;
  created_at: string; updated_at: string;
}

export interface HistoryEntry { status: LicenseState; at: string; by: string; note: string }

const newId = () => randomBytes(12).toString('hex');
const duration = (value: string) => LICENSING_DURATIONS.find((d) => d === value) ?? '1 year';

function historyOf(text: string): HistoryEntry[] {
  const raw = parse(text);
  if (!Array.isArray(raw)) return [];
  return raw.flatMap((entry: unknown) => {
    const stored = entry as { status?: string };
    const parsed = LicenseHistoryEntrySchema.safeParse({ ...stored, status: FROM_STORED[stored.status ?? ''] });
    return parsed.success ? [parsed.data] : [];
  });
}

/** License agreements and purchases of a brand (issue 14); another brand's agreement is not found. */
export function createLicenseRepository(db: Database.Database) {
  const select = `SELECT a.id, a.brand_id, a.requester_id, a.video_id, v.title AS video_title, v.thumbnail_url, c.name AS creator_name, a.duration, a.price,
    a.fee, a.status, a.influencer_video_note, a.history, (SELECT MAX(p.expires_at) FROM license_purchases p WHERE p.agreement_id = a.id) AS expires_at,
    a.created_at, a.updated_at FROM license_agreements a JOIN videos v ON v.id = a.video_id LEFT JOIN creators c ON c.id = a.creator_id`;
  const list = db.prepare(`${select} WHERE a.brand_id = ? ORDER BY a.updated_at DESC, a.id DESC`);
  const find = db.prepare(`${select} WHERE a.id = ? AND a.brand_id = ?`);
  const purchases = db.prepare(`SELECT p.id, p.agreement_id, a.video_id, v.title AS video_title, a.duration, p.amount, p.fee, p.purchased_at, p.expires_at
    FROM license_purchases p JOIN license_agreements a ON a.id = p.agreement_id JOIN videos v ON v.id = a.video_id WHERE a.brand_id = ? ORDER BY p.purchased_at DESC, p.id DESC`);
  const insert = db.prepare(`INSERT INTO license_agreements (id, brand_id, requester_id, video_id, creator_id, duration, price, fee, status, influencer_video_note, history, created_at, updated_at)
    VALUES (@id, @brand_id, @requester_id, @video_id, (SELECT creator_id FROM videos WHERE id = @video_id), @duration, @price, @fee, 'requested', @note, @history, @at, @at)`);
  const setState = db.prepare('UPDATE license_agreements SET status = ?, history = ?, influencer_video_note = COALESCE(?, influencer_video_note), updated_at = ? WHERE id = ?');
  const insertPurchase = db.prepare('INSERT INTO license_purchases (id, agreement_id, amount, fee, purchased_at, expires_at) VALUES (?, ?, ?, ?, ?, ?)');
  const overdue = db.prepare(`SELECT id, history, expires_at FROM (SELECT a.id, a.history, (SELECT MAX(p.expires_at) FROM license_purchases p WHERE p.agreement_id = a.id) AS expires_at
    FROM license_agreements a WHERE a.brand_id = ? AND a.status = 'paid') WHERE expires_at <= ?`);

  const toAgreement = (row: AgreementRow, now: Date): LicenseAgreement => {
    const status = FROM_STORED[row.status] ?? 'requested';
    return {
      _id: row.id, brand_id: row.brand_id, requester_id: row.requester_id, video_id: row.video_id, video_title: row.video_title, thumbnail_url: row.thumbnail_url,
      creator_name: row.creator_name, duration: duration(row.duration), price: row.price, fee: row.fee, total: licenseTotal(row.price), status,
      influencer_video_note: row.influencer_video_note, history: historyOf(row.history), expires_at: status === 'active' || status === 'expired' ? row.expires_at : null,
      expiring_soon: status === 'active' && licenseExpiringSoon(row.expires_at, now), created_at: row.created_at, updated_at: row.updated_at,
    };
  };

  /**
   * Active licenses whose period is over become expired, before any read; the history dates it the day the period
   * ended, not the day someone next looked.
   */
  const expire = db.transaction((brandId: string, now: Date) => {
    for (const row of overdue.all(brandId, now.toISOString()) as { id: string; history: string; expires_at: string }[]) {
      const history = [...(parse(row.history) as unknown[] ?? []), { status: 'expired', at: row.expires_at, by: 'system', note: 'License period ended.' }];
      setState.run('expired', JSON.stringify(history), null, row.expires_at, row.id);
    }
  });

  return {
    list(brandId: string, now: Date): { agreements: LicenseAgreement[]; purchases: LicensePurchase[] } {
      expire(brandId, now);
      return {
        agreements: (list.all(brandId) as AgreementRow[]).map((row) => toAgreement(row, now)),
        purchases: (purchases.all(brandId) as (Omit<LicensePurchase, '_id' | 'total' | 'duration'> & { id: string; duration: string })[]).map((row) => ({
          _id: row.id, agreement_id: row.agreement_id, video_id: row.video_id, video_title: row.video_title, duration: duration(row.duration),
          amount: row.amount, fee: row.fee, total: cents(row.amount + row.fee), purchased_at: row.purchased_at, expires_at: row.expires_at,
        })),
      };
    },
    find(id: string, brandId: string, now: Date): LicenseAgreement | null {
      expire(brandId, now);
      const row = find.get(id, brandId) as AgreementRow | undefined;
      return row ? toAgreement(row, now) : null;
    },
    create(input: { brandId: string; requesterId: string; videoId: string; duration: string; price: number; fee: number; note: string | null }, now: Date): string {
      const id = newId();
      const at = now.toISOString();
      const history = [{ status: 'requested', at, by: 'brand', note: `Request to license for ${input.duration} at $${input.price.toFixed(2)}.` }];
      insert.run({ id, brand_id: input.brandId, requester_id: input.requesterId, video_id: input.videoId, duration: input.duration, price: input.price, fee: input.fee,
        note: input.note, history: JSON.stringify(history), at });
      return id;
    },
    /** Moves an agreement to `next` (already checked against the transitions), recording who and why; paying starts the period. */
    move: db.transaction((agreement: LicenseAgreement, next: LicenseState, entry: { by: string; note: string }, note: string | null, now: Date, end: Date | null) => {
      const at = now.toISOString();
      const history = [...agreement.history, { status: next, at, ...entry }].map((h) => ({ ...h, status: TO_STORED[h.status] }));
      setState.run(TO_STORED[next], JSON.stringify(history), note, at, agreement._id);
      if (end) insertPurchase.run(newId(), agreement._id, agreement.price, agreement.fee, at, end.toISOString());
    }),
  };
}
