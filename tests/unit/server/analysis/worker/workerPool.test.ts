/**
 * The analysis worker pool with real child processes: the fixtures in ./fixtures are worker entries run through tsx
 * (as the source back end runs its analysisWorker.ts). No timing is asserted: only order, counts, and outcomes.
 */
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawn } from 'node:child_process';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { ANALYSIS_STEPS, AnalysisCancelled, AnalysisFault, type AnalysisStep } from '../../../../../src/server/analysis/engines';
import { tsxExecArgv } from '../../../../../src/server/analysis/worker/workerEntry';
import { createWorkerPool, workerCountFrom, type WorkerPool, type WorkerPoolOptions } from '../../../../../src/server/analysis/worker/workerPool';

const FIXTURES = join(import.meta.dirname, 'fixtures');
const temp = mkdtempSync(join(tmpdir(), 'reelscope-worker-'));
afterAll(() => rmSync(temp, { recursive: true, force: true }));

const pools: WorkerPool[] = [];
afterEach(async () => {
  await Promise.all(pools.splice(0).map((pool) => pool.close()));
});

/** A pool on one fixture; the children's output is kept, not printed. */
function poolOf(fixture: string, options: Partial<WorkerPoolOptions> = {}): WorkerPool & { output: () => string } {
  let output = '';
  const pool = createWorkerPool({ max: 1, entry: join(FIXTURES, `${fixture}.ts`), killGraceMs: 300, log: (text) => (output += text), ...options });
  pools.push(pool);
  return Object.assign(pool, { output: () => output });
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Whether a process runs (a killed one not yet reaped by whoever adopted it is a zombie, state Z: not running). */
function isRunning(pid: number): boolean {
  if (!isAlive(pid)) return false;
  if (process.platform !== 'linux') return true;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2)[0] !== 'Z';
  } catch {
    return false;
  }
}

/** The nice value of every thread of a process (Linux: field 19 of /proc/<pid>/task/<tid>/stat). */
function niceOfThreads(pid: number): number[] {
  return readdirSync(`/proc/${pid}/task`).map((tid) => {
    const stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces): state is field 3, nice field 19.
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]);
  });
}

interface Answer {
  id: number;
  pid: number;
  sum: number | null;
  at: Map<string, Date>;
}

describe('workerCountFrom: REELSCOPE_ANALYSIS_WORKERS, else half the cores', () => {
  it('takes a whole number from 1 to 16 and falls back to half the cores, at least one', () => {
    expect(workerCountFrom({ REELSCOPE_ANALYSIS_WORKERS: '3' }, 2)).toBe(3);
    expect(workerCountFrom({ REELSCOPE_ANALYSIS_WORKERS: ' 16 ' }, 2)).toBe(16);
    expect(workerCountFrom({}, 8)).toBe(4);
    expect(workerCountFrom({ REELSCOPE_ANALYSIS_WORKERS: '' }, 7)).toBe(3);
    expect(workerCountFrom({}, 1)).toBe(1);
  });

  it.each(['0', '17', '2.5', 'two', '-1', '1e1'])('refuses %j with a sentence naming the variable and the range', (value) => {
    expect(() => workerCountFrom({ REELSCOPE_ANALYSIS_WORKERS: value }, 4)).toThrow(
      `REELSCOPE_ANALYSIS_WORKERS must be a whole number from 1 to 16 (analyses run at once), got "${value}".`,
    );
  });
});

