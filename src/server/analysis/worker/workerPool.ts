/**
 * Analysis runs outside the request path, in worker processes (issue 41, item 7): a pool that forks at most `max`
 * children at once (the rest wait, first come first served), at lowered priority, each job cancellable, and a crash
 * of the engine (whisper.cpp, onnxruntime, ffmpeg's decoder — native code that can abort) failing that one job with a
 * sentence while the back end keeps serving.
 *
 * Why child_process.fork and not Electron's utilityProcess: the back end already runs *inside* a utility process
 * in the desktop app (src/main/electron/backendChild.ts), and `utilityProcess.fork` exists only in Electron's main
 * process; the same code also runs in the plain-Node web host and as the server bundle, where fork is the only
 * choice. So the pool forks `process.execPath` everywhere; under Electron that binary is Electron itself and the
 * child gets ELECTRON_RUN_AS_NODE=1 to run as plain Node. KNOWN LIMIT: electron-builder.yml flips the `runAsNode`
 * fuse off in the packaged app, and then Electron ignores ELECTRON_RUN_AS_NODE (the docs: "child_process.fork ... will
 * not function"), so a packaged desktop build needs either that fuse on, or main to fork the workers as utility
 * processes on the back end's behalf; childRuntime.ts already speaks to a utility process's parentPort for that.
 *
 * A fresh child per job: the simplest isolation (a crashed or leaking engine takes nothing into the next job, and
 * the memory of a model and a decoded file goes back to the system when the job ends). Measured on this machine
 * (2 busy cores): a fork costs 30-55 ms for a built .js entry, 150-210 ms for a .ts entry through tsx — nothing next
 * to an analysis of seconds to minutes, so children are not reused.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { availableParallelism, setPriority } from 'node:os';
import { AnalysisCancelled, AnalysisFault, type AnalysisStep } from '../engines';
import { WORKER_PRIORITY_ENV } from './childRuntime';
import { ChildMessageSchema } from './messages';
import { tsxExecArgv } from './workerEntry';

/** The most workers REELSCOPE_ANALYSIS_WORKERS may ask for. */
export const MAX_ANALYSIS_WORKERS = 16;

/**
 * How many analyses run at once: REELSCOPE_ANALYSIS_WORKERS (a whole number 1..16) when set, else half the cores
 * (at least one) — each engine uses several threads of its own, and the back end must keep answering requests.
 * A bad value throws, with the sentence to show at start.
 */
export function workerCountFrom(env: NodeJS.ProcessEnv = process.env, cores: number = availableParallelism()): number {
  const text = env.REELSCOPE_ANALYSIS_WORKERS?.trim();
  if (!text) return Math.max(1, Math.floor(cores / 2));
  const count = /^\d+$/.test(text) ? Number(text) : Number.NaN;
  if (!Number.isInteger(count) || count < 1 || count > MAX_ANALYSIS_WORKERS) {
    throw new Error(`REELSCOPE_ANALYSIS_WORKERS must be a whole number from 1 to ${MAX_ANALYSIS_WORKERS} (analyses run at once), got "${text}".`);
  }
  return count;
}

export interface WorkerPoolOptions {
  /** Children alive at once; from workerCountFrom(). */
  max: number;
  /** The child's script: a built .js, or a .ts run through tsx. */
  entry: string;
  /** Node flags of the child; default tsx's loader for a .ts entry, none for .js (the parent's own are not passed). */
  execArgv?: string[];
  /** Added to the parent's environment. */
  env?: Record<string, string>;
  /** Niceness of the children (0..19, higher is lower priority); default 10; 0 leaves it. */
  priority?: number;
  /** How long a cancelled child has after SIGTERM before SIGKILL; default 2000 ms. */
  killGraceMs?: number;
  /** Where the children's stdout and stderr go; default the parent's stderr. */
  log?: (text: string) => void;
}

export interface RunOptions<Res> {
  signal?: AbortSignal;
  onProgress?: (step: AnalysisStep, fraction: number) => void;
  /** Called with the child's pid when the job's child has started. */
  onStart?: (pid: number) => void;
  /** Checks the child's answer (e.g. a zod schema's parse); its throw fails the job. Default: the value as sent. */
  parse?: (value: unknown) => Res;
}

export interface WorkerPool {
  run<Req, Res>(message: Req, options?: RunOptions<Res>): Promise<Res>;
  /** Cancels what waits and what runs; resolves when every child has exited. Later runs reject (AnalysisCancelled). */
  close(): Promise<void>;
  /** The highest resident memory any child reported, in bytes (0 before the first report). */
  peakRssBytes(): number;
  /** Children alive now (running a job, or exiting after one). */
  running(): number;
  /** Jobs waiting for a free child. */
  waiting(): number;
}

