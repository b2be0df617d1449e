/**
 * `npm run web`: the whole app in a browser on http://127.0.0.1:REELSCOPE_WEB_PORT (default 5180).
 * Env: REELSCOPE_WEB_PORT, REELSCOPE_PORT (embedded back end), REELSCOPE_DATA_DIR, REELSCOPE_BACKEND_URL
 * (use an already running back end instead of starting one), REELSCOPE_TEST_CLOCK_SPEED (TEST ONLY: host timers run
 * that many times faster, e.g. 600 makes the 300000 ms first-analysis poll check every 500 ms; e2e tests only).
 */
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEFAULT_BACKEND_PORT, DEFAULT_WEB_PORT } from '../../shared/constants';
import { defaultDataDir, usePrivateFileModes } from '../dataDir';
import { MissingWebBuildError, startWebHost } from './webHost';
import { schedulerFromEnv } from '../../main/services/scheduler';

const repoRoot = resolve(fileURLToPath(new URL('.', import.meta.url)), '../../..');

function portFrom(value: string | undefined, fallback: number): number {
  const port = Number(value ?? fallback);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`Not a port number: ${value}`);
  return port;
}

async function main(): Promise<void> {
  usePrivateFileModes();
  const host = await startWebHost({
    webRoot: join(repoRoot, 'out/web'),
    dataDir: process.env.REELSCOPE_DATA_DIR || defaultDataDir(),
    port: portFrom(process.env.REELSCOPE_WEB_PORT, DEFAULT_WEB_PORT),
    backendPort: portFrom(process.env.REELSCOPE_PORT, DEFAULT_BACKEND_PORT),
    backendUrl: process.env.REELSCOPE_BACKEND_URL || null,
    // TEST ONLY: e2e runs speed the host's timers up (the 300000 ms poll at 600× checks every 500 ms).
    scheduler: schedulerFromEnv(process.env.REELSCOPE_TEST_CLOCK_SPEED, (message) => process.stderr.write(`${message}\n`)),
  });
  process.stdout.write(`Reelscope web app: ${host.url}\n`);

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    process.stdout.write(`\n${signal}: stopping Reelscope…\n`);
    // Never hang on the way out: the launcher already kills a stuck back end; this covers everything else.
    setTimeout(() => process.exit(1), 10_000).unref();
    host.close().then(
      () => process.exit(0),
      (error: unknown) => {
        process.stderr.write(`Shutdown failed: ${String(error)}\n`);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));
}

main().catch((error: unknown) => {
  if (error instanceof MissingWebBuildError) process.stderr.write(`${error.message}\n`);
  else process.stderr.write(`Reelscope web host failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
