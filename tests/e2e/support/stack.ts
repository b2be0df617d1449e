import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { freePort } from '../../shared/loadBalancer';
import { startStackDatabase, type StackDatabase } from './engine';

const ROOT = resolve(import.meta.dirname, '../../..');

export async function waitForHttp(url: string, child: ChildProcess, output: () => string, timeoutMs = 90_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`process exited (${child.exitCode}) before ${url} answered:\n${output()}`);
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms:\n${output()}`);
}

/** A node script of the repository (through tsx) with these extra variables; `onOutput` sees each chunk it prints. */
export function startNode(script: string, env: Record<string, string>, onOutput?: (chunk: string) => void): { child: ChildProcess; output: () => string } {
  let log = '';
  const child = spawn(process.execPath, ['--import', 'tsx', script], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const collect = (d: Buffer) => {
    log += d.toString();
    onOutput?.(d.toString());
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  return { child, output: () => log.slice(-4000) };
}

export async function stopChild(child: ChildProcess | null): Promise<void> {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  await new Promise<void>((done) => {
    child.once('exit', () => done());
    child.kill('SIGTERM');
    setTimeout(() => child.kill('SIGKILL'), 5000).unref();
  });
}

/**
 * The whole app on loopback, as a person runs it: the embedded back end (`npm run server`) on its own data
 * folder and the web host (`npm run web`'s server) pointed at it. The back end runs as a separate process so a
 * test can stop and restart it, exactly like a back end that goes away and comes back.
 */
/**
 * `use` on an app stack of its own (started with these arguments, stopped afterwards whatever happens): for a spec
 * whose story needs another set-up than the worker's shared stack, e.g. a web host that starts its back end.
 */
export async function withOwnStack(args: ConstructorParameters<typeof AppStack>, use: (stack: AppStack) => Promise<void>): Promise<void> {
  const stack = new AppStack(...args);
  await stack.start();
  try {
    await use(stack);
  } finally {
    await stack.stop();
  }
}

export class AppStack {
  readonly dataDir = mkdtempSync(join(tmpdir(), 'reelscope-e2e-'));
  backendPort = 0;
  webPort = 0;
  private backend: ChildProcess | null = null;
  private web: ChildProcess | null = null;
  /** Further web hosts on the same back end (teammates' apps on one team server). */
  private otherHosts: ChildProcess[] = [];
  /** The back end's database: nothing extra on SQLite, a throwaway PostgreSQL cluster under REELSCOPE_E2E_ENGINE=postgres. */
  private database: StackDatabase | null = null;

  /**
   * Extra environment for the two processes, e.g. a different REELSCOPE_ANALYSIS_DELAY_MS for the back end or the
   * test-only REELSCOPE_TEST_CLOCK_SPEED for the web host. Existing callers pass nothing.
   */
  constructor(
    private readonly env: { backend?: Record<string, string>; web?: Record<string, string> } = {},
    /** The embedded workspace as a person runs it (`npm run web`): the web host starts its own back end as a child. */
    private readonly options: { hostStartsBackend?: boolean } = {},
  ) {}

  get webUrl(): string {
    return `http://127.0.0.1:${this.webPort}`;
  }
  get backendUrl(): string {
    return `http://127.0.0.1:${this.backendPort}`;
  }

  async start(): Promise<void> {
    this.backendPort = await freePort();
    this.webPort = await freePort();
    this.database = await startStackDatabase();
    if (this.options.hostStartsBackend) return this.startHostWithBackend();
    await this.startBackend();
    const web = startNode('src/server/webHost/cli.ts', {
      REELSCOPE_WEB_PORT: String(this.webPort),
      REELSCOPE_BACKEND_URL: this.backendUrl,
      REELSCOPE_DATA_DIR: join(this.dataDir, 'host'),
      ...this.env.web,
    });
    this.web = web.child;
    await waitForHttp(this.webUrl, web.child, web.output);
    await this.database.confirm(this.dataDir);
  }

  /** The web host on the data folder, forking the back end on `backendPort` (it inherits the host's environment). */
  private async startHostWithBackend(): Promise<void> {
    const web = startNode('src/server/webHost/cli.ts', { ...this.backendEnv(), ...this.env.web });
    this.web = web.child;
    await waitForHttp(this.webUrl, web.child, web.output);
    await waitForHttp(`${this.backendUrl}/health`, web.child, web.output);
    await this.database?.confirm(this.dataDir);
  }

  private backendEnv(): Record<string, string> {
    return {
      REELSCOPE_PORT: String(this.backendPort),
      REELSCOPE_WEB_PORT: String(this.webPort),
      REELSCOPE_DATA_DIR: this.dataDir,
      // The spec's analysis takes about 10 minutes; the tests watch it finish within seconds.
      REELSCOPE_ANALYSIS_DELAY_MS: '2000',
      // Hearing and reading every uploaded and seeded video would keep both cores busy under every other spec; the
      // spec of that analysis turns it on for its own stack (hearing.spec.ts).
      REELSCOPE_MEDIA_ANALYSIS: 'off',
      // Test-only: the widget tests' stand-in store listens on 127.0.0.1, which a real back end refuses to call.
      REELSCOPE_TEST_ALLOW_LOOPBACK_STORES: '1',
      ...this.database?.backendEnv,
      ...this.env.backend,
    };
  }

  async startBackend(): Promise<void> {
    const backend = startNode('src/server/cli.ts', this.backendEnv());
    this.backend = backend.child;
    await waitForHttp(`${this.backendUrl}/health`, backend.child, backend.output);
  }

  async stopBackend(): Promise<void> {
    await stopChild(this.backend);
    this.backend = null;
  }

  /**
   * Another web host on this back end on `port` (pass it to the back end's REELSCOPE_ALLOWED_ORIGINS first): a
   * teammate's app with its own data folder and session. `env` adds to its environment (e.g. no keychain, so the two
   * hosts do not share the stored tokens of one keychain entry). Answers its address.
   */
  async startAnotherHost(port: number, env: Record<string, string> = {}): Promise<string> {
    const url = `http://127.0.0.1:${port}`;
    const web = startNode('src/server/webHost/cli.ts', {
      REELSCOPE_WEB_PORT: String(port),
      REELSCOPE_BACKEND_URL: this.backendUrl,
      REELSCOPE_DATA_DIR: join(this.dataDir, `host-${port}`),
      ...env,
    });
    this.otherHosts.push(web.child);
    await waitForHttp(url, web.child, web.output);
    return url;
  }

  async stop(): Promise<void> {
    for (const host of this.otherHosts.splice(0)) await stopChild(host);
    await stopChild(this.web);
    await stopChild(this.backend);
    await this.database?.remove();
    this.database = null;
    rmSync(this.dataDir, { recursive: true, force: true });
  }
}
