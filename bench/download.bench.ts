/**
 * Download of a 1 GiB file over loopback: the host's downloads service vs `curl` on the same signed URL, in the same
 * run (best of two each, alternating), plus the host process's peak RSS growth while it downloads.
 * Targets: throughput ≥ 0.8× curl; RSS growth ≤ 64 MiB.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, openSync, closeSync, ftruncateSync, rmSync, statSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEMO_ACCOUNTS } from '../src/shared/demoAccounts';
import { createNodeWriteStreams } from '../src/main/adapters/nodeWriteStreams';
import { serviceUrls } from '../src/main/services/backendLauncher.service';
import { createDesktopServices } from '../src/main/services/desktopServices';
import { systemClock } from '../src/main/services/ports';
import { createSecretsService } from '../src/main/services/secrets.service';
import { createServer } from '../src/server/app';

const SIZE = 1024 ** 3;
const BIG_FILE = join(tmpdir(), 'reelscope-bench-1gib.mp4');
const MiB = 1024 * 1024;

/** The 1 GiB source, made once (sparse: the bench measures the transfer path, not the source disk). */
function bigFile(): string {
  if (!existsSync(BIG_FILE) || statSync(BIG_FILE).size !== SIZE) {
    const fd = openSync(BIG_FILE, 'w');
    ftruncateSync(fd, SIZE);
    closeSync(fd);
  }
  return BIG_FILE;
}

export async function run(): Promise<void> {
  const root = mkdtempSync(join(tmpdir(), 'reelscope-dlbench-'));
  const dataDir = join(root, 'data');
  const server = await createServer({ dataDir, port: 0, seed: { scale: 0.1 } });
  try {
    const login = (await (
      await fetch(`${server.url}/jwt_api/login`, {
        method: 'POST', headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: DEMO_ACCOUNTS.brandManager.email, password: DEMO_ACCOUNTS.brandManager.password }),
      })
    ).json()) as { jwt: string; refresh_token: string; currentBrand: { _id: string } };
    const brandId = login.currentBrand._id;
    // Bench-only: point one own-storage video of the temp workspace at the big file in its media folder.
    symlinkSync(bigFile(), join(dataDir, 'media', 'bench-1gib.mp4'));
    const videoId = server.db.prepare("SELECT id FROM videos WHERE brand_id = ? AND platform = 'Reelscope_AWS_S3' AND media_file IS NOT NULL LIMIT 1").pluck().get(brandId) as string;
    server.db.prepare("UPDATE videos SET media_file = 'bench-1gib.mp4' WHERE id = ?").run(videoId);

    const secrets = createSecretsService({ keychain: null, encrypted: null, allowInsecure: () => false });
    await secrets.set({ jwt: login.jwt, refreshToken: login.refresh_token });
    const downloadDir = join(root, 'downloads');
    mkdirSync(downloadDir);
    const desktop = createDesktopServices({
      ports: {
        stateDir: join(root, 'state'), defaultDownloadDir: downloadDir, defaultExportDir: join(root, 'exports'), directoryPicker: null,
        windowProgress: { set: () => undefined }, downloadNotifier: { downloaded: () => undefined }, shell: { showItemInFolder: () => undefined },
        writeStreams: createNodeWriteStreams(), mediaUrls: { item: (id) => id, thumbnail: (id) => id },
      },
      backend: () => ({ mode: 'hosted', origin: server.url, urls: serviceUrls(server.url), dataDir: null, state: 'running', error: null }),
      secrets, brandId: () => brandId, clock: systemClock, emit: () => undefined, log: () => undefined,
    });

    const ours = async (): Promise<{ seconds: number; rssGrowth: number }> => {
      const baseline = process.memoryUsage().rss;
      let peak = baseline;
      const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
      const started = performance.now();
      const { downloadId } = await desktop.downloads.start({ videoId, title: 'bench', platform: 'Reelscope_AWS_S3' });
      const end = await desktop.downloads.settled(downloadId);
      const seconds = (performance.now() - started) / 1000;
      clearInterval(sampler);
      if (end.state !== 'completed' || end.bytes !== SIZE) throw new Error(`download ended ${end.state}: ${end.error ?? ''}`);
      rmSync(end.filePath!, { force: true });
      return { seconds, rssGrowth: peak - baseline };
    };
    const curl = async (): Promise<number> => {
      const answer = (await (
        await fetch(`${server.url}/second/download-video`, {
          method: 'POST', headers: { authorization: `Bearer ${login.jwt}`, 'content-type': 'application/json' }, body: JSON.stringify({ videoId }),
        })
      ).json()) as { data: { signedUrl: string } };
      const target = join(downloadDir, 'curl.mp4');
      const started = performance.now();
      // Asynchronous: the back end answering curl runs in this very process.
      const status = await new Promise<number | null>((resolve) => spawn('curl', ['-s', '-f', '-o', target, `${server.url}${answer.data.signedUrl}`], { stdio: 'ignore' }).on('close', resolve));
      const seconds = (performance.now() - started) / 1000;
      if (status !== 0 || statSync(target).size !== SIZE) throw new Error(`curl failed with status ${status}`);
      rmSync(target, { force: true });
      return seconds;
    };

    const runsOurs: { seconds: number; rssGrowth: number }[] = [];
    const runsCurl: number[] = [];
    for (let i = 0; i < 2; i++) {
      runsCurl.push(await curl());
      runsOurs.push(await ours());
    }
    const bestOurs = Math.min(...runsOurs.map((r) => r.seconds));
    const bestCurl = Math.min(...runsCurl);
    const peakGrowth = Math.max(...runsOurs.map((r) => r.rssGrowth));
    const rate = (seconds: number) => `${(SIZE / MiB / seconds).toFixed(0)} MiB/s`;
    console.log(`  downloads service: ${bestOurs.toFixed(2)} s (${rate(bestOurs)})`);
    console.log(`  curl (baseline):   ${bestCurl.toFixed(2)} s (${rate(bestCurl)})`);
    console.log(`  throughput ratio: ${(bestCurl / bestOurs).toFixed(2)}× curl (target ≥ 0.8)`);
    console.log(`  peak RSS growth while downloading: ${(peakGrowth / MiB).toFixed(1)} MiB (target ≤ 64 MiB)`);
  } finally {
    await server.close();
    rmSync(root, { recursive: true, force: true });
  }
}

