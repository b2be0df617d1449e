/**
 * Upload of a 1 GiB file through the host upload path (uploads service: disk → streamed PUT to the embedded back end's
 * one-time target, which streams it to its data folder), while sampling the host process's RSS.
 * Target: RSS growth ≤ 64 MiB (the file is never buffered). Prints the figure, the target and PASS/MISS.
 */
import { closeSync, existsSync, ftruncateSync, mkdtempSync, openSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEMO_ACCOUNTS } from '../src/shared/demoAccounts';
import type { UploadProgress } from '../src/shared/ipc/uploads.schemas';
import { createBackendClient } from '../src/main/services/backendClient';
import { serviceUrls } from '../src/main/services/backendLauncher.service';
import { createSecretsService } from '../src/main/services/secrets.service';
import { createUploadsService } from '../src/main/services/uploads.service';
import { createServer } from '../src/server/app';

const SIZE = 1024 ** 3;
const MiB = 1024 * 1024;
const TARGET_MIB = 64;
const SOURCE = join(tmpdir(), 'reelscope-bench-upload-1gib.mp4');

/** The 1 GiB source, made once (sparse: the bench measures the transfer path, not the source disk). */
function bigFile(): string {
  if (!existsSync(SOURCE) || statSync(SOURCE).size !== SIZE) {
    const fd = openSync(SOURCE, 'w');
    ftruncateSync(fd, SIZE);
    closeSync(fd);
  }
  return SOURCE;
}

export async function run(): Promise<void> {
  const root = mkdtempSync(join(tmpdir(), 'reelscope-upbench-'));
  const server = await createServer({ dataDir: join(root, 'data'), port: 0, seed: { scale: 0.1 } });
  let sampler: NodeJS.Timeout | undefined;
  try {
    const response = await fetch(`${server.url}/jwt_api/login`, {
      method: 'POST', headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: DEMO_ACCOUNTS.brandManager.email, password: DEMO_ACCOUNTS.brandManager.password }),
    });
    const login = (await response.json()) as { jwt: string; refresh_token: string; currentBrand: { _id: string } };
    const secrets = createSecretsService({ keychain: null, encrypted: null, allowInsecure: () => false });
    await secrets.set({ jwt: login.jwt, refreshToken: login.refresh_token });
    const client = createBackendClient({
      backend: () => ({ mode: 'hosted', origin: server.url, urls: serviceUrls(server.url), dataDir: null, state: 'running', error: null }),
      secrets, brandId: () => login.currentBrand._id,
    });
    let last: UploadProgress | null = null;
    const uploads = createUploadsService({ client, readsPaths: true, streamPrefix: null, emit: (p) => (last = p), log: (m) => console.log(`  ${m}`) });
    const path = bigFile();

    global.gc?.();
    const baseline = process.memoryUsage().rss;
    let peak = baseline;
    sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
    const started = performance.now();
    await uploads.start({ file: { name: 'bench-1gib.mp4', size: SIZE, path } });
    while (!last || !['done', 'failed', 'cancelled'].includes((last as UploadProgress).phase)) await new Promise((r) => setTimeout(r, 50));
    const seconds = (performance.now() - started) / 1000;
    clearInterval(sampler);
    const final = last as UploadProgress;
    const growth = (peak - baseline) / MiB;
    console.log(`  upload ${final.phase}: ${(final.bytes / MiB).toFixed(0)} MiB in ${seconds.toFixed(1)} s (${(SIZE / MiB / seconds).toFixed(0)} MiB/s)${final.message ? ` — ${final.message}` : ''}`);
    console.log(`  host RSS growth: ${growth.toFixed(1)} MiB (baseline ${(baseline / MiB).toFixed(0)} MiB, peak ${(peak / MiB).toFixed(0)} MiB); target ≤ ${TARGET_MIB} MiB`);
    console.log(`  ${final.phase === 'done' && growth <= TARGET_MIB ? 'PASS' : 'MISS'}`);
  } finally {
    if (sampler) clearInterval(sampler);
    await server.close();
    rmSync(root, { recursive: true, force: true });
  }
}

// Run directly: `tsx bench/upload.bench.ts`.
if (import.meta.url === `file://${process.argv[1]}`) await run();
