/**
 * Download of a 1 GiB file over loopback: the host's downloads service vs `curl` on the same signed URL, in the same
 * run (best of RUNS each, alternating; the RUNS environment variable overrides 3), plus the host process's peak RSS
 * growth while it downloads.
 * Targets: throughput ≥ 0.8× curl; RSS growth ≤ 64 MiB.
 *
 * Every transfer has a time limit and a stall limit (see TRANSFER_LIMIT_SECONDS, STALL_*): on a loaded machine a
 * transfer that crawls fails within minutes with what it got, instead of running on. curl's own error text, exit code,
 * HTTP status and bytes received are in the failure; each sign-in and signed URL is fresh (access tokens last 15 minutes).
 */
import { execFileSync, spawn } from 'node:child_process';
import { createServer as createNetServer } from 'node:net';
import { closeSync, existsSync, ftruncateSync, mkdirSync, mkdtempSync, openSync, renameSync, rmSync, statSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEMO_ACCOUNTS } from '../src/shared/demoAccounts';
import { createFileSinks } from '../src/main/adapters/fileSinks';
import { serviceUrls } from '../src/main/services/backendLauncher.service';
import { createDesktopServices } from '../src/main/services/desktopServices';
import { systemClock } from '../src/main/services/ports';
import { createSecretsService } from '../src/main/services/secrets.service';
import { createServer } from '../src/server/app';

const SIZE = 1024 ** 3;
/** Runs of each, alternating; the best of each counts (a loaded 2-core machine makes single runs noisy). */
const RUNS = Number(process.env.RUNS ?? 3);
const BIG_FILE = join(tmpdir(), 'reelscope-bench-1gib.mp4');
const MiB = 1024 * 1024;
/** One transfer may take at most this long (1 GiB in 2 minutes is ~8.5 MiB/s; an idle machine does 300+ MiB/s). */
const TRANSFER_LIMIT_SECONDS = 120;
/** A transfer slower than STALL_BYTES_PER_SECOND over STALL_SECONDS has stalled and fails at once. */
const STALL_BYTES_PER_SECOND = MiB;
const STALL_SECONDS = 20;

/** What curl's exit codes mean (the ones a loopback transfer can meet). */
const CURL_EXIT: Record<number, string> = {
  7: 'could not connect',
  18: 'the server closed the connection before the whole file arrived',
  22: 'the server answered an HTTP error',
  23: 'could not write the output file',
  28: `too slow: over ${TRANSFER_LIMIT_SECONDS} s, or under ${STALL_BYTES_PER_SECOND / MiB} MiB/s for ${STALL_SECONDS} s`,
  52: 'the server answered nothing',
  56: 'failure receiving data',
};

const mib = (bytes: number): string => `${(bytes / MiB).toFixed(0)} MiB`;
const rate = (seconds: number): string => `${(SIZE / MiB / seconds).toFixed(0)} MiB/s`;

/**
 * The 1 GiB source, made once (sparse: the bench measures the transfer path, not the source disk). It is made beside
 * and renamed in, so a bench running at the same time never serves a truncated or half-made file.
 */
function bigFile(): string {
  if (existsSync(BIG_FILE) && statSync(BIG_FILE).size === SIZE) return BIG_FILE;
  const partial = `${BIG_FILE}.${process.pid}.partial`;
  const fd = openSync(partial, 'w');
  try {
    ftruncateSync(fd, SIZE);
  } finally {
    closeSync(fd);
  }
  renameSync(partial, BIG_FILE);
  return BIG_FILE;
}

interface CurlOutcome {
  code: number | null;
  signal: NodeJS.Signals | null;
  stderr: string;
  /** `--write-out`: HTTP status, bytes received, seconds. */
  httpCode: string;
  received: number;
  seconds: number;
}

/** Runs curl to a file with the time and stall limits; never rejects for a failed transfer (the caller judges). */
function runCurl(url: string, target: string): Promise<CurlOutcome> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      'curl',
      [
        '--silent', '--show-error', '--fail',
        '--max-time', String(TRANSFER_LIMIT_SECONDS),
        '--speed-limit', String(STALL_BYTES_PER_SECOND), '--speed-time', String(STALL_SECONDS),
        '--output', target, '--write-out', '%{http_code} %{size_download} %{time_total}', url,
      ],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    // Asynchronous: the back end answering curl runs in this very process.
    child.on('error', (error) => reject(new Error(`could not run curl: ${error.message}`)));
    child.on('close', (code, signal) => {
      const [httpCode = '?', received = '0', seconds = '0'] = stdout.trim().split(/\s+/);
      resolve({ code, signal, stderr: stderr.trim(), httpCode, received: Number(received), seconds: Number(seconds) });
    });
  });
}