const STDERR_TAIL_CHARS = 4000;
/** After its answer a child exits by itself; one that has not after this long is killed. */
const ANSWERED_EXIT_MS = 5000;
/** After the child exits, how long its last messages may take to arrive before the channel is given up. */
const CHANNEL_DRAIN_MS = 1000;
/** POSIX: each child leads a process group, so a cancel also reaches what it started (ffmpeg). */
const KILL_GROUP = process.platform !== 'win32';

interface Job {
  message: unknown;
  options: RunOptions<unknown>;
  resolve: (value: unknown) => void;
  reject: (error: Error) => void;
  /** Set once the job has a child: cancels it. */
  cancel: (() => void) | null;
  /** The listener on options.signal, removed once the job is settled. */
  onAbort: (() => void) | null;
  settled: boolean;
}

export function createWorkerPool(options: WorkerPoolOptions): WorkerPool {
  if (!Number.isInteger(options.max) || options.max < 1) throw new RangeError(`A worker pool needs max ≥ 1, got ${options.max}.`);
  const execArgv = options.execArgv ?? (/\.[cm]?tsx?$/.test(options.entry) ? tsxExecArgv() : []);
  const priority = options.priority ?? 10;
  const killGraceMs = options.killGraceMs ?? 2000;
  const log = options.log ?? ((text: string) => void process.stderr.write(text));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    ...options.env,
    ...(priority > 0 ? { [WORKER_PRIORITY_ENV]: String(priority) } : {}),
    // Under Electron, process.execPath is Electron: this makes the child plain Node (see the header on the fuse).
    ...(process.versions.electron ? { ELECTRON_RUN_AS_NODE: '1' } : {}),
  };

  const queue: Job[] = [];
  let alive = 0;
  let closed = false;
  let peak = 0;
  const cancels = new Set<() => void>();
  let idleWaiters: (() => void)[] = [];

  const settle = (job: Job, outcome: { value: unknown } | { error: Error }) => {
    if (job.settled) return;
    job.settled = true;
    if (job.onAbort) job.options.signal?.removeEventListener('abort', job.onAbort);
    if ('error' in outcome) job.reject(outcome.error);
    else job.resolve(outcome.value);
  };

  const pump = () => {
    while (!closed && alive < options.max && queue.length > 0) start(queue.shift() as Job);
    if (alive === 0) {
      const waiters = idleWaiters;
      idleWaiters = [];
      for (const done of waiters) done();
    }
  };

  const start = (job: Job) => {
    alive += 1;
    let child: ChildProcess;
    try {
      child = fork(options.entry, [], {
        execArgv,
        env,
        stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
        // Structured clone: PCM as Float32Array, Maps and Dates cross as they are.
        serialization: 'advanced',
        detached: KILL_GROUP,
        windowsHide: true,
      });
    } catch (error) {
      alive -= 1;
      settle(job, { error: new AnalysisFault(`The analysis engine could not start (${(error as Error).message}).`, { cause: error }) });
      pump();
      return;
    }

    let tail = '';
    child.stdout?.setEncoding('utf8').on('data', (text: string) => log(text));
    child.stderr?.setEncoding('utf8').on('data', (text: string) => {
      log(text);
      tail = (tail + text).slice(-STDERR_TAIL_CHARS);
    });

    let cancelled = false;
    let unreadable = false;
    // The answer waits for the child's exit: a settled run means its process is gone and its slot is free.
    let answer: { value: unknown } | { error: Error } | null = null;
    let spawnError: Error | null = null;
    const timers: NodeJS.Timeout[] = [];
    const signalChild = (signal: NodeJS.Signals) => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      try {
        if (KILL_GROUP && child.pid) process.kill(-child.pid, signal);
        else child.kill(signal);
      } catch {
        try {
          child.kill(signal);
        } catch {
          // Already gone.
        }
      }
    };
    const stop = () => {
      signalChild('SIGTERM');
      timers.push(setTimeout(() => signalChild('SIGKILL'), killGraceMs));
    };
    const cancel = () => {
      // Once the child has answered, the answer stands: it is exiting anyway.
      if (cancelled || answer) return;
      cancelled = true;
      stop();
    };
    job.cancel = cancel;
    cancels.add(cancel);

    if (child.pid !== undefined) {
      if (priority > 0) {
        try {
          setPriority(child.pid, priority);
        } catch {
          // EACCES/EPERM (a policy forbids it): the child runs at normal priority.
        }
      }
      try {
        job.options.onStart?.(child.pid);
      } catch (error) {
        log(`analysis worker pool: onStart threw: ${(error as Error).message}\n`);
      }
    }

    const answered = (outcome: { value: unknown } | { error: Error }) => {
      answer = outcome;
      timers.push(setTimeout(() => signalChild('SIGKILL'), ANSWERED_EXIT_MS));
    };
    child.on('message', (raw: unknown) => {
      const parsed = ChildMessageSchema.safeParse(raw);
      if (!parsed.success) {
        if (answer || cancelled) return;
        // A child that says what the back end cannot read is broken: stop it, fail the job.
        unreadable = true;
        signalChild('SIGKILL');
        return;
      }
      const message = parsed.data;
      if (message.type === 'rss') {
        peak = Math.max(peak, message.bytes);
      } else if (answer || cancelled || unreadable) {
        // After the answer, a cancel or a broken message: nobody is waiting for more.
      } else if (message.type === 'progress') {
        job.options.onProgress?.(message.step, message.fraction);
      } else if (message.type === 'result') {
        try {
          answered({ value: job.options.parse ? job.options.parse(message.value) : message.value });
        } catch (error) {
          answered({ error: new AnalysisFault('The analysis engine gave an answer the back end cannot read.', { cause: error }) });
        }
      } else {
        answered({ error: new AnalysisFault(message.sentence, { retryable: message.retryable, retryAfterSeconds: message.retryAfterSeconds }) });
      }
    });

    let ended = false;
    const end = (code: number | null, signal: NodeJS.Signals | null) => {
      if (ended) return;
      ended = true;
      for (const timer of timers) clearTimeout(timer);
      cancels.delete(cancel);
      if (answer) {
        // Answered, whatever the exit (a native library that aborts while unloading does not lose the result).
        settle(job, answer);
      } else if (cancelled) {
        settle(job, { error: new AnalysisCancelled('The analysis was cancelled.') });
      } else {
        const reason = spawnError
          ? spawnError.message.startsWith('its job') ? spawnError.message : `it could not start: ${spawnError.message}`
          : unreadable
            ? 'it sent a message the back end cannot read'
            : signal
              ? `signal ${signal}`
              : code !== 0 && code !== null
                ? `exit code ${code}`
                : 'it exited without an answer';
        settle(job, { error: new AnalysisFault(`The analysis engine stopped unexpectedly (${reason}).`, { cause: new Error(tail.trim() || reason) }) });
      }
      alive -= 1;
      pump();
    };
    child.on('error', (error) => {
      // Spawning failed (no such executable): there will be no 'exit'. Later errors (a failed kill) are only noted.
      if (child.pid === undefined) {
        spawnError = error;
        end(null, null);
      } else {
        tail = (tail + `\n${error.message}`).slice(-STDERR_TAIL_CHARS);
      }
    });
    child.once('exit', (code, signal) => {
      // 'exit' can come before the last messages are read: wait for the channel to close (or a short while).
      if (!child.connected) return end(code, signal);
      const drained = setTimeout(() => end(code, signal), CHANNEL_DRAIN_MS);
      child.once('disconnect', () => {
        clearTimeout(drained);
        end(code, signal);
      });
    });

    try {
      child.send({ type: 'job', job: job.message }, (error) => {
        // The child died before it could read its job: 'exit' follows and fails the job.
        if (error) tail = (tail + `\n${error.message}`).slice(-STDERR_TAIL_CHARS);
      });
    } catch (error) {
      // The job cannot be cloned (a function, a class with private state): this child will never get it.
      spawnError = new Error(`its job could not be sent: ${(error as Error).message}`);
      signalChild('SIGKILL');
    }
  };

  return {
    run<Req, Res>(message: Req, runOptions: RunOptions<Res> = {}): Promise<Res> {
      if (closed) return Promise.reject(new AnalysisCancelled('The analysis worker pool is closed.'));
      if (runOptions.signal?.aborted) return Promise.reject(new AnalysisCancelled('The analysis was cancelled.'));
      return new Promise<Res>((resolve, reject) => {
        const job: Job = { message, options: runOptions as RunOptions<unknown>, resolve: resolve as (value: unknown) => void, reject, cancel: null, onAbort: null, settled: false };
        job.onAbort = () => {
          // Running: kill the child (the run rejects once it has exited). Waiting: leave the queue now.
          if (job.cancel) return job.cancel();
          const at = queue.indexOf(job);
          if (at >= 0) queue.splice(at, 1);
          settle(job, { error: new AnalysisCancelled('The analysis was cancelled.') });
        };
        runOptions.signal?.addEventListener('abort', job.onAbort, { once: true });
        queue.push(job);
        pump();
      });
    },
    close() {
      closed = true;
      for (const job of queue.splice(0)) settle(job, { error: new AnalysisCancelled('The analysis worker pool is closed.') });
      for (const cancel of [...cancels]) cancel();
      if (alive === 0) return Promise.resolve();
      return new Promise<void>((done) => idleWaiters.push(done));
    },
    peakRssBytes: () => peak,
    running: () => alive,
    waiting: () => queue.length,
  };
}
