/**
 * Vitest global set-up of the server tests (vitest.config.ts): REELSCOPE_TEST_SEED_CACHE, a folder of seeded demo
 * workspaces (testEngine.ts, `openTestDatabase`'s `cached`), so a deterministic seed runs once per run and each further
 * test file copies its file instead of seeding again. Made in the main process; the test processes inherit it.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export default function setup(): () => void {
  const cache = mkdtempSync(join(tmpdir(), 'reelscope-seed-cache-'));
  process.env.REELSCOPE_TEST_SEED_CACHE = cache;
  return () => rmSync(cache, { recursive: true, force: true });
}
