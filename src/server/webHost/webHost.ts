import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify from 'fastify';
import { DEFAULT_BACKEND_PORT, JSON_BODY_LIMIT_BYTES, KEYCHAIN_SERVICE, PRODUCT_NAME } from '../../shared/constants';
import { createConsoleNotifier } from '../../main/adapters/consoleNotifier';
import { createKeytarSecretStore } from '../../main/adapters/keytarSecretStore';
import { createAtomicFile } from '../../main/adapters/nodeAtomicFile';
import { createNodeProcessSpawner } from '../../main/adapters/nodeProcessSpawner';
import { createWebDesktopPorts } from '../../main/adapters/webDesktopPorts';
import { contentSecurityPolicy } from '../../main/services/contentSecurityPolicy';
import type { HostServices } from '../../main/services/hostServices';
import { createHostServices } from '../../main/services/hostServices';
import { systemClock } from '../../main/services/ports';
import { embeddedLogFile } from '../dataDir';
import { hostAllowed, isLoopback } from './bridgeGuard';
import { registerBridgeRoutes } from './bridgeRoutes';
import { createSessionBinding } from './sessionBinding';
import { registerMediaRoutes } from './mediaRoutes';
import { registerUploadStreamRoutes } from './uploadStreamRoutes';
import type { Scheduler } from '../../main/services/scheduler';
import { registerStaticRoutes } from './staticRoutes';

const REPO_ROOT = resolve(fileURLToPath(new URL('.', import.meta.url)), '../../..');

export interface WebHostOptions {
  /** The renderer's web build (out/web). */
  webRoot: string;
  /** Settings and the embedded back end's data live here. */
  dataDir: string;
  /** 0 picks a free port (tests). */
  port: number;
  /** REELSCOPE_BACKEND_URL: use this back end instead of starting one. */
  backendUrl?: string | null;
  /** The back-end entry to fork (src/server/cli.ts). */
  backendEntry?: string;
  /** Port for the embedded back end (REELSCOPE_PORT). */
  backendPort?: number;
  /** 'none' keeps tokens in memory only (a machine without a keychain); tests of the bridge use it so they never
   *  touch the keyring entry the keychain tests own. Default 'os'. */
  keychain?: 'os' | 'none';
  /** Timers of the first-analysis poll; real time when omitted. The CLI passes a sped-up one ONLY for the test-only
   *  REELSCOPE_TEST_CLOCK_SPEED (e2e runs), never otherwise. */
  scheduler?: Scheduler;
  /** Where child output and host notices go (the console by default). */
  log?: (message: string) => void;
}

export interface WebHost {
  url: string;
  /** The per-run token the page carries in its meta tag. */
  token: string;
  services: HostServices;
  /** Stops the back-end child and the HTTP server. */
  close(): Promise<void>;
}

/** Raised when the renderer has not been built for the web; the message says what to run. */
export class MissingWebBuildError extends Error {}

function appVersion(): string {
  try {
    return (JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')) as { version?: string }).version ?? '0.0.0';
  } catch {
    return '0.0.0';
  }
}

/**
 * The whole app in a browser: serves out/web, runs the same host services as Electron main behind
 * POST /__host/:channel and the SSE event stream, and starts the embedded back end unless one is given.
 */
export async function startWebHost(options: WebHostOptions): Promise<WebHost> {
  if (!existsSync(join(options.webRoot, 'index.html'))) {
    throw new MissingWebBuildError(`The web build is missing (${options.webRoot}/index.html). Run \`npm run build:web\` first (\`npm run web\` does both).`);
  }
  const log = options.log ?? ((message: string) => process.stderr.write(`${message}\n`));
  const token = randomBytes(32).toString('base64url');
  let port = options.port;
  // Filled in before the back end starts; REELSCOPE_WEB_PORT is only known once the server listens.
  // The back end's request log goes to a file in the data folder, not into this console.
  const backendEnv: Record<string, string> = { REELSCOPE_PORT: String(options.backendPort ?? DEFAULT_BACKEND_PORT), REELSCOPE_LOG_FILE: embeddedLogFile(options.dataDir) };

  const services = createHostServices({
    app: { name: PRODUCT_NAME, version: appVersion(), platform: process.platform, runtime: 'web' },
    settingsFile: createAtomicFile(join(options.dataDir, 'settings.json')),
    keychain: options.keychain === 'none' ? null : await createKeytarSecretStore(KEYCHAIN_SERVICE, log),
    // Plain Node has no safeStorage: when the keychain fails, tokens stay in memory.
    encrypted: null,
    spawner: createNodeProcessSpawner(),
    notifier: createConsoleNotifier(),
    clock: systemClock,
    backend: {
      entry: options.backendEntry ?? join(REPO_ROOT, 'src/server/cli.ts'),
      dataDir: options.dataDir,
      env: backendEnv,
      forcedUrl: options.backendUrl ?? null,
    },
    log,
    desktop: createWebDesktopPorts({ dataDir: options.dataDir, token }),
    // A browser never hands out file paths: the page streams the File to the upload route below.
    ingest: { uploadSource: 'stream', scheduler: options.scheduler },
  });
  await services.settings.load();
  services.ingest.firstAnalysis.evaluate();
  services.reportSchedules.start();
  services.licenseNotices.start();
  const recovery = services.settings.lastRecovery;
  if (recovery) log(`Settings were unreadable and have been reset; the old file is at ${recovery.movedTo}. ${recovery.reason}`);

  const app = Fastify({ bodyLimit: JSON_BODY_LIMIT_BYTES });
  // Every answer of the web host (the page carries the bridge token) goes only to this computer under this server's
  // own name: a site that re-points its DNS name at 127.0.0.1 must not be served the page and its token.
  app.addHook('onRequest', async (request, reply) => {
    if (!isLoopback(request.socket.remoteAddress) || !hostAllowed(request.headers.host, port)) {
      return reply.code(403).type('text/plain; charset=utf-8').send('Forbidden: unexpected Host header.');
    }
  });
  const binding = createSessionBinding({ dataDir: options.dataDir, port: () => port });
  registerBridgeRoutes(app, { handlers: services.handlers, events: services.events, token, port: () => port, binding });
  registerMediaRoutes(app, { library: services.desktop.library, token, port: () => port });
  registerUploadStreamRoutes(app, { uploads: services.ingest.uploads, token, port: () => port });
  registerStaticRoutes(app, {
    root: options.webRoot,
    token,
    csp: () => {
      const origin = services.backend.info().origin;
      return contentSecurityPolicy(origin ? [origin] : []);
    },
  });

  await app.listen({ host: '127.0.0.1', port: options.port });
  const address = app.server.address();
  if (address && typeof address === 'object') port = address.port;
  // The child learns the web host's port (REELSCOPE_WEB_PORT) so it can allow this origin for CORS.
  backendEnv.REELSCOPE_WEB_PORT = String(port);
  const info = await services.backend.start();
  if (info.state === 'failed') log(`The back end is not available: ${info.error ?? 'unknown error'}`);

  return {
    url: `http://127.0.0.1:${port}`,
    token,
    services,
    async close() {
      await services.backend.stop();
      await app.close();
    },
  };
}
