import { randomBytes } from 'node:crypto';
import type { SqlClient } from '../../db/sqlClient';
import type { LicenseAgreement, LicensePurchase, LicenseState } from '../../../shared/http/licensing.schemas';
import { LicenseHistoryEntrySchema } from '../../../shared/http/licensing.schemas';
import { LICENSING_DURATIONS } from '../../../shared/constants';
import { cents, licenseExpiringSoon, licenseTotal } from '../../../shared/rules/licensing';
import { parse } from '../../search/columnValues';
import { PERSON_NAME, personOf } from '../team/authorship';

/** The stored vocabulary (migration 002) and the spec's: a declined request is stored 'rejected', a paid one 'paid'. */
const FROM_STORED: Readonly<Record<string, LicenseState>> = { requested: 'requested', accepted: 'accepted', rejected: 'declined', paid: 'active', expired: 'expired' };
const TO_STORED: Readonly<Record<LicenseState, string>> = { requested: 'requested', accepted: 'accepted', declined: 'rejected', active: 'paid', expired: 'expired' };

interface AgreementRow {
  id: string; brand_id: string; requester_id: string; video_id: string; video_title: string; thumbnail_url: string | null; creator_name: string | null;
  duration: string; price: number; fee: number; status: string; influencer_video_note: string | null; history: string; expires_at: string | null;
  created_at: string; updated_at: string; requester_name: string | null;
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

type PurchaseRow = Omit<LicensePurchase, '_id' | 'total' | 'duration'> & { id: string; duration: string };

const SELECT_AGREEMENTS = `SELECT a.id, a.brand_id, a.requester_id, a.video_id, v.title AS video_title, v.thumbnail_url, c.name AS creator_name, a.duration, a.price,
    a.fee, a.status, a.influencer_video_note, a.history, (SELECT MAX(p.expires_at) FROM license_purchases p WHERE p.agreement_id = a.id) AS expires_at,
    a.created_at, a.updated_at, ${PERSON_NAME('ru')} AS requester_name
    FROM license_agreements a JOIN videos v ON v.id = a.video_id LEFT JOIN creators c ON c.id = a.creator_id LEFT JOIN users ru ON ru.id = a.requester_id`;
const SET_STATE = 'UPDATE license_agreements SET status = ?, history = ?, influencer_video_note = COALESCE(?, influencer_video_note), updated_at = ? WHERE id = ?';

/** License agreements and purchases of a brand (issue 14); another brand's agreement is not found. The same texts on both engines. */
export function createLicenseRepository(sql: SqlClient) {
  const toAgreement = (row: AgreementRow, now: Date): LicenseAgreement => {
    const status = FROM_STORED[row.status] ?? 'requested';
    return {
      _id: row.id, brand_id: row.brand_id, requester_id: row.requester_id, requested_by: personOf(row.requester_id, row.requester_name), video_id: row.video_id, video_title: row.video_title, thumbnail_url: row.thumbnail_url,
      creator_name: row.creator_name, duration: duration(row.duration), price: row.price, fee: row.fee, total: licenseTotal(row.price), status,
      influencer_video_note: row.influencer_video_note, history: historyOf(row.history), expires_at: status === 'active' || status === 'expired' ? row.expires_at : null,
      expiring_soon: status === 'active' && licenseExpiringSoon(row.expires_at, now), created_at: row.created_at, updated_at: row.updated_at,
    };
  };

  /**
   * Active licenses whose period is over become expired, before any read; the history dates it the day the period
   * ended, not the day someone next looked. One transaction: a read never sees half of them moved.
   */
  const expire = (brandId: string, now: Date): Promise<void> => sql.transaction(async (tx) => {
    const overdue = await tx.all<{ id: string; history: string; expires_at: string }>(
      `SELECT id, history, expires_at FROM (SELECT a.id, a.history, (SELECT MAX(p.expires_at) FROM license_purchases p WHERE p.agreement_id = a.id) AS expires_at
        FROM license_agreements a WHERE a.brand_id = ? AND a.status = 'paid') AS paid WHERE expires_at <= ?`, [brandId, now.toISOString()]);
    for (const row of overdue) {
      const history = [...(parse(row.history) as unknown[] ?? []), { status: 'expired', at: row.expires_at, by: 'system', note: 'License period ended.' }];
      await tx.run(SET_STATE, ['expired', JSON.stringify(history), null, row.expires_at, row.id]);
    }
  });

  return {
    /** Moves the brand's licenses whose period is over to expired (the live streams call it, so an ending arrives). */
    expireEnded: expire,
    async list(brandId: string, now: Date): Promise<{ agreements: LicenseAgreement[]; purchases: LicensePurchase[] }> {
      await expire(brandId, now);
      const agreements = await sql.all<AgreementRow>(`${SELECT_AGREEMENTS} WHERE a.brand_id = ? ORDER BY a.updated_at DESC, a.id DESC`, [brandId]);
      const purchases = await sql.all<PurchaseRow>(`SELECT p.id, p.agreement_id, a.video_id, v.title AS video_title, a.duration, p.amount, p.fee, p.purchased_at, p.expires_at
        FROM license_purchases p JOIN license_agreements a ON a.id = p.agreement_id JOIN videos v ON v.id = a.video_id WHERE a.brand_id = ?
        ORDER BY p.purchased_at DESC, p.id DESC`, [brandId]);
      return {
        agreements: agreements.map((row) => toAgreement(row, now)),
        purchases: purchases.map((row) => ({
          _id: row.id, agreement_id: row.agreement_id, video_id: row.video_id, video_title: row.video_title, duration: duration(row.duration),
          amount: row.amount, fee: row.fee, total: cents(row.amount + row.fee), purchased_at: row.purchased_at, expires_at: row.expires_at,
        })),
      };
    },
    async find(id: string, brandId: string, now: Date): Promise<LicenseAgreement | null> {
      await expire(brandId, now);
      const row = await sql.get<AgreementRow>(`${SELECT_AGREEMENTS} WHERE a.id = ? AND a.brand_id = ?`, [id, brandId]);
      return row ? toAgreement(row, now) : null;
    },
    async create(input: { brandId: string; requesterId: string; videoId: string; duration: string; price: number; fee: number; note: string | null }, now: Date): Promise<string> {
      const id = newId();
      const at = now.toISOString();
      const history = [{ status: 'requested', at, by: 'brand', note: `Request to license for ${input.duration} at $${input.price.toFixed(2)}.` }];
      await sql.run(`INSERT INTO license_agreements (id, brand_id, requester_id, video_id, creator_id, duration, price, fee, status, influencer_video_note, history, created_at, updated_at)
        VALUES (?, ?, ?, ?, (SELECT creator_id FROM videos WHERE id = ?), ?, ?, ?, 'requested', ?, ?, ?, ?)`,
      [id, input.brandId, input.requesterId, input.videoId, input.videoId, input.duration, input.price, input.fee, input.note, JSON.stringify(history), at, at]);
      return id;
    },
    /** Moves an agreement to `next` (already checked against the transitions), recording who and why; paying starts the period. */
    move: (agreement: LicenseAgreement, next: LicenseState, entry: { by: string; note: string }, note: string | null, now: Date, end: Date | null): Promise<void> =>
      sql.transaction(async (tx) => {
        const at = now.toISOString();
        const history = [...agreement.history, { status: next, at, ...entry }].map((h) => ({ ...h, status: TO_STORED[h.status] }));
        await tx.run(SET_STATE, [TO_STORED[next], JSON.stringify(history), note, at, agreement._id]);
        if (end) {
          await tx.run('INSERT INTO license_purchases (id, agreement_id, amount, fee, purchased_at, expires_at) VALUES (?, ?, ?, ?, ?, ?)',
            [newId(), agreement._id, agreement.price, agreement.fee, at, end.toISOString()]);
        }
      }),
  };
}
export type LicenseRepository = ReturnType<typeof createLicenseRepository>;
