/**
 * A team server in miniature for the cluster test (issue 28): several back-end instances, each its own process started
 * by the production command line (support/cliProcess.ts) on its own loopback port and data folder, all on one
 * PostgreSQL database (a throwaway cluster) with the same shared secrets and their media in one local S3-compatible
 * bucket (s3rver). `next()` is a round-robin client's choice of instance, skipping the ones killed.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readyMessage, startCli, type Started } from '../../support/cliProcess';
import { startLocalBucket, type LocalBucket } from '../../support/localBucket';
import { openTestDatabase, stopTestCluster, type TestDatabase } from '../../support/testEngine';
import { seedDemoWorkspace } from '../../../../../src/server/seed/index';

export interface Instance {
  name: string;
  url: string;
  started: Started;
  alive: boolean;
}

export interface BackEndCluster {
  database: TestDatabase;
  bucket: LocalBucket;
  /** Every instance started, in order (killed ones stay, `alive` false). */
  instances: Instance[];
  /** The live instances. */
  live(): Instance[];
  /** The next live instance in turn (a round-robin load balancer). */
  next(): Instance;
  /** Another live instance than `instance`. */
  other(instance: Instance): Instance;
  /** SIGKILL: the process dies mid-whatever, nothing closed. */
  kill(instance: Instance): Promise<void>;
  /** Starts one more instance like the others. */
  add(): Promise<Instance>;
  close(): Promise<void>;
}

/** Starts the database (the demo workspace at a small scale, moved into PostgreSQL), the bucket and `count` instances. */
export async function startBackEndCluster(count: number, env: Record<string, string>): Promise<BackEndCluster> {
  const folder = mkdtempSync(join(tmpdir(), 'reelscope-cluster-'));
  const [database, bucket] = await Promise.all([
    openTestDatabase({ engine: 'postgres', seed: (db) => seedDemoWorkspace(db, { mediaDir: join(folder, 'seed-media'), scale: 0.05, creatorScale: 0.1 }) }),
    startLocalBucket(),
  ]);
  const shared = {
    ...env, ...bucket.env,
    REELSCOPE_DATABASE_URL: database.url ?? '',
    REELSCOPE_JWT_SECRET: randomBytes(48).toString('base64'),
    REELSCOPE_MEDIA_URL_SECRET: randomBytes(32).toString('hex'),
    REELSCOPE_PORT: '0',
    REELSCOPE_LOG_LEVEL: 'error',
  };
  const instances: Instance[] = [];
  const add = async (): Promise<Instance> => {
    const name = `instance-${instances.length + 1}`;
    const dataDir = join(folder, name);
    const started = startCli({ ...shared, REELSCOPE_DATA_DIR: dataDir });
    const { url } = await readyMessage(started.child);
    const instance = { name, url, started, alive: true };
    instances.push(instance);
    return instance;
  };
  let turn = 0;
  const live = () => instances.filter((instance) => instance.alive);
  try {
    await Promise.all(Array.from({ length: count }, add));
  } catch (error) {
    for (const instance of instances) instance.started.child.kill('SIGKILL');
    throw error;
  }
  return {
    database,
    bucket,
    instances,
    live,
    next() {
      const candidates = live();
      turn = (turn + 1) % candidates.length;
      return candidates[turn]!;
    },
    other(instance) {
      const found = live().find((candidate) => candidate !== instance);
      if (!found) throw new Error('no other live instance');
      return found;
    },
    async kill(instance) {
      instance.alive = false;
      instance.started.child.kill('SIGKILL');
      await instance.started.exited;
    },
    add,
    async close() {
      await Promise.all(live().map(async (instance) => {
        instance.alive = false;
        // SIGCONT first: an instance a test paused would never hear the SIGTERM.
        instance.started.child.kill('SIGCONT');
        instance.started.child.kill('SIGTERM');
        await instance.started.exited;
      }));
      await database.close();
      await stopTestCluster();
      await bucket.close();
      rmSync(folder, { recursive: true, force: true });
    },
  };
}