describe('createWorkerPool', () => {
  it('runs at most max children at once, and starts waiting jobs first come first served', async () => {
    const log = join(temp, 'overlap.log');
    const pool = poolOf('answering', { max: 2 });
    const startedOrder: number[] = [];
    const runningAtStart: number[] = [];
    const jobs = [0, 1, 2, 3, 4].map((id) =>
      pool.run<object, Answer>({ id, log, holdMs: 150 }, {
        onStart: () => {
          startedOrder.push(id);
          runningAtStart.push(pool.running());
        },
      }),
    );
    expect(pool.running()).toBe(2);
    expect(pool.waiting()).toBe(3);
    const answers = await Promise.all(jobs);
    expect(answers.map((answer) => answer.id)).toEqual([0, 1, 2, 3, 4]);
    expect(startedOrder).toEqual([0, 1, 2, 3, 4]);
    expect(Math.max(...runningAtStart)).toBeLessThanOrEqual(2);

    // What the children themselves wrote: never more than two between a start and its end.
    let inside = 0;
    let most = 0;
    const lines = readFileSync(log, 'utf8').trim().split('\n');
    for (const line of lines) {
      inside += line.startsWith('start') ? 1 : -1;
      most = Math.max(most, inside);
    }
    expect(lines).toHaveLength(10);
    expect(most).toBeLessThanOrEqual(2);
    // A fresh child per job.
    expect(new Set(answers.map((answer) => answer.pid)).size).toBe(5);
    expect(pool.running()).toBe(0);
  });

  it('keeps FIFO order with one worker, and a job cancelled while waiting never starts', async () => {
    const log = join(temp, 'fifo.log');
    const pool = poolOf('answering', { max: 1 });
    const waitingOne = new AbortController();
    const runs = [0, 1, 2, 3].map((id) => pool.run<object, Answer>({ id, log }, id === 2 ? { signal: waitingOne.signal } : {}));
    waitingOne.abort();
    const settled = await Promise.allSettled(runs);
    expect(settled.map((result) => result.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'fulfilled']);
    expect((settled[2] as PromiseRejectedResult).reason).toBeInstanceOf(AnalysisCancelled);
    const starts = readFileSync(log, 'utf8').trim().split('\n').filter((line) => line.startsWith('start')).map((line) => Number(line.split(' ')[1]));
    expect(starts).toEqual([0, 1, 3]);
  });

  it('passes the job and the answer by structured clone (typed arrays, Maps, Dates)', async () => {
    const pool = poolOf('answering');
    const answer = await pool.run<object, Answer>({ id: 7, samples: new Float32Array([0.25, 0.5, 0.25]) });
    expect(answer.sum).toBe(1);
    expect(answer.at.get('done')).toEqual(new Date(0));
  });

  it('delivers progress in order: each step after the one before, fractions rising, each step ending at 1', async () => {
    const pool = poolOf('answering');
    const events: [AnalysisStep, number][] = [];
    await pool.run({ id: 1 }, { onProgress: (step, fraction) => events.push([step, fraction]) });
    const steps = [...new Set(events.map(([step]) => step))];
    expect(steps).toEqual(['decoding_audio', 'finding_speech', 'transcribing']);
    for (let i = 1; i < events.length; i += 1) {
      const [step, fraction] = events[i] as [AnalysisStep, number];
      const [before, beforeFraction] = events[i - 1] as [AnalysisStep, number];
      expect(ANALYSIS_STEPS.indexOf(step)).toBeGreaterThanOrEqual(ANALYSIS_STEPS.indexOf(before));
      if (step === before) expect(fraction).toBeGreaterThan(beforeFraction);
    }
    for (const step of steps) {
      const ofStep = events.filter(([name]) => name === step);
      expect(ofStep[0]?.[1]).toBe(0);
      expect(ofStep.at(-1)?.[1]).toBe(1);
    }
    // Throttled: 63 calls in the child, far fewer messages (each step's first and last, and a few a second between).
    expect(events.length).toBeLessThan(63);
  });

  it('cancel kills a child that ignores SIGTERM (SIGKILL after the grace); the run rejects once its pid is gone', async () => {
    const pool = poolOf('hanging');
    const cancel = new AbortController();
    let pid = 0;
    const run = pool.run({ cooperative: false }, { signal: cancel.signal, onStart: (started) => (pid = started), onProgress: () => cancel.abort() });
    await expect(run).rejects.toBeInstanceOf(AnalysisCancelled);
    expect(pid).toBeGreaterThan(0);
    expect(isAlive(pid)).toBe(false);
    expect(pool.running()).toBe(0);
  });

  it.runIf(process.platform !== 'win32')('cancel also ends what the child started (its process group: ffmpeg, here sleep)', async () => {
    const pool = poolOf('hanging');
    const cancel = new AbortController();
    const pidFile = join(temp, 'grandchild.pid');
    const run = pool.run({ cooperative: false, grandchildPidFile: pidFile }, { signal: cancel.signal, onProgress: () => cancel.abort() });
    await expect(run).rejects.toBeInstanceOf(AnalysisCancelled);
    const grandchild = Number(readFileSync(pidFile, 'utf8'));
    expect(grandchild).toBeGreaterThan(0);
    expect(isRunning(grandchild)).toBe(false);
  });

  it('cancel lets a cooperative child stop on SIGTERM; the run rejects with AnalysisCancelled', async () => {
    const pool = poolOf('hanging', { killGraceMs: 60_000 });
    const cancel = new AbortController();
    let pid = 0;
    const run = pool.run({ cooperative: true }, { signal: cancel.signal, onStart: (started) => (pid = started), onProgress: () => cancel.abort() });
    // With a minute's grace, a rejection within the test's time means the child ended itself on SIGTERM.
    await expect(run).rejects.toBeInstanceOf(AnalysisCancelled);
    expect(isAlive(pid)).toBe(false);
  });

  it.each([
    ['abort', 'The analysis engine stopped unexpectedly (signal SIGABRT).'],
    ['kill', 'The analysis engine stopped unexpectedly (signal SIGKILL).'],
    ['exit', 'The analysis engine stopped unexpectedly (exit code 3).'],
    ['throw', 'The analysis engine stopped unexpectedly (an internal error: offset out of range).'],
    ['garbage', 'The analysis engine stopped unexpectedly (it sent a message the back end cannot read).'],
  ])('a child that fails by %s fails its job with a sentence, and the job queued behind it still runs', async (how, sentence) => {
    const pool = poolOf('crashing', { max: 1 });
    const crashed = pool.run({ how }).catch((caught: unknown) => caught);
    const behind = pool.run<object, { ok: boolean }>({ how: 'none' });
    const error = await crashed;
    expect(error).toBeInstanceOf(AnalysisFault);
    expect((error as AnalysisFault).message).toBe(sentence);
    expect((error as AnalysisFault).retryable).toBe(false);
    // The pool keeps serving: the next job gets a fresh child and its answer.
    expect(await behind).toEqual({ ok: true });
    expect(pool.running()).toBe(0);
  });

  it("a fault from the child arrives as an AnalysisFault with the child's sentence, retryable and Retry-After", async () => {
    const pool = poolOf('crashing');
    const error = (await pool.run({ how: 'fault' }).catch((caught: unknown) => caught)) as AnalysisFault;
    expect(error).toBeInstanceOf(AnalysisFault);
    expect(error.message).toBe('Transcription failed: the service is busy');
    expect(error.retryable).toBe(true);
    expect(error.retryAfterSeconds).toBe(30);
  });

  it('a job that cannot be sent (a function in it) fails with a sentence and leaves no child behind', async () => {
    const pool = poolOf('answering');
    let pid = 0;
    await expect(pool.run({ id: 1, callback: () => 1 }, { onStart: (started) => (pid = started) })).rejects.toThrow(
      /^The analysis engine stopped unexpectedly \(its job could not be sent: /,
    );
    expect(isAlive(pid)).toBe(false);
    expect(await pool.run<object, Answer>({ id: 2 })).toMatchObject({ id: 2 });
  });

  it('a job the child cannot read fails with a sentence (the fixture checks its job with zod)', async () => {
    const pool = poolOf('answering');
    await expect(pool.run({ id: 'not a number' })).rejects.toThrow('The analysis engine was given a job it cannot read.');
  });

  it.runIf(process.platform === 'linux')('runs every thread of a child at niceness 10 (lowered priority)', async () => {
    const pool = poolOf('hanging');
    const cancel = new AbortController();
    let pid = 0;
    let nice: number[] = [];
    const run = pool.run({ cooperative: false }, {
      signal: cancel.signal,
      onStart: (started) => (pid = started),
      onProgress: () => {
        nice = niceOfThreads(pid);
        cancel.abort();
      },
    });
    await expect(run).rejects.toBeInstanceOf(AnalysisCancelled);
    expect(nice.length).toBeGreaterThan(1);
    expect(new Set(nice)).toEqual(new Set([10]));
  });

  it("reports the children's peak memory, not the back end's", async () => {
    // The test process holds 300 MB: on Linux a child's maxRSS would include it (fork+exec keeps the parent's mark).
    const ballast = Buffer.alloc(300 * 1024 * 1024, 1);
    const small = poolOf('allocating');
    await small.run({ megabytes: 1 });
    expect(small.peakRssBytes()).toBeGreaterThan(10 * 1024 * 1024);
    expect(small.peakRssBytes()).toBeLessThan(250 * 1024 * 1024);

    const big = poolOf('allocating');
    const answer = await big.run<object, { bytes: number }>({ megabytes: 400 });
    expect(answer.bytes).toBe(400 * 1024 * 1024);
    expect(big.peakRssBytes()).toBeGreaterThan(400 * 1024 * 1024);
    expect(ballast[0]).toBe(1);
  });

  it('close() cancels what waits and what runs, and refuses later jobs', async () => {
    const pool = createWorkerPool({ max: 1, entry: join(FIXTURES, 'hanging.ts'), killGraceMs: 200, log: () => undefined });
    let pid = 0;
    let progressed: () => void = () => undefined;
    const reached = new Promise<void>((done) => (progressed = done));
    const running = pool.run({ cooperative: false }, { onStart: (started) => (pid = started), onProgress: () => progressed() });
    const waiting = pool.run({ cooperative: true }).catch((error: unknown) => error);
    await reached;
    const runningOutcome = running.catch((error: unknown) => error);
    await pool.close();
    expect(await runningOutcome).toBeInstanceOf(AnalysisCancelled);
    expect(await waiting).toBeInstanceOf(AnalysisCancelled);
    expect(isAlive(pid)).toBe(false);
    await expect(pool.run({ cooperative: true })).rejects.toBeInstanceOf(AnalysisCancelled);
  });

  it('a worker whose back end dies (SIGKILL, no close) stops by itself: the IPC channel closing cancels it', async () => {
    const parent = spawn(process.execPath, [...tsxExecArgv(), join(FIXTURES, 'dyingParent.ts')], { stdio: ['ignore', 'pipe', 'inherit'] });
    let printed = '';
    parent.stdout.setEncoding('utf8').on('data', (text: string) => (printed += text));
    const [, signal] = (await new Promise((done) => parent.once('exit', (...args) => done(args)))) as [number | null, string | null];
    expect(signal).toBe('SIGKILL');
    const pid = Number(printed.trim());
    expect(pid).toBeGreaterThan(0);
    // Not a timing claim: how long the orphan takes is up to the system; it must end within the test's patience.
    await vi.waitFor(() => expect(isRunning(pid)).toBe(false), { timeout: 15_000, interval: 100 });
  });
});
