import { describe, expect, it } from 'vitest';
import { useTempDir } from '../support/cliProcess';
import { killDuringWritesAndRestart } from '../support/crashDuringWrites';
import { usePgTestCluster } from './support/pgTestCluster';

// Issue 27, "Done when": the team server's back end (REELSCOPE_DATABASE_URL, a real PostgreSQL on loopback) killed
// with SIGKILL during acknowledged writes loses none of them (support/crashDuringWrites.ts, the scenario the embedded
// engine runs in ../crashDuringWrites.test.ts).

const pgCluster = usePgTestCluster();

describe('a team server back end killed during writes', () => {
  const temp = useTempDir('reelscope-pg-crash-');

  it('keeps every acknowledged write and starts again whole', async () => {
    const url = await pgCluster.createDatabase();
    const database = new URL(url).pathname.slice(1);
    await killDuringWritesAndRestart({ REELSCOPE_PORT: '0', REELSCOPE_DATA_DIR: temp.path, REELSCOPE_SEED: '1', REELSCOPE_DATABASE_URL: url }, async () => {
      // PostgreSQL rolls back what the killed back end's sessions had not committed once it sees their sockets
      // closed; the restart below then finds only committed rows, and no transaction of the dead process is left open.
      let open = -1;
      for (let attempt = 0; attempt < 100 && open !== 0; attempt++) {
        if (attempt > 0) await new Promise((done) => setTimeout(done, 50));
        open = Number((await pgCluster.admin('SELECT COUNT(*) AS n FROM pg_stat_activity WHERE datname = $1', [database])).rows[0].n);
      }
      expect(open).toBe(0);
    });
  }, 180_000);
});
