// SQLite only (not in bothEngineTests.ts): it kills the embedded back end while it writes its SQLite file (tests/unit/server/postgres covers PostgreSQL).
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { useTempDir } from './support/cliProcess';
import { killDuringWritesAndRestart } from './support/crashDuringWrites';

// The embedded back end killed with SIGKILL during acknowledged writes (support/crashDuringWrites.ts): the SQLite file
// is intact and every acknowledged write is there after a restart on the same folder.

describe('a back end killed during writes', () => {
  const temp = useTempDir('reelscope-crash-');

  it('keeps every acknowledged write and starts again whole', async () => {
    await killDuringWritesAndRestart({ REELSCOPE_PORT: '0', REELSCOPE_DATA_DIR: temp.path, REELSCOPE_SEED: '1' }, () => {
      const db = new Database(join(temp.path, 'reelscope.sqlite'));
      expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
      db.close();
    });
  }, 120_000);
});
