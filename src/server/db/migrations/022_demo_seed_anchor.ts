import type { Migration } from './index';

/**
 * The day the demo workspace was seeded (issue 26 item 14): its dates are offsets from that day, so a fresh install
 * looks live on any date. Kept so what is derived from the seed later (a bench top-up, a test) uses the same day,
 * and a restart never moves it. One row, or none in a workspace that was not seeded.
 */
export const migration022DemoSeedAnchor: Migration = {
  version: 22,
  name: 'demo_seed_anchor',
  up: `
CREATE TABLE demo_seed (
  only_row INTEGER PRIMARY KEY CHECK (only_row = 1),
  anchor_day TEXT NOT NULL
);
`,
};
