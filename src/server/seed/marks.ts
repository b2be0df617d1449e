import type Database from 'better-sqlite3';
import { REPORT_REASONS } from '../../shared/constants';
import type { SeededAccounts } from './accounts';
import { type SeedClock } from './clock';
import type { Prng } from './prng';

const NOTE_TEXTS = [
  'Great hook in the first 5 seconds — reuse for the spring campaign.',
  'Ask the creator about licensing this for paid social.',
  'Negative comments about the price; share with the pricing team.',
  'Mentions the competitor twice. Check the comparison claims.',
  'Strong before/after shots. Candidate for the homepage carousel.',
  'Audio is poor; only usable with captions.',
  'Follow up: creator offered a second video in Spanish.',
  'Product shown is the old packaging.',
  'Shared with legal: health claim at 01:12.',
  'Top performer this quarter — 3x our average engagement.',
] as const;

export interface MarkCounts {
  notes: number;
  marks: number;
}

/**
 * Notes, favorites, flags (with a report reason) and trash entries of the brand manager, on a share of every
 * own brand's videos (its own and its competitors'), products and creators. Rates are per item, so counts scale.
 */
export function seedMarks(db: Database.Database, rng: Prng, accounts: SeededAccounts, clock: SeedClock): MarkCounts {
  const insertNote = db.prepare(
    'INSERT INTO notes (id, kind, target_id, brand_id, user_id, content, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
  );
  const insertMark = db.prepare('INSERT INTO marks (mark, kind, target_id, brand_id, user_id, reason, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)');
  const insertFavorite = db.prepare('INSERT INTO favorites (kind, target_id, brand_id, user_id, created_at) VALUES (?, ?, ?, ?, ?)');
  const counts: MarkCounts = { notes: 0, marks: 0 };
  const user = accounts.managerId;

  const note = (kind: string, targetId: string, brandId: string): void => {
    const created = rng.float(1, 300);
    insertNote.run(rng.hexId(), kind, targetId, brandId, user, rng.pick(NOTE_TEXTS), clock.daysAgo(created), clock.daysAgo(created * rng.float(0.2, 1)));
    counts.notes += 1;
  };
  const mark = (type: string, kind: string, targetId: string, brandId: string, reason: string | null = null): void => {
    // A favorite is the manager's own (issue 29); flags and trash are the brand's.
    if (type === 'favorite') insertFavorite.run(kind, targetId, brandId, user, clock.daysAgo(rng.float(0.5, 200)));
    else insertMark.run(type, kind, targetId, brandId, user, reason, clock.daysAgo(rng.float(0.5, 200)));
    counts.marks += 1;
  };

  db.transaction(() => {
    for (const own of accounts.ownBrands) {
      const scope = [own.id, ...accounts.competitorBrands.filter((brand) => brand.competitorOf === own.id).map((brand) => brand.id)];
      const placeholders = scope.map(() => '?').join(',');
      const videos = db.prepare(`SELECT id FROM videos WHERE brand_id IN (${placeholders}) ORDER BY id`).pluck().all(...scope) as string[];
      for (const id of videos) {
        if (rng.chance(0.03)) note('video', id, own.id);
        const r = rng.next();
        if (r < 0.02) mark('trash', 'video', id, own.id);
        else if (r < 0.06) mark('favorite', 'video', id, own.id);
        else if (r < 0.075) mark('flag', 'video', id, own.id, rng.pick(REPORT_REASONS));
      }
      const products = db.prepare(`SELECT id FROM products WHERE brand_id IN (${placeholders}) ORDER BY id`).pluck().all(...scope) as string[];
      const unmarked: string[] = [];
      let trashed = 0;
      for (const id of products) {
        if (rng.chance(0.3)) note('product', id, own.id);
        const r = rng.next();
        if (r < 0.08) {
          mark('trash', 'product', id, own.id);
          trashed += 1;
        } else if (r < 0.3) mark('favorite', 'product', id, own.id);
        else unmarked.push(id);
      }
      // Every brand's Trash tab has something to restore, whatever the draws gave.
      if (trashed === 0 && unmarked.length > 0) mark('trash', 'product', rng.pick(unmarked), own.id);
      const creators = db.prepare(`SELECT id FROM creators WHERE brand_id IN (${placeholders}) ORDER BY id`).pluck().all(...scope) as string[];
      for (const id of creators) if (rng.chance(0.1)) note('influencer', id, own.id);
    }
  })();
  return counts;
}