/** The embedded back end as its own process (`src/server/cli.ts`) on a free port; answers once /health does. */
async function startBackendProcess(dataDir: string): Promise<{ url: string; close: () => Promise<void> }> {
  const port = await new Promise<number>((done) => {
    const probe = createNetServer().listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => done(typeof address === 'object' && address ? address.port : 0));
    });
  });
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/cli.ts'], {
    env: { ...process.env, REELSCOPE_PORT: String(port), REELSCOPE_DATA_DIR: dataDir },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  for (let attempt = 0; attempt < 240; attempt += 1) {
    if (child.exitCode !== null) throw new Error(`the back end exited with ${child.exitCode}`);
    if (await fetch(`${url}/health`).then((r) => r.ok, () => false)) break;
    await new Promise((r) => setTimeout(r, 250));
  }
  const close = () => new Promise<void>((done) => {
    if (child.exitCode !== null) return done();
    child.once('exit', () => done());
    child.kill('SIGTERM');
  });
  return { url, close };
}

/** The id of an own-storage video of the brand (all of them play the big file). */
async function benchVideoId(url: string, jwt: string, brandId: string): Promise<string> {
  const query = new URLSearchParams({ brand_id: brandId, per_page: '10', filters: JSON.stringify({ platform: ['Reelscope_AWS_S3'] }) });
  const list = (await (await fetch(`${url}/jwt_api/videos?${query}`, { headers: { authorization: `Bearer ${jwt}` } })).json()) as { videos: { _id: string }[] };
  const first = list.videos[0];
  if (!first) throw new Error('the workspace has no own-storage video for the bench');
  return first._id;
}

