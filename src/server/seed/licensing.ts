import type Database from 'better-sqlite3';
import { LICENSING_DURATIONS } from '../../shared/constants';
import type { LicenseStatus } from '../../shared/domain/workspace';
import { licenseEnd, licensingFee } from '../../shared/rules/licensing';
import type { SeededAccounts } from './accounts';
import { plusSeconds, type SeedClock } from './clock';
import type { Prng } from './prng';

// Every status appears; paid and expired agreements also have purchases.
const PLAN: readonly LicenseStatus[] = ['requested', 'requested', 'accepted', 'rejected', 'paid', 'paid', 'paid', 'expired'];

const EXPIRED_DURATION = '6 months';
// Room for the request's two steps (up to 10 days each) and months of unequal length.
const EXPIRED_MARGIN_DAYS = 25;

/** Days a license period of `duration` lasts when it starts at the anchor (about 183, 365 or 730). */
function periodDays(clock: SeedClock, duration: (typeof LICENSING_DURATIONS)[number]): number {
  const anchor = new Date(clock.anchorMs);
  return Math.ceil((licenseEnd(anchor, duration).getTime() - anchor.getTime()) / 86_400_000);
}

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
        const offered = LICENSING_DURATIONS.find((d) => d === video.licensing_duration) ?? rng.pick(LICENSING_DURATIONS);
        // The expired one was a six-month license, so that its whole period fits in the months the demo shows.
        const duration = status === 'expired' ? EXPIRED_DURATION : offered;
        const price = video.licensing_price ?? Math.round(rng.float(40, 400) * 100) / 100;
        const daysAgo = rng.int(30, 400);
        // An expired license's whole period lies before the anchor (its end is history): it was asked for a period earlier.
        const created = clock.daysAgo(status === 'expired' ? periodDays(clock, duration) + EXPIRED_MARGIN_DAYS + (daysAgo % 60) : daysAgo);
        const history: { status: string; at: string; by: string; note: string }[] = [
          { status: 'requested', at: created, by: 'brand', note: `Request to license for ${duration}.` },
        ];
        let at = created;
        // `fixedAt` still takes its draw, so the draws after it stay where they were.
        const step = (next: string, by: string, note: string, fixedAt?: (previous: string) => string): void => {
          const drawn = plusSeconds(at, rng.int(1, 10) * 86400);
          at = fixedAt ? fixedAt(at) : drawn;
          history.push({ status: next, at, by, note });
        };
        if (status !== 'requested') step(status === 'rejected' ? 'rejected' : 'accepted', 'creator', status === 'rejected' ? 'Not available for paid use.' : 'Happy to license it.');
        if (status === 'paid' || status === 'expired') step('paid', 'brand', `Paid $${(price + licensingFee(price)).toFixed(2)} including fee.`);
        // A license expires the moment its period ends, not some days after payment.
        if (status === 'expired') step('expired', 'system', 'License period ended.', (paidAt) => licenseEnd(new Date(paidAt), duration).toISOString());
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
