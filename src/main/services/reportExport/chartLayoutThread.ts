/**
 * Report charts laid out on a second thread while the PDF writer sets the tables (issue 12: ECharts' layout is about a
 * third of a report PDF's time, and the host process has more than one core). The writer asks for each chart when it
 * draws it: a chart the thread has taken is awaited; one it has not reached yet (the thread is still starting, or is
 * slower) the writer claims and lays out itself. The thread is an optimisation, never a dependency: when it cannot start
 * or stops, every chart is laid out by the writer, with the same result.
 */
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { layoutChart, type ChartLayoutRequest, type DrawnItem } from './chartLayout';
import { CLAIM, type LayoutAnswer } from './chartLayoutProtocol';

/** A report's chart layouts, asked for by index in drawing order. */
export interface ChartLayouts {
  take(index: number): Promise<DrawnItem[]>;
}

export type StartChartLayouts = (requests: readonly ChartLayoutRequest[]) => ChartLayouts;

/** Every chart laid out by the caller when it asks (tests, and the fallback). */
export const inlineChartLayouts: StartChartLayouts = (requests) => ({
  take: async (index) => layoutChart(requestAt(requests, index)),
});

function requestAt(requests: readonly ChartLayoutRequest[], index: number): ChartLayoutRequest {
  const request = requests[index];
  if (!request) throw new RangeError(`No chart ${index} in this report.`);
  return request;
}

/** The thread stops after this long without work (its ECharts heap is then given back). */
const IDLE_MS = 60_000;

/** Where the thread's code is: a script, and the node flags it needs. */
export interface ThreadEntry {
  file: string;
  execArgv?: string[];
}

/** The bundled entry beside the main bundle (electron-vite), else the source through tsx (web host, tests, bench). */
function defaultEntry(): ThreadEntry | null {
  const here = dirname(fileURLToPath(import.meta.url));
  for (const dir of [here, dirname(here)]) {
    const built = join(dir, 'chartLayoutWorker.js');
    if (existsSync(built)) return { file: built };
  }
  const source = join(here, 'chartLayout.worker.ts');
  if (!existsSync(source)) return null;
  try {
    const tsx = createRequire(import.meta.url).resolve('tsx');
    return { file: source, execArgv: ['--import', pathToFileURL(tsx).href] };
  } catch {
    return null;
  }
}

interface Waiting {
  resolve: (items: DrawnItem[]) => void;
  reject: (error: Error) => void;
}

interface Pending {
  answers: Map<number, Waiting>;
  done: () => void;
}

class LayoutThread {
  private readonly worker: Worker;
  private readonly batches = new Map<number, Pending>();
  private nextBatch = 1;
  private idle: NodeJS.Timeout | null = null;
  /** Whether the thread ever answered: one that fails before that cannot run here, and is not started again. */
  private answered = false;
  stopped = false;

  constructor(entry: ThreadEntry, private readonly onStop: (usable: boolean) => void) {
    this.worker = new Worker(entry.file, entry.execArgv ? { execArgv: entry.execArgv } : {});
    this.worker.unref();
    this.worker.on('message', (answer: LayoutAnswer) => this.answer(answer));
    this.worker.on('error', (error) => this.stop(error, this.answered));
    this.worker.on('exit', () => this.stop(new Error('The chart layout thread stopped.')));
  }

  /** Sends the charts; the answers are waited for by index. `done` resolves once the thread has been through them all. */
  post(requests: readonly ChartLayoutRequest[], claims: Int32Array): { answers: Map<number, Promise<DrawnItem[]>>; done: Promise<void> } {
    const batch = this.nextBatch++;
    const answers = new Map<number, Promise<DrawnItem[]>>();
    const waiting = new Map<number, Waiting>();
    requests.forEach((_, index) => {
      answers.set(index, new Promise<DrawnItem[]>((resolve, reject) => waiting.set(index, { resolve, reject })));
      // Nobody may ever ask for a chart (a drawing error ends the writer early): its rejection is not unhandled.
      answers.get(index)?.catch(() => undefined);
    });
    const done = new Promise<void>((resolve) => this.batches.set(batch, { answers: waiting, done: resolve }));
    if (this.idle) clearTimeout(this.idle);
    this.idle = null;
    // Keeps the process alive while charts are out (a script that only awaits them would otherwise exit).
    this.worker.ref();
    try {
      this.worker.postMessage({ batch, requests, claims });
    } catch (error) {
      // Nothing was sent: the writer lays every chart out (they are all unclaimed).
      this.settle(batch, error instanceof Error ? error : new Error(String(error)));
    }
    return { answers, done };
  }

