/**
 * The inside of an analysis worker child: what a worker entry (analysisWorker.ts, the tests' fixtures) calls.
 * `serveWorker(handler)` reads the one job the pool sends, checks it, runs the handler with an AbortSignal and a
 * throttled progress callback, posts the result or a fault, and exits. Cancellation arrives as SIGTERM (the pool
 * sends SIGKILL after a short grace) or as the pool going away (the IPC channel closes): both abort the signal.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { getPriority, setPriority } from 'node:os';
import type { z } from 'zod';
import { ANALYSIS_STEPS, type AnalysisStep } from '../engines';
import { JobMessageSchema, ProgressMessageSchema, type ChildMessage } from './messages';

export interface WorkerContext {
  /** Aborted when the pool cancels the job or goes away; the handler should stop and throw (AnalysisCancelled). */
  signal: AbortSignal;
  /** How far a step is, 0..1. Call as often as you like: at most a few a second reach the pool (always the last). */
  progress(step: AnalysisStep, fraction: number): void;
}

export type WorkerHandler<Req, Res> = (job: Req, context: WorkerContext) => Promise<Res>;

export interface ServeWorkerOptions<Req> {
  /** The job's shape; a job that does not match fails with a sentence, the handler is not called. */
  schema?: z.ZodType<Req>;
  /** Least time between two progress messages of the same step; default 200 ms (5 a second). */
  progressIntervalMs?: number;
  /** How often the child reports its memory; default 1000 ms. */
  rssIntervalMs?: number;
}

/** The env variable through which the pool passes the niceness its children run at. */
export const WORKER_PRIORITY_ENV = 'REELSCOPE_WORKER_PRIORITY';

/** How the child talks to the pool: child_process IPC (fork), or an Electron utility process's parentPort. */
interface ParentChannel {
  send(message: ChildMessage): Promise<void>;
  onMessage(listener: (message: unknown) => void): void;
  onClose(listener: () => void): void;
}

interface UtilityParentPort {
  postMessage(message: unknown): void;
  on(event: 'message', listener: (event: { data: unknown }) => void): void;
}

function parentChannel(): ParentChannel {
  if (typeof process.send === 'function') {
    return {
      send: (message) =>
        new Promise((done, fail) => {
          if (!process.connected) return done();
          process.send?.(message, undefined, {}, (error) => (error ? fail(error) : done()));
        }),
      onMessage: (listener) => void process.on('message', listener),
      onClose: (listener) => void process.once('disconnect', listener),
    };
  }
  const port = (process as unknown as { parentPort?: UtilityParentPort }).parentPort;
  if (port) {
    return {
      send: async (message) => port.postMessage(message),
      onMessage: (listener) => port.on('message', (event) => listener(event.data)),
      // A utility process is ended by its parent; there is no channel-closed event to watch.
      onClose: () => undefined,
    };
  }
  throw new Error('serveWorker: this process was not started by the analysis worker pool (it has no IPC channel).');
}

/**
 * The peak resident memory of this process, in bytes. On Linux from /proc/self/status VmHWM: `resourceUsage().maxRSS`
 * is NOT this process's own there — Linux carries the parent's high-water mark across the fork+exec that starts a
 * child (measured: a child of a 640 MB back end reports maxRSS 617 MB while VmHWM says 47 MB). Elsewhere maxRSS.
 */
export function ownPeakRssBytes(): number {
  const now = process.memoryUsage.rss();
  if (process.platform === 'linux') {
    try {
      const kb = /^VmHWM:\s+(\d+)\s*kB/m.exec(readFileSync('/proc/self/status', 'utf8'))?.[1];
      if (kb) return Math.max(now, Number(kb) * 1024);
    } catch {
      // No /proc (a locked-down container): the current RSS, sampled every second, is the best there is.
      return now;
    }
  }
  return Math.max(now, process.resourceUsage().maxRSS * 1024);
}

/**
 * Lowers this process's priority to `nice` (only ever lowers). The pool already set it on the child's pid, and
 * measured here that reaches all 7 threads (they start after it). But on Linux a nice value belongs to a thread: a
 * thread Node started before the pool's call (a slow parent, a loaded machine) would keep the old one, so each of
 * /proc/self/task is set too. Threads started later inherit it from the thread that starts them.
 */
export function lowerOwnPriority(nice: number): void {
  const ids = process.platform === 'linux' ? tasksOfThisProcess() : [0];
  for (const id of ids) {
    try {
      if (getPriority(id) < nice) setPriority(id, nice);
    } catch {
      // Not allowed here (EACCES/EPERM) or the thread is gone: the job still runs, at the priority it has.
    }
  }
}

function tasksOfThisProcess(): number[] {
  try {
    return readdirSync('/proc/self/task').map(Number).filter((id) => Number.isInteger(id) && id > 0);
  } catch {
    return [0];
  }
}

