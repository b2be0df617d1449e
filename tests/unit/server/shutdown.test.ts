import { mkdtempSync, rmSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createServer } from '../../../src/server/app';
import { useServerDatabase } from './support/serverDatabase';

// Quitting the app stops the embedded back end; a client that never finishes its request (a stuck or slow program on
// loopback) must not hold that stop for Node's one-minute header timeout.
describe('stopping the embedded back end', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'reelscope-shutdown-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
  useServerDatabase();

  it('closes within seconds while a connection holds an unfinished request, and then refuses connections', async () => {
    const server = await createServer({ dataDir, port: 0, seed: false });
    const stuck: Socket = connect(server.port, '127.0.0.1');
    await new Promise<void>((resolve) => stuck.once('connect', () => resolve()));
    // Headers that never end.
    stuck.write('GET /jwt_api/health HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ');
    const dropped = new Promise<void>((resolve) => stuck.once('close', () => resolve()));
    let closed = false;
    const closing = server.close().then(() => (closed = true));
    // Well under Node's headers timeout (60 s, checked every 30 s), which is what a stop waited for before.
    await Promise.race([closing, new Promise((resolve) => setTimeout(resolve, 15_000))]);
    expect(closed).toBe(true);
    await dropped;
    const refused = await new Promise<boolean>((resolve) => {
      const again = connect(server.port, '127.0.0.1');
      again.once('connect', () => (again.destroy(), resolve(false)));
      again.once('error', () => resolve(true));
    });
    expect(refused).toBe(true);
  }, 30_000);
});