  /** Ends a batch: answers not given are refused (the writer lays those charts out). */
  private settle(batch: number, reason: Error): void {
    const pending = this.batches.get(batch);
    if (!pending) return;
    for (const waiting of pending.answers.values()) waiting.reject(reason);
    this.batches.delete(batch);
    pending.done();
    if (this.batches.size === 0 && !this.stopped) this.rest();
  }

  private answer(answer: LayoutAnswer): void {
    const pending = this.batches.get(answer.batch);
    if (!pending) return;
    this.answered = true;
    // Charts the writer claimed are never answered by the thread.
    if ('done' in answer) return this.settle(answer.batch, new Error('Laid out by the writer.'));
    const waiting = pending.answers.get(answer.index);
    pending.answers.delete(answer.index);
    if ('error' in answer) waiting?.reject(new Error(answer.error));
    else waiting?.resolve(answer.items);
  }

  private rest(): void {
    this.worker.unref();
    this.idle = setTimeout(() => this.stop(new Error('The chart layout thread rested.')), IDLE_MS);
    this.idle.unref();
  }

  stop(error: Error, usable = true): void {
    if (this.stopped) return;
    this.stopped = true;
    if (this.idle) clearTimeout(this.idle);
    for (const pending of this.batches.values()) {
      for (const waiting of pending.answers.values()) waiting.reject(error);
      pending.done();
    }
    this.batches.clear();
    this.onStop(usable);
    void this.worker.terminate();
  }
}

let shared: LayoutThread | null = null;
/** Set once the thread could not be started or run here: every layout is then the writer's. */
let unavailable = false;
let entryOverride: ThreadEntry | null | undefined;

function thread(): LayoutThread | null {
  if (shared && !shared.stopped) return shared;
  if (unavailable) return null;
  const entry = entryOverride === undefined ? defaultEntry() : entryOverride;
  if (!entry) {
    unavailable = true;
    return null;
  }
  try {
    const started: LayoutThread = new LayoutThread(entry, (usable) => {
      if (shared === started) shared = null;
      if (!usable) unavailable = true;
    });
    shared = started;
    return started;
  } catch {
    unavailable = true;
    return null;
  }
}

/** The layouts of one report's charts, shared between the layout thread and the caller (see the module comment). */
export interface ThreadedChartLayouts extends ChartLayouts {
  /** Resolves once the thread has been through every chart (or could not): for tests and the bench. */
  readonly threadDone: Promise<void>;
  /** How many charts the thread laid out so far. */
  byThread(): number;
}

export function startChartLayouts(requests: readonly ChartLayoutRequest[]): ThreadedChartLayouts {
  const claims = new Int32Array(new SharedArrayBuffer(Int32Array.BYTES_PER_ELEMENT * Math.max(1, requests.length)));
  const worker = requests.length > 0 ? thread() : null;
  const posted = worker?.post(requests, claims) ?? null;
  let fromThread = 0;
  return {
    threadDone: posted?.done ?? Promise.resolve(),
    byThread: () => fromThread,
    async take(index) {
      const request = requestAt(requests, index);
      if (Atomics.compareExchange(claims, index, CLAIM.free, CLAIM.writer) === CLAIM.free) return layoutChart(request);
      try {
        const items = await (posted?.answers.get(index) ?? Promise.reject(new Error('No thread.')));
        fromThread += 1;
        return items;
      } catch {
        // The thread failed on it or stopped: laid out here (a chart ECharts cannot lay out fails here too, with its message).
        return layoutChart(request);
      }
    },
  };
}

/**
 * Stops the shared thread (the app lets it end with the process or when idle); the next one starts from `entry` when
 * given (tests: a thread that cannot run), else from where the build put it.
 */
export function stopChartLayoutThread(entry?: ThreadEntry | null): void {
  const running = shared;
  shared = null;
  unavailable = false;
  entryOverride = entry;
  running?.stop(new Error('The chart layout thread was stopped.'));
}

/** Whether report charts can be laid out on the thread in this process (false once it failed to start or run). */
export const chartLayoutThreadUsable = (): boolean => !unavailable;
