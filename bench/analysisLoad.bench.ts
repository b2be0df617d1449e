/**
 * The back end while videos are heard and read: the videos list's p95 while two analyses run in worker processes,
 * against the same list idle, interleaved round by round (idle, busy, idle, busy …) so a slow minute of the machine
 * lands on both sides; and the analysis workers' peak memory, read from /proc as they run. The analyses are real:
 * a minute of 720p video with espeak-ng speech and a caption, transcribed by whisper.cpp with a base-sized model file
 * this bench writes (random weights), VAD, audio labels and OCR. Targets: busy p95 ≤ 1.5× idle; each worker ≤ 1 GiB.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEMO_ACCOUNTS } from '../src/shared/demoAccounts';
import { percentile } from './benchStats';
import { writeRandomWhisperModel } from '../tests/unit/server/analysis/support/ggmlWhisperModel';

const ROUNDS = 3;
const REQUESTS = 60;
const GiB = 1024 ** 3;

/** The resident memory of every analysis worker now (their command line names the worker's script). */
function workerRss(): number[] {
  const found: number[] = [];
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      if (!readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('analysisWorker')) continue;
      const rss = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
      if (rss) found.push(Number(rss) * 1024);
    } catch {
      // gone meanwhile
    }
  }
  return found;
}

function makeClip(dir: string): string {
  const speech = join(dir, 'speech.wav');
  const text = 'So today I want to show you the new glow serum. It feels light on the skin and absorbs really quickly. ';
  execFileSync('espeak-ng', ['-w', speech, text.repeat(6)]);
  const out = join(dir, 'clip.mp4');
  execFileSync('ffmpeg', ['-nostdin', '-v', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc2=size=1280x720:rate=30:duration=60', '-i', speech,
    '-vf', "drawtext=text='GLOW SERUM TWENTY OFF':fontsize=60:fontcolor=white:box=1:boxcolor=black:x=100:y=100:enable='lt(t,30)'",
    '-af', 'apad', '-t', '60', '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', out]);
  return out;
}

export async function run(): Promise<void> {
  const root = mkdtempSync(join(tmpdir(), 'reelscope-analysisload-'));
  const model = join(root, 'ggml-base-random.bin');
  writeRandomWhisperModel(model, 'base');
  Object.assign(process.env, {
    REELSCOPE_MEDIA_ANALYSIS: 'on', REELSCOPE_ANALYSIS_WORKERS: '2', REELSCOPE_SPEECH_MODEL_FILE: model, REELSCOPE_ANALYSIS_DELAY_MS: '0',
  });
  const { createServer } = await import('../src/server/app');
  const server = await createServer({ dataDir: join(root, 'data'), port: 0, seed: { scale: 0.1 } });
  let peak = 0;
  const sampler = setInterval(() => (peak = Math.max(peak, ...workerRss(), 0)), 200);
  try {
    const login = (await (await fetch(`${server.url}/jwt_api/login`, {
      method: 'POST', headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: DEMO_ACCOUNTS.brandManager.email, password: DEMO_ACCOUNTS.brandManager.password }),
    })).json()) as { jwt: string; currentBrand: { _id: string }; user?: { _id: string } };
    const headers = { authorization: `Bearer ${login.jwt}` };
    const brand = login.currentBrand._id;
    const active = async () => Number((await server.sql.get<{ n: number }>("SELECT COUNT(*) AS n FROM analysis_jobs WHERE state IN ('queued','processing')"))?.n ?? 0);
    // The demo videos the seed left in analysis finish first: the idle side has no analysis running.
    for (let waited = 0; (await active()) > 0 && waited < 600; waited += 1) await new Promise((r) => setTimeout(r, 1000));

    const clip = readFileSync(makeClip(root));
    const ids: string[] = [];
    for (const name of ['a', 'b']) {
      const created = (await (await fetch(`${server.url}/second/video/create-upload-url/${name}.mp4?brand_id=${brand}`, {
        method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify({ title: `Bench ${name}` }),
      })).json()) as { url: string; videoId: string };
      await fetch(`${server.url}${created.url}`, { method: 'PUT', headers: { 'content-type': 'video/mp4' }, body: clip });
      ids.push(created.videoId);
    }
    const untilIdle = async () => {
      while ((await active()) > 0) await new Promise((r) => setTimeout(r, 500));
    };
    await untilIdle();
    const list = async (samples: number[]) => {
      for (let i = 0; i < REQUESTS; i++) {
        const started = performance.now();
        const answer = await fetch(`${server.url}/jwt_api/videos?brand_id=${brand}&per_page=20&page=${1 + (i % 5)}`, { headers });
        await answer.arrayBuffer();
        samples.push(performance.now() - started);
      }
    };
    const idle: number[] = [];
    const busy: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      await list(idle);
      for (const id of ids) {
        await fetch(`${server.url}/second/reanalyze?brand_id=${brand}`, { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify({ videoId: id }) });
      }
      // Both running in their workers before the busy side is measured.
      while (workerRss().length < 2 && (await active()) > 0) await new Promise((r) => setTimeout(r, 100));
      await list(busy);
      const runningAfter = workerRss().length;
      await untilIdle();
      console.log(`  round ${round + 1}: idle p95 ${percentile(idle.slice(-REQUESTS), 95).toFixed(1)} ms, busy p95 ${percentile(busy.slice(-REQUESTS), 95).toFixed(1)} ms (${runningAfter} workers still running at the end of the busy side)`);
    }
    const ratio = percentile(busy, 95) / percentile(idle, 95);
    console.log(`  list p95 idle ${percentile(idle, 95).toFixed(1)} ms, while two analyses run ${percentile(busy, 95).toFixed(1)} ms = ${ratio.toFixed(2)}× (target ≤ 1.5×) ${ratio <= 1.5 ? 'PASS' : 'MISS'}`);
    console.log(`  analysis worker peak resident memory ${(peak / 1024 ** 2).toFixed(0)} MiB (target ≤ 1024 MiB) ${peak > 0 && peak <= GiB ? 'PASS' : 'MISS'}`);
  } finally {
    clearInterval(sampler);
    await server.close();
    rmSync(root, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await run();
