import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { DatabaseConnectionError } from '../../../../src/server/db/postgres/connectionError';
import { connectPostgres } from '../../../../src/server/db/postgres/pool';
import { databaseUrl } from '../../../../scripts/pgCluster';
import { usePgTestCluster } from './support/pgTestCluster';

/** A loopback port nothing listens on: taken from the OS, then let go. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** The one line connectPostgres rejects with (and that it is a DatabaseConnectionError, one line, no stack frames). */
async function startLine(url: string): Promise<string> {
  const failure = await connectPostgres(url).then(
    () => null,
    (error: unknown) => error,
  );
  expect(failure).toBeInstanceOf(DatabaseConnectionError);
  const message = (failure as Error).message;
  expect(message).not.toMatch(/\n|\bat .*:\d+:\d+/);
  return message;
}

describe('REELSCOPE_DATABASE_URL that cannot be used: one line naming the host and the cause', () => {
  const pgCluster = usePgTestCluster();

  it('connects to a running cluster', async () => {
    const pool = await connectPostgres(await pgCluster.createDatabase());
    expect((await pool.query<{ n: number }>('SELECT COUNT(*) AS n FROM pg_class WHERE false')).rows).toEqual([{ n: 0 }]);
    await pool.end();
  });

  it('names the host and port when nothing listens there', async () => {
    const port = await closedPort();
    expect(await startLine(`postgres://postgres@127.0.0.1:${port}/postgres`)).toBe(
      `Cannot open the PostgreSQL database at 127.0.0.1:${port}: nothing answers on that port (is PostgreSQL running, and on that port?).`,
    );
    // localhost may stand for two addresses (::1 and 127.0.0.1): one line all the same.
    expect(await startLine(`postgres://postgres@localhost:${port}/postgres`)).toBe(
      `Cannot open the PostgreSQL database at localhost:${port}: nothing answers on that port (is PostgreSQL running, and on that port?).`,
    );
  });

  it('says the password was refused, and never repeats it', async () => {
    await pgCluster.admin("CREATE ROLE reelscope_pw LOGIN PASSWORD 'right-password'");
    // This cluster trusts loopback; make this one role sign in with its password (hba lines are read top-down).
    const { rows } = await pgCluster.admin('SHOW hba_file');
    const hbaFile = (rows[0] as { hba_file: string }).hba_file;
    await pgCluster.admin(
      `COPY (SELECT line FROM (VALUES (1, 'host all reelscope_pw 127.0.0.1/32 scram-sha-256'), (2, 'local all all trust'),
        (3, 'host all all 127.0.0.1/32 trust')) AS hba(n, line) ORDER BY n) TO '${hbaFile}'`,
    );
    await pgCluster.admin('SELECT pg_reload_conf()');
    const wrong = databaseUrl(pgCluster.cluster.url.replace('postgres@', 'reelscope_pw:wrong-password@'), 'postgres');
    // The server rereads its rules on the signal; wait until it does (it answers the right password all along).
    let line = '';
    for (let attempt = 0; attempt < 100 && !line.includes('refused'); attempt += 1) line = await startLine(wrong).catch(() => '');
    expect(line).toBe(`Cannot open the PostgreSQL database at 127.0.0.1:${pgCluster.cluster.port}: the password of user "reelscope_pw" was refused.`);
    expect(line).not.toContain('wrong-password');
    const right = await connectPostgres(wrong.replace('wrong-password', 'right-password'));
    await right.end();
  });

  it('names the database that does not exist', async () => {
    expect(await startLine(databaseUrl(pgCluster.cluster.url, 'no_such_workspace'))).toBe(
      `Cannot open the PostgreSQL database at 127.0.0.1:${pgCluster.cluster.port}: database "no_such_workspace" does not exist (create it first, see README).`,
    );
  });

  it('names the unknown user', async () => {
    const url = databaseUrl(pgCluster.cluster.url.replace('postgres@', 'nobody@'), 'postgres');
    expect(await startLine(url)).toBe(
      `Cannot open the PostgreSQL database at 127.0.0.1:${pgCluster.cluster.port}: user "nobody" may not sign in there (role "nobody" does not exist).`,
    );
  });

  it('refuses a URL that is not a PostgreSQL URL, without trying SQLite instead', async () => {
    expect(await startLine('mysql://db.example/reelscope')).toBe(
      'REELSCOPE_DATABASE_URL is not a PostgreSQL URL: write it as postgres://user:password@host:5432/database.',
    );
    expect(await startLine('not a url')).toMatch(/^REELSCOPE_DATABASE_URL is not a PostgreSQL URL/);
  });

  it('says an unknown host name is not known', async () => {
    expect(await startLine('postgres://postgres@no-such-host.invalid:5432/reelscope')).toBe(
      'Cannot open the PostgreSQL database at no-such-host.invalid:5432: that host name is not known (check the host in REELSCOPE_DATABASE_URL).',
    );
  });
});