export async function run(): Promise<void> {
  const root = mkdtempSync(join(tmpdir(), 'reelscope-dlbench-'));
  const dataDir = join(root, 'data');
  // Prepare the workspace in-process, then serve it from its own process, as the app does (utility process / child):
  // the host's download and the back end's sending must not share one thread, or the figure measures contention.
  const setup = await createServer({ dataDir, port: 0, seed: { scale: 0.1 } });
  symlinkSync(bigFile(), join(dataDir, 'media', 'bench-1gib.mp4'));
  // Every own-storage video of this throwaway workspace plays the big file, so any of them is the subject.
  setup.db.prepare("UPDATE videos SET media_file = 'bench-1gib.mp4' WHERE platform = 'Reelscope_AWS_S3' AND media_file IS NOT NULL").run();
  await setup.close();
  const server = await startBackendProcess(dataDir);
  let sampler: NodeJS.Timeout | undefined;
  try {
    /** A fresh sign-in: access tokens expire, and a slow run can outlast one. */
    const signIn = async (): Promise<{ jwt: string; refresh_token: string; currentBrand: { _id: string } }> => {
      const response = await fetch(`${server.url}/jwt_api/login`, {
        method: 'POST', headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: DEMO_ACCOUNTS.brandManager.email, password: DEMO_ACCOUNTS.brandManager.password }),
      });
      if (!response.ok) throw new Error(`sign-in answered ${response.status}: ${await response.text()}`);
      return (await response.json()) as { jwt: string; refresh_token: string; currentBrand: { _id: string } };
    };
    const login = await signIn();
    const brandId = login.currentBrand._id;
    // Bench-only: the own-storage video pointed at the big file in its media folder (set up above).
    const videoId = await benchVideoId(server.url, login.jwt, brandId);

    const secrets = createSecretsService({ keychain: null, encrypted: null, allowInsecure: () => false });
    await secrets.set({ jwt: login.jwt, refreshToken: login.refresh_token });
    const downloadDir = join(root, 'downloads');
    mkdirSync(downloadDir);
    const desktop = createDesktopServices({
      ports: {
        stateDir: join(root, 'state'), defaultDownloadDir: downloadDir, defaultExportDir: join(root, 'exports'), directoryPicker: null,
        windowProgress: { set: () => undefined }, downloadNotifier: { downloaded: () => undefined }, shell: { showItemInFolder: () => undefined },
        fileSinks: createFileSinks(), mediaUrls: { item: (id) => id, thumbnail: (id) => id },
      },
      backend: () => ({ mode: 'hosted', origin: server.url, urls: serviceUrls(server.url), dataDir: null, state: 'running', error: null }),
      secrets, brandId: () => brandId, clock: systemClock, emit: () => undefined, log: () => undefined,
    });

    const ours = async (): Promise<{ seconds: number; rssGrowth: number }> => {
      const baseline = process.memoryUsage().rss;
      let peak = baseline;
      const started = performance.now();
      const { downloadId } = await desktop.downloads.start({ videoId, title: 'bench', platform: 'Reelscope_AWS_S3' });
      const bytes = () => desktop.downloads.list().find((entry) => entry.downloadId === downloadId)?.bytes ?? 0;
      // Every 20 ms: peak RSS; every second: the time and stall limits (bytes received STALL_SECONDS ago).
      let tooSlow: ((reason: string) => void) | null = null;
      const limit = new Promise<never>((_resolve, reject) => (tooSlow = (reason) => reject(new Error(reason))));
      const history: { at: number; bytes: number }[] = [];
      let ticks = 0;
      sampler = setInterval(() => {
        peak = Math.max(peak, process.memoryUsage().rss);
        if (++ticks % 50 !== 0) return;
        const now = (performance.now() - started) / 1000;
        const got = bytes();
        history.push({ at: now, bytes: got });
        const before = history.find((entry) => entry.at >= now - STALL_SECONDS - 0.5);
        const stalled = before !== undefined && now - before.at >= STALL_SECONDS - 0.5 && got - before.bytes < STALL_BYTES_PER_SECOND * (now - before.at);
        if (now > TRANSFER_LIMIT_SECONDS) tooSlow?.(`over ${TRANSFER_LIMIT_SECONDS} s`);
        else if (stalled) tooSlow?.(`under ${STALL_BYTES_PER_SECOND / MiB} MiB/s for ${STALL_SECONDS} s`);
      }, 20);
      try {
        const end = await Promise.race([desktop.downloads.settled(downloadId), limit]);
        const seconds = (performance.now() - started) / 1000;
        if (end.state !== 'completed' || end.bytes !== SIZE) {
          throw new Error(`downloads service: the download ended ${end.state} after ${seconds.toFixed(1)} s with ${mib(end.bytes)} of ${mib(SIZE)}: ${end.error ?? '(no reason given)'}`);
        }
        if (end.filePath) rmSync(end.filePath, { force: true });
        return { seconds, rssGrowth: peak - baseline };
      } catch (error) {
        const got = bytes();
        await desktop.downloads.cancel(downloadId).catch(() => undefined);
        if (error instanceof Error && error.message.startsWith('downloads service:')) throw error;
        const seconds = (performance.now() - started) / 1000;
        throw new Error(`downloads service: too slow (${(error as Error).message}); canceled after ${seconds.toFixed(1)} s with ${mib(got)} of ${mib(SIZE)}`, { cause: error });
      } finally {
        clearInterval(sampler);
      }
    };

    const curl = async (): Promise<number> => {
      const { jwt } = await signIn();
      const response = await fetch(`${server.url}/second/download-video`, {
        method: 'POST', headers: { authorization: `Bearer ${jwt}`, 'content-type': 'application/json' }, body: JSON.stringify({ videoId }),
      });
      if (!response.ok) throw new Error(`curl: POST /second/download-video answered ${response.status}: ${await response.text()}`);
      const answer = (await response.json()) as { data: { signedUrl: string } };
      const target = join(downloadDir, 'curl.mp4');
      try {
        const started = performance.now();
        const outcome = await runCurl(`${server.url}${answer.data.signedUrl}`, target);
        const seconds = (performance.now() - started) / 1000;
        if (outcome.code !== 0 || outcome.received !== SIZE) {
          const exit = outcome.code === null ? `killed by ${outcome.signal ?? 'a signal'}` : `exit ${outcome.code}${CURL_EXIT[outcome.code] ? ` (${CURL_EXIT[outcome.code]})` : ''}`;
          throw new Error(
            `curl failed: ${exit}; HTTP ${outcome.httpCode}; ${mib(outcome.received)} of ${mib(SIZE)} in ${seconds.toFixed(1)} s; ` +
              `curl said: ${outcome.stderr || '(nothing)'}`,
          );
        }
        return seconds;
      } finally {
        rmSync(target, { force: true });
      }
    };

    const runsOurs: { seconds: number; rssGrowth: number }[] = [];
    const runsCurl: number[] = [];
    for (let i = 1; i <= RUNS; i++) {
      // Each transfer starts with no dirty pages from the one before, whose writeback would otherwise land on it.
      execFileSync('sync');
      runsCurl.push(await curl());
      console.log(`    run ${i}: curl ${(runsCurl.at(-1) ?? 0).toFixed(2)} s`);
      execFileSync('sync');
      runsOurs.push(await ours());
      console.log(`    run ${i}: downloads service ${(runsOurs.at(-1)?.seconds ?? 0).toFixed(2)} s`);
    }
    const bestOurs = Math.min(...runsOurs.map((r) => r.seconds));
    const bestCurl = Math.min(...runsCurl);
    const peakGrowth = Math.max(...runsOurs.map((r) => r.rssGrowth));
    console.log(`  downloads service: ${bestOurs.toFixed(2)} s (${rate(bestOurs)})`);
    console.log(`  curl (baseline):   ${bestCurl.toFixed(2)} s (${rate(bestCurl)})`);
    console.log(`  throughput ratio: ${(bestCurl / bestOurs).toFixed(2)}× curl (target ≥ 0.8)`);
    console.log(`  peak RSS growth while downloading: ${(peakGrowth / MiB).toFixed(1)} MiB (target ≤ 64 MiB)`);
  } finally {
    clearInterval(sampler);
    await server.close();
    rmSync(root, { recursive: true, force: true });
  }
}
