import { test as base } from '@playwright/test';
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, startLoadBalancer, type LoadBalancer } from '../../shared/loadBalancer';
import { startLocalBucket, type LocalBucket } from '../../unit/server/support/localBucket';
import { startStackDatabase, type StackDatabase } from './engine';
import { startNode, stopChild, waitForHttp } from './stack';

/** One back-end process of the team server, and when it last logged an answer (a request line of its log). */
interface Instance {
  port: number;
  child: ChildProcess;
  lastAnswerAt: number;
}

/**
 * A team server as a team runs it, on loopback: one throwaway PostgreSQL (seeded with the demo workspace), the media in
 * a local S3-compatible bucket (s3rver), two back-end instances sharing their secrets, deploy/nginx.conf's nginx round
 * robin in front of them, and the web host
 * (`npm run web`'s server) pointed at nginx's address. The renderer knows only that one address.
 */
export class ClusterStack {
  readonly folder = mkdtempSync(join(tmpdir(), 'reelscope-e2e-cluster-'));
  /** The access-token secret every instance holds (REELSCOPE_JWT_SECRET): a token one signs works on the other. */
  readonly jwtSecret = randomBytes(48);
  private readonly mediaUrlSecret = randomBytes(32);
  readonly instances: Instance[] = [];
  webPort = 0;
  private database: StackDatabase | null = null;
  private bucket: LocalBucket | null = null;
  private balancer: LoadBalancer | null = null;
  private web: ChildProcess | null = null;

  get webUrl(): string {
    return `http://127.0.0.1:${this.webPort}`;
  }
  /** nginx: the only back-end address the app and the tests use. */
  get backendUrl(): string {
    return this.balancer?.url ?? '';
  }

  async start(): Promise<void> {
    this.webPort = await freePort();
    this.database = await startStackDatabase();
    // Each instance has its own data folder: a video's file must be in the one bucket for either to serve it.
    this.bucket = await startLocalBucket();
    // The first instance migrates and seeds the empty database; the second starts on the seeded one, as a team's
    // second server joins the first.
    await this.startInstance('a', {});
    await this.database.confirm(join(this.folder, 'a'));
    await this.startInstance('b', { REELSCOPE_SEED: '0' });
    this.balancer = await startLoadBalancer(this.folder, this.instances.map((instance) => instance.port));
    const web = startNode('src/server/webHost/cli.ts', {
      REELSCOPE_WEB_PORT: String(this.webPort),
      REELSCOPE_BACKEND_URL: this.backendUrl,
      REELSCOPE_DATA_DIR: join(this.folder, 'host'),
    });
    this.web = web.child;
    await waitForHttp(this.webUrl, web.child, web.output);
  }

  private async startInstance(name: string, env: Record<string, string>): Promise<void> {
    const dataDir = join(this.folder, name);
    mkdirSync(dataDir, { mode: 0o700 });
    const port = await freePort();
    const started = startNode('src/server/cli.ts', {
      REELSCOPE_PORT: String(port),
      REELSCOPE_DATA_DIR: dataDir,
      REELSCOPE_WEB_PORT: String(this.webPort),
      REELSCOPE_JWT_SECRET: this.jwtSecret.toString('hex'),
      REELSCOPE_MEDIA_URL_SECRET: this.mediaUrlSecret.toString('hex'),
      // nginx's X-Forwarded-For is believed from loopback only; one log line per answer tells which instance answered.
      REELSCOPE_TRUSTED_PROXIES: '127.0.0.1',
      REELSCOPE_LOG_LEVEL: 'info',
      // As on the one-back-end stack: subtitles only, the machine kept free for the cluster's own story.
      REELSCOPE_MEDIA_ANALYSIS: 'off',
      ...this.database?.backendEnv,
      ...this.bucket?.env,
      ...env,
    }, (chunk) => {
      if (chunk.includes('"url":')) instance.lastAnswerAt = performance.now();
    });
    const instance: Instance = { port, child: started.child, lastAnswerAt: 0 };
    this.instances.push(instance);
    await waitForHttp(`http://127.0.0.1:${port}/readyz`, started.child, started.output);
  }

  /** Kills the instance that answered last (the one the session was just talking to) with `signal`; resolves once it is gone. */
  async killLastAnswering(signal: NodeJS.Signals): Promise<Instance> {
    const last = this.instances.reduce((a, b) => (b.lastAnswerAt > a.lastAnswerAt ? b : a));
    const exited = new Promise<void>((done) => last.child.once('exit', () => done()));
    last.child.kill(signal);
    await exited;
    return last;
  }

  async stop(): Promise<void> {
    await stopChild(this.web);
    await this.balancer?.stop();
    for (const instance of this.instances) await stopChild(instance.child);
    await this.database?.remove();
    await this.bucket?.close();
    rmSync(this.folder, { recursive: true, force: true });
  }
}

/** One cluster per worker (the config runs one worker). */
export const test = base.extend<object, { cluster: ClusterStack }>({
  cluster: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const cluster = new ClusterStack();
      try {
        await cluster.start();
        await use(cluster);
      } finally {
        await cluster.stop();
      }
    },
    { scope: 'worker', timeout: 180_000 },
  ],
});
