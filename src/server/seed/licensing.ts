import type Database from 'better-sqlite3';
import { LICENSING_DURATIONS } from '../../shared/constants';
import type { LicenseStatus } from '../../shared/domain/workspace';
import { licenseEnd, licensingFee } from '../../shared/rules/licensing';
import type { SeededAccounts } from './accounts';
import { plusSeconds, type SeedClock } from './clock';
import type { Prng } from './prng';

// Every status appears; paid and expired agreements also have purchases.
const PLAN: readonly LicenseStatus[] = ['requested', 'requested', 'accepted', 'rejected', 'paid', 'paid', 'paid', 'expired'];

export interface LicenseCounts {
  licenseAgreements: number;
  licensePurchases: number;
}

/** License agreements on own-brand videos with a negotiation history; paid ones carry purchase rows (fee per spec §5). */
export function seedLicensing(db: Database.Database, rng: Prng, accounts: SeededAccounts, clock: SeedClock): LicenseCounts {
  const insertAgreement = db.prepare(
    `INSERT INTO license_agreements (id, brand_id, requester_id, video_id, creator_id, duration, price, fee, status, influencer_video_note,
       history, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const insertPurchase = db.prepare('INSERT INTO license_purchases (id, agreement_id, amount, fee, purchased_at, expires_at) VALUES (?, ?, ?, ?, ?, ?)');
  const counts: LicenseCounts = { licenseAgreements: 0, licensePurchases: 0 };

  db.transaction(() => {
    for (const brand of accounts.ownBrands) {
      const videos = db
        .prepare(`SELECT id, creator_id, licensing_duration, licensing_price FROM videos WHERE brand_id = ? AND analysis_stage = 'completed' ORDER BY id LIMIT 60`)
        .all(brand.id) as { id: string; creator_id: string | null; licensing_duration: string | null; licensing_price: number | null }[];
      for (const [i, video] of rng.sample(videos, PLAN.length).entries()) {
        const status = PLAN[i] ?? 'requested';
        const duration = LICENSING_DURATIONS.find((d) => d === video.licensing_duration) ?? rng.pick(LICENSING_DURATIONS);
        const price = video.licensing_price ?? Math.round(rng.float(40, 400) * 100) / 100;
        const created = clock.daysAgo(rng.int(30, 400));
        const history: { status: string; at: string; by: string; note: string }[] = [
          { status: 'requested', at: created, by: 'brand', note: `Request to license for ${duration}.` },
        ];
        let at = created;
        const step = (next: string, by: string, note: string): void => {
          at = plusSeconds(at, rng.int(1, 10) * 86400);
          history.push({ status: next, at, by, note });
        };
        if (status !== 'requested') step(status === 'rejected' ? 'rejected' : 'accepted', 'creator', status === 'rejected' ? 'Not available for paid use.' : 'Happy to license it.');
        if (status === 'paid' || status === 'expired') step('paid', 'brand', `Paid $${(price + licensingFee(price)).toFixed(2)} including fee.`);
        if (status === 'expired') step('expired', 'system', 'License period ended.');
        const id = rng.hexId();
        insertAgreement.run(
          id, brand.id, accounts.managerId, video.id, video.creator_id, duration, price, licensingFee(price), status,
          rng.chance(0.5) ? 'Please credit me in the caption.' : null, JSON.stringify(history), created, at,
        );
        counts.licenseAgreements += 1;
        const paid = history.find((entry) => entry.status === 'paid');
        if (paid) {
          insertPurchase.run(rng.hexId(), id, price, licensingFee(price), paid.at, licenseEnd(new Date(paid.at), duration).toISOString());
          counts.licensePurchases += 1;
        }
      }
    }
  })();
  return counts;
}
