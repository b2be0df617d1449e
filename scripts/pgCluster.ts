/**
 * Starts scripts/pg-cluster.sh (a throwaway PostgreSQL cluster on a loopback port) from tests and benches, and
 * removes it again. The shell script is the one place that knows how to start and delete a cluster; this module keeps
 * it alive through its stdin, so the cluster also goes away when this process dies without calling `stop()`.
 */
import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

const SCRIPT = join(dirname(fileURLToPath(import.meta.url)), 'pg-cluster.sh');

export interface PgCluster {
  /** Connection URL of the cluster's `postgres` database as its superuser (trust authentication on 127.0.0.1). */
  url: string;
  /** Port the cluster listens on (127.0.0.1). */
  port: number;
  /** Stops the cluster and deletes its folder; resolves once both are done. */
  stop: () => Promise<void>;
  /** Stops the server (its data kept) until `resume`: the database is unreachable meanwhile. */
  pause: () => Promise<void>;
  /** Starts the paused server again on the same port. */
  resume: () => Promise<void>;
}

/** Starts a cluster; rejects with the script's own words when PostgreSQL is missing or does not start. */
export function startPgCluster(): Promise<PgCluster> {
  const child = spawn('bash', [SCRIPT], { stdio: ['pipe', 'pipe', 'pipe'] });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  return new Promise<PgCluster>((resolve, reject) => {
    const lines = createInterface({ input: child.stdout });
    lines.once('line', (url) => {
      const stop = async (): Promise<void> => {
        // Closing stdin ends the script's wait; its exit trap stops the server and deletes the folder.
        child.stdin.end();
        await exited;
        lines.close();
      };
      const signal = (name: 'SIGUSR1' | 'SIGUSR2', answer: string) => new Promise<void>((done) => {
        const heard = (line: string) => {
          if (line !== answer) return;
          lines.off('line', heard);
          done();
        };
        lines.on('line', heard);
        child.kill(name);
      });
      resolve({ url, port: Number(new URL(url).port), stop, pause: () => signal('SIGUSR1', 'stopped'), resume: () => signal('SIGUSR2', 'started') });
    });
    child.once('exit', (code) => reject(new Error(stderr.trim() || `scripts/pg-cluster.sh exited with ${code}`)));
  });
}

/** The URL of database `name` in the cluster at `clusterUrl`. */
export function databaseUrl(clusterUrl: string, name: string): string {
  const url = new URL(clusterUrl);
  url.pathname = `/${name}`;
  return url.toString();
}
