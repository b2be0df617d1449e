import { spawnSync } from 'node:child_process';
import { connect } from 'node:net';
import { resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../../../src/shared/demoAccounts';
import { readyMessage, startCli, useTempDir } from './support/cliProcess';
import { testDatabaseEnv } from './support/testEngine';

const ROOT = resolve(import.meta.dirname, '../../..');

/** `npm run build:server`, as a person deploying it runs it. */
function buildServerBundle(): void {
  const built = spawnSync('npm', ['run', '--silent', 'build:server'], { cwd: ROOT, encoding: 'utf8' });
  if (built.status !== 0) throw new Error(`npm run build:server failed (${built.status ?? built.signal}): ${built.stderr}`);
}

describe('the back end run as a server: the built bundle with plain node', () => {
  const temp = useTempDir('reelscope-bundle-');
  beforeAll(buildServerBundle, 120_000);

  it('serves /health and signs the demo account in, and answers under the host names it is given', async () => {
    const started = startCli(
      { REELSCOPE_PORT: '0', REELSCOPE_HOST: '127.0.0.1', REELSCOPE_DATA_DIR: temp.path, REELSCOPE_SEED: '1', REELSCOPE_ALLOWED_HOSTS: 'reelscope.example.test', ...(await testDatabaseEnv()) },
      { bundle: true },
    );
    try {
      const ready = await readyMessage(started.child);
      expect(ready.url).toBe(`http://127.0.0.1:${ready.port}`);
      expect(started.output().stdout).toContain(`Reelscope back end listening on ${ready.url} (data: ${temp.path})`);

      const health = await fetch(`${ready.url}/health`);
      expect(health.status).toBe(200);
      expect(await health.json()).toMatchObject({ ok: true });

      const { email, password } = DEMO_ACCOUNTS.brandManager;
      const login = await fetch(`${ready.url}/jwt_api/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password }) });
      expect(login.status).toBe(200);
      const { jwt } = (await login.json()) as { jwt: string };
      const videos = await fetch(`${ready.url}/jwt_api/videos?tab=My%20Videos&per_page=10`, { headers: { authorization: `Bearer ${jwt}` } });
      expect(videos.status).toBe(200);

      // Behind a load balancer the Host header is the server's name: the one it was given passes, any other is refused.
      const named = await hostRequest(ready.port, 'reelscope.example.test');
      expect(named).toContain('HTTP/1.1 200');
      const other = await hostRequest(ready.port, 'rebinding.example.test');
      expect(other).toContain('HTTP/1.1 403');
    } finally {
      started.child.kill('SIGTERM');
      expect(await started.exited).toBe(0);
    }
  }, 90_000);
});

/** GET /health with this Host header (fetch does not let a caller set Host), the raw answer as text. */
function hostRequest(port: number, host: string): Promise<string> {
  return new Promise((done, fail) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(`GET /health HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`));
    let answer = '';
    socket.on('data', (chunk: Buffer) => (answer += chunk.toString()));
    socket.once('end', () => done(answer));
    socket.once('error', fail);
  });
}