/** Progress messages of one step at most every `intervalMs`; a new step, and the last value, always go out. */
function throttledProgress(post: (step: AnalysisStep, fraction: number) => void, intervalMs: number) {
  let lastStep: AnalysisStep | null = null;
  let lastSentAt = 0;
  let pending: { step: AnalysisStep; fraction: number } | null = null;
  let timer: NodeJS.Timeout | null = null;
  const flush = () => {
    if (timer) clearTimeout(timer);
    timer = null;
    if (pending) {
      post(pending.step, pending.fraction);
      lastSentAt = performance.now();
      pending = null;
    }
  };
  const progress = (step: AnalysisStep, fraction: number) => {
    if (!ANALYSIS_STEPS.includes(step)) throw new TypeError(`Unknown analysis step "${String(step)}".`);
    if (Number.isNaN(fraction)) return;
    const clamped = Math.min(1, Math.max(0, fraction));
    if (step !== lastStep) {
      flush();
      lastStep = step;
      post(step, clamped);
      lastSentAt = performance.now();
      return;
    }
    const since = performance.now() - lastSentAt;
    if (since >= intervalMs && !pending) {
      post(step, clamped);
      lastSentAt = performance.now();
      return;
    }
    pending = { step, fraction: clamped };
    timer ??= setTimeout(flush, Math.max(0, intervalMs - since));
  };
  return { progress, flush };
}

function isFault(error: unknown): error is Error & { retryable?: boolean; retryAfterSeconds?: number | null } {
  // By name, not instanceof: a bundled entry and the engines may each carry their own copy of the class.
  return error instanceof Error && error.name === 'AnalysisFault' && error.message.trim() !== '';
}

function firstLine(text: string): string {
  const line = text.split('\n', 1)[0]?.trim() ?? '';
  return line.length > 160 ? `${line.slice(0, 157)}…` : line;
}

/**
 * Serves one job and exits: call it once from a worker entry. The handler's AnalysisFault becomes a fault the pool
 * rethrows as an AnalysisFault with the same sentence; any other error is written to stderr (the pool keeps its tail)
 * and answered with "The analysis engine stopped unexpectedly (an internal error: …)".
 */
export function serveWorker<Req = unknown, Res = unknown>(handler: WorkerHandler<Req, Res>, options: ServeWorkerOptions<Req> = {}): void {
  const channel = parentChannel();
  const nice = Number(process.env[WORKER_PRIORITY_ENV]);
  if (Number.isInteger(nice) && nice > 0) lowerOwnPriority(nice);

  const controller = new AbortController();
  let finished = false;
  const exitSoon = (code: number) => {
    finished = true;
    process.exit(code);
  };
  // Cancel: abort the handler; the pool kills this process after its grace if the handler does not stop.
  process.once('SIGTERM', () => controller.abort());
  channel.onClose(() => {
    controller.abort();
    // No one is listening any more: give the handler a moment to stop its own children (ffmpeg), then go.
    setTimeout(() => exitSoon(0), 1000).unref();
  });

  const send = async (message: ChildMessage) => {
    try {
      await channel.send(message);
    } catch {
      // The pool is gone (the channel closed between the check and the write): nothing to tell.
    }
  };
  const sendRss = () => send({ type: 'rss', bytes: ownPeakRssBytes() });
  const rssTimer = setInterval(() => void sendRss(), options.rssIntervalMs ?? 1000);
  rssTimer.unref();

  const { progress, flush } = throttledProgress(
    (step, fraction) => void send(ProgressMessageSchema.parse({ type: 'progress', step, fraction })),
    options.progressIntervalMs ?? 200,
  );

  const finish = async (answer: ChildMessage) => {
    flush();
    clearInterval(rssTimer);
    await sendRss();
    await send(answer);
    exitSoon(0);
  };

  const runJob = async (raw: unknown) => {
    const envelope = JobMessageSchema.safeParse(raw);
    if (!envelope.success) {
      await finish({ type: 'fault', sentence: 'The analysis engine was sent a message it cannot read.', retryable: false, retryAfterSeconds: null });
      return;
    }
    let job: Req;
    if (options.schema) {
      const checked = options.schema.safeParse(envelope.data.job);
      if (!checked.success) {
        process.stderr.write(`analysis worker: the job does not match its schema: ${checked.error.message}\n`);
        await finish({ type: 'fault', sentence: 'The analysis engine was given a job it cannot read.', retryable: false, retryAfterSeconds: null });
        return;
      }
      job = checked.data;
    } else {
      job = envelope.data.job as Req;
    }
    try {
      const value = await handler(job, { signal: controller.signal, progress });
      await finish({ type: 'result', value });
    } catch (error) {
      if (controller.signal.aborted) {
        // Cancelled: the pool has stopped waiting for an answer.
        exitSoon(0);
      } else if (isFault(error)) {
        const after = error.retryAfterSeconds;
        await finish({
          type: 'fault',
          sentence: error.message,
          retryable: error.retryable === true,
          retryAfterSeconds: typeof after === 'number' && Number.isFinite(after) && after >= 0 ? after : null,
        });
      } else {
        const text = error instanceof Error ? (error.stack ?? error.message) : String(error);
        process.stderr.write(`analysis worker: ${text}\n`);
        const reason = firstLine(error instanceof Error ? error.message : String(error)) || 'no message';
        await finish({ type: 'fault', sentence: `The analysis engine stopped unexpectedly (an internal error: ${reason}).`, retryable: false, retryAfterSeconds: null });
      }
    }
  };

  let started = false;
  channel.onMessage((raw) => {
    if (started || finished) return;
    started = true;
    void runJob(raw);
  });
}
