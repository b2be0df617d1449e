import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { startPgCluster } from '../../../../scripts/pgCluster';

interface Where {
  dataDirectory: string;
  serverPid: number;
}

/** Where the cluster at `url` lives and its server's process id, asked of the cluster itself. */
async function whereIs(url: string): Promise<Where & { settings: Record<string, string> }> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ name: string; setting: string }>(
      "SELECT name, setting FROM pg_settings WHERE name IN ('data_directory', 'listen_addresses', 'lc_collate', 'lc_ctype', 'server_version_num')",
    );
    const settings = Object.fromEntries(rows.map((row) => [row.name, row.setting]));
    const dataDirectory = settings.data_directory ?? '';
    const serverPid = Number(readFileSync(`${dataDirectory}/postmaster.pid`, 'utf8').split('\n')[0]);
    return { dataDirectory, serverPid, settings };
  } finally {
    await client.end();
  }
}

const running = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** Nothing of the cluster is left: its folder (the data directory's parent) and its server process are gone. */
function expectGone(where: Where): void {
  expect(existsSync(where.dataDirectory.replace(/\/data$/, ''))).toBe(false);
  expect(running(where.serverPid)).toBe(false);
}

describe('scripts/pg-cluster.sh: a throwaway PostgreSQL cluster', () => {
  it('serves on 127.0.0.1 only, sorts as SQLite does, and is gone after stop()', async () => {
    const cluster = await startPgCluster();
    const where = await whereIs(cluster.url);
    expect(where.settings).toMatchObject({ listen_addresses: '127.0.0.1', lc_collate: 'C', lc_ctype: 'C' });
    expect(Number(where.settings.server_version_num)).toBeGreaterThanOrEqual(150000);
    expect(cluster.url).toBe(`postgres://postgres@127.0.0.1:${cluster.port}/postgres`);
    await cluster.stop();
    expectGone(where);
  });

  it('starts under FORCE_COLOR=1, as a test runner such as Playwright sets it for its workers', async () => {
    const child = spawn('bash', ['scripts/pg-cluster.sh', 'bash', '-c', 'echo "$REELSCOPE_DATABASE_URL"'], {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, FORCE_COLOR: '1' },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    const code = await new Promise<number | null>((resolve) => child.once('exit', (status) => resolve(status)));
    expect({ code, stderr }).toEqual({ code: 0, stderr: '' });
    expect(stdout.trim()).toMatch(/^postgres:\/\/postgres@127\.0\.0\.1:\d+\/postgres$/);
  });

  it('removes the cluster on Ctrl-C', async () => {
    const child = spawn('bash', ['scripts/pg-cluster.sh'], { stdio: ['pipe', 'pipe', 'inherit'] });
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    const url = await new Promise<string>((resolve) => createInterface({ input: child.stdout }).once('line', resolve));
    const where = await whereIs(url);
    child.kill('SIGINT');
    expect(await exited).toBe(130);
    expectGone(where);
  });

  it('runs a command with REELSCOPE_DATABASE_URL set, passes on its exit status, then removes the cluster', async () => {
    const child = spawn('bash', ['scripts/pg-cluster.sh', 'bash', '-c', 'echo "$REELSCOPE_DATABASE_URL"; exit 3'], { stdio: ['ignore', 'pipe', 'inherit'] });
    let stdout = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    const code = await new Promise<number | null>((resolve) => child.once('exit', (status) => resolve(status)));
    expect(code).toBe(3);
    expect(stdout.trim()).toMatch(/^postgres:\/\/postgres@127\.0\.0\.1:\d+\/postgres$/);
    // Gone: nothing answers at its address any more.
    const client = new pg.Client({ connectionString: stdout.trim() });
    await expect(client.connect()).rejects.toMatchObject({ code: 'ECONNREFUSED' });
  });
});
