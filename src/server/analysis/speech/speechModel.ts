import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, open, readFile, rename, rm, stat, statfs } from 'node:fs/promises';
import type { FileHandle } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { AnalysisCancelled, AnalysisFault } from '../engines';

/**
 * The whisper model the device transcribes with, downloaded once into the data folder from whisper.cpp's published
 * model files (Hugging Face `ggerganov/whisper.cpp`, MIT licence), then never fetched again.
 *
 * Sources of the table: the SHA-1 and the "142 MB" / "466 MB" sizes are whisper.cpp's own (models/README.md, "Available
 * models"); the exact byte counts and SHA-256 are those of the files' Git LFS entries on Hugging Face as quoted,
 * identically, by many independent projects (not in whisper.cpp's repository). Both digests are checked.
 */
export type SpeechModelSize = 'base' | 'small';

export interface SpeechModelFile {
  size: SpeechModelSize;
  fileName: string;
  bytes: number;
  sha1: string;
  sha256: string;
  /** The download address with the default base URL. */
  url: string;
  /** How big a person is told it is ("142 MB", whisper.cpp's own figure). */
  sizeLabel: string;
}

export const SPEECH_MODEL_BASE_URL = 'https://huggingface.co/ggerganov/whisper.cpp/resolve/main';

export const SPEECH_MODELS: Readonly<Record<SpeechModelSize, SpeechModelFile>> = {
  base: {
    size: 'base',
    fileName: 'ggml-base.bin',
    bytes: 147_951_465,
    sha1: '465707469ff3a37a2b9b8d8f89f2f99de7299dac',
    sha256: '60ed5bc3dd14eea856493d334349b405782ddcaf0028d4b5df4088345fba2efe',
    url: `${SPEECH_MODEL_BASE_URL}/ggml-base.bin`,
    sizeLabel: '142 MB',
  },
  small: {
    size: 'small',
    fileName: 'ggml-small.bin',
    bytes: 487_601_967,
    sha1: '55356645c2b361a969dfd0ef2c5a50d530afd8d5',
    sha256: '1be3a9b2063867b937e64e2ec7483364a79917e157fa98c5d94b5c1fffea987b',
    url: `${SPEECH_MODEL_BASE_URL}/ggml-small.bin`,
    sizeLabel: '466 MB',
  },
};

export const DEFAULT_SPEECH_MODEL: SpeechModelSize = 'base';

export type SpeechModelState = 'missing' | 'partial' | 'ready';

/** Progress of a download: `fraction` 0..1 first (an `OnProgress` fits), then the bytes. */
export type DownloadProgress = (fraction: number, bytes: { done: number; total: number }) => void;

export interface EnsureSpeechModelOptions {
  dataDir: string;
  size: SpeechModelSize;
  /** Where the files are (`<baseUrl>/<fileName>`); else REELSCOPE_SPEECH_MODEL_URL, else Hugging Face. */
  baseUrl?: string;
  signal?: AbortSignal;
  onProgress?: DownloadProgress;
  fetchImpl?: typeof fetch;
  /** The table to check against (tests serve a file of their own). */
  models?: Readonly<Record<SpeechModelSize, SpeechModelFile>>;
  /** No byte for this long: the connection counts as lost (default 30 s). */
  idleTimeoutMs?: number;
  /** Tries in a row that bring no new byte before giving up (default 3); a try that brings bytes resets the count. */
  attempts?: number;
  /** Tries in all in this call, cut or not (default 1000): a call that runs out leaves the .part for the next call. */
  maxTries?: number;
  /** Pause before a try that follows one which brought nothing (default 1 s). */
  retryDelayMs?: number;
  /** How often to look whether another process holding the download's lock has finished (default 500 ms). */
  lockPollMs?: number;
}

export function speechModelPath(dataDir: string, size: SpeechModelSize, models: Readonly<Record<SpeechModelSize, SpeechModelFile>> = SPEECH_MODELS): string {
  return join(dataDir, 'models', models[size].fileName);
}

async function fileSize(path: string): Promise<number | null> {
  try {
    const info = await stat(path);
    return info.isFile() ? info.size : null;
  } catch {
    return null;
  }
}

/** 'ready' once the verified file is in place (it is renamed there only after its checksum matched). */
export async function speechModelState(
  dataDir: string,
  size: SpeechModelSize,
  models: Readonly<Record<SpeechModelSize, SpeechModelFile>> = SPEECH_MODELS,
): Promise<SpeechModelState> {
  const path = speechModelPath(dataDir, size, models);
  if ((await fileSize(path)) === models[size].bytes) return 'ready';
  return (await fileSize(`${path}.part`)) !== null ? 'partial' : 'missing';
}

export function offlineSentence(model: SpeechModelFile): string {
  return `Connect once to download the speech model (${model.sizeLabel})`;
}
export const DAMAGED_SENTENCE = 'The speech model download was damaged; it will be fetched again.';
const CUT_SENTENCE = 'The speech model download was cut off; it will go on where it stopped.';

function megabytes(bytes: number): string {
  return `${Math.max(1, Math.ceil(bytes / (1024 * 1024)))} MB`;
}

function diskFullFault(bytesNeeded: number, dir: string, cause?: unknown): AnalysisFault {
  return new AnalysisFault(`The disk is full: free ${megabytes(bytesNeeded)} in ${dir} to download the speech model.`, { cause });
}

const OFFLINE_CODES = new Set(['ENOTFOUND', 'EAI_AGAIN', 'ECONNREFUSED', 'ETIMEDOUT', 'ENETUNREACH', 'EHOSTUNREACH', 'ENETDOWN', 'UND_ERR_CONNECT_TIMEOUT']);

/** The error codes in an error and its causes (fetch wraps the socket's error in a TypeError). */
function errorCodes(error: unknown): string[] {
  const codes: string[] = [];
  for (let e: unknown = error, depth = 0; e && typeof e === 'object' && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string') codes.push(code);
  }
  return codes;
}

function baseUrlFor(options: EnsureSpeechModelOptions): string {
  const base = options.baseUrl ?? (process.env.REELSCOPE_SPEECH_MODEL_URL?.trim() || SPEECH_MODEL_BASE_URL);
  return base.replace(/\/+$/, '');
}

/** `bytes a-b/total` → a, or null when the header is absent or unreadable. */
function contentRangeStart(header: string | null): number | null {
  const match = header ? /^bytes\s+(\d+)-\d+\/(?:\d+|\*)$/i.exec(header.trim()) : null;
  return match ? Number(match[1]) : null;
}

async function digests(path: string): Promise<{ sha1: string; sha256: string }> {
  const sha1 = createHash('sha1');
  const sha256 = createHash('sha256');
  for await (const chunk of createReadStream(path, { highWaterMark: 1024 * 1024 })) {
    sha1.update(chunk as Buffer);
    sha256.update(chunk as Buffer);
  }
  return { sha1: sha1.digest('hex'), sha256: sha256.digest('hex') };
}

type TryOutcome = 'complete' | 'cut';

interface Download {
  url: string;
  part: string;
  model: SpeechModelFile;
  fetchImpl: typeof fetch;
  signal: AbortSignal;
  idleTimeoutMs: number;
  report: (done: number) => void;
}

/**
 * One request: asks for the rest of the .part when there is one (Range), appends a 206 that starts where the .part ends,
 * starts over on a 200 (a server that ignores Range). Returns 'cut' when the connection ended before the last byte.
 */
async function tryOnce(d: Download, state: { gained: number }): Promise<TryOutcome> {
  let have = (await fileSize(d.part)) ?? 0;
  if (have > d.model.bytes) {
    await rm(d.part, { force: true });
    have = 0;
  }
  if (have === d.model.bytes) return 'complete';

  const idle = new AbortController();
  let idleTimer: NodeJS.Timeout | undefined;
  const touch = (): void => {
    clearTimeout(idleTimer);
    idleTimer = setTimeout(() => idle.abort(), d.idleTimeoutMs);
  };
  const signal = AbortSignal.any([d.signal, idle.signal]);
  const lost = (error: unknown, receivedAny: boolean): Error => {
    if (d.signal.aborted) return new AnalysisCancelled('The speech model download was cancelled.');
    if (!receivedAny) return new AnalysisFault(offlineSentence(d.model), { retryable: true, cause: error });
    return new CutError(error);
  };

  touch();
  let handle: FileHandle | null = null;
  try {
    let response: Response;
    try {
      response = await d.fetchImpl(d.url, { headers: have > 0 ? { range: `bytes=${have}-` } : {}, signal, redirect: 'follow' });
    } catch (error) {
      if (d.signal.aborted || idle.signal.aborted || errorCodes(error).some((code) => OFFLINE_CODES.has(code)) || error instanceof TypeError) {
        throw lost(error, false);
      }
      throw error;
    }

    let start: number;
    if (response.status === 206 && contentRangeStart(response.headers.get('content-range')) === have) start = have;
    else if (response.status === 200 || response.status === 206) start = 0;
    else if (response.status === 416 && have > 0) {
      // The .part cannot be continued: start over.
      await response.body?.cancel();
      await rm(d.part, { force: true });
      return 'cut';
    } else {
      await response.body?.cancel();
      const host = new URL(d.url).host;
      throw new AnalysisFault(`The speech model could not be downloaded: ${host} answered ${response.status}.`, {
        retryable: response.status === 429 || response.status >= 500,
      });
    }
    if (start === 0 && response.status === 206) {
      // A 206 that does not start where the .part ends would splice the file wrong: ask again from the first byte.
      await response.body?.cancel();
      await rm(d.part, { force: true });
      return 'cut';
    }
    if (!response.body) throw lost(new Error('no body'), false);

    const needed = d.model.bytes - start;
    const free = await freeBytes(dirname(d.part));
    if (free !== null && free < needed) {
      await response.body.cancel();
      throw diskFullFault(needed, dirname(d.part));
    }

    handle = await open(d.part, start === 0 ? 'w' : 'a');
    let done = start;
    d.report(done);
    const reader = response.body.getReader();
    try {
      for (;;) {
        const { done: finished, value } = await reader.read();
        if (finished) break;
        touch();
        if (done + value.byteLength > d.model.bytes) throw new AnalysisFault(DAMAGED_SENTENCE, { retryable: true });
        await writeAll(handle, value, dirname(d.part), d.model.bytes - done);
        done += value.byteLength;
        state.gained += value.byteLength;
        d.report(done);
      }
    } catch (error) {
      if (error instanceof AnalysisFault || error instanceof CutError) throw error;
      throw lost(error, true);
    } finally {
      reader.releaseLock();
    }
    await handle.sync();
    return done === d.model.bytes ? 'complete' : 'cut';
  } finally {
    clearTimeout(idleTimer);
    await handle?.close();
  }
}

class CutError extends Error {
  constructor(cause: unknown) {
    super('cut', { cause });
  }
}

async function writeAll(handle: FileHandle, bytes: Uint8Array, dir: string, stillNeeded: number): Promise<void> {
  try {
    let offset = 0;
    while (offset < bytes.byteLength) {
      const { bytesWritten } = await handle.write(bytes, offset);
      offset += bytesWritten;
    }
  } catch (error) {
    if (errorCodes(error).includes('ENOSPC')) throw diskFullFault(stillNeeded, dir, error);
    throw new AnalysisFault(`The speech model could not be saved in ${dir}.`, { cause: error });
  }
}

async function freeBytes(dir: string): Promise<number | null> {
  try {
    const info = await statfs(dir);
    return info.bavail * info.bsize;
  } catch {
    return null;
  }
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (ms <= 0 || signal.aborted) return resolve();
    const timer = setTimeout(done, ms);
    function done(): void {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done, { once: true });
  });
}

async function download(options: EnsureSpeechModelOptions, models: Readonly<Record<SpeechModelSize, SpeechModelFile>>, signal: AbortSignal, report: (done: number) => void): Promise<string> {
  const model = models[options.size];
  const path = speechModelPath(options.dataDir, options.size, models);
  const part = `${path}.part`;
  try {
    await mkdir(dirname(path), { recursive: true });
  } catch (error) {
    if (errorCodes(error).includes('ENOSPC')) throw diskFullFault(model.bytes, dirname(path), error);
    throw new AnalysisFault(`The speech model could not be saved in ${dirname(path)}.`, { cause: error });
  }

  // Another process (an analysis worker) may be fetching the same file: one writer at a time, the others wait for it.
  const lock = `${path}.lock`;
  while (!(await takeLock(lock, dirname(path), model.bytes))) {
    await sleep(options.lockPollMs ?? 500, signal);
    if (signal.aborted) throw new AnalysisCancelled('The speech model download was cancelled.');
    if ((await fileSize(path)) === model.bytes) return path;
    const have = await fileSize(part);
    if (have !== null) report(Math.min(have, model.bytes));
  }
  try {
    return await downloadHoldingLock(options, models, signal, report);
  } finally {
    await rm(lock, { force: true });
  }
}

/** Whether a process that wrote `pid` into a lock still runs. */
function running(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return errorCodes(error).includes('EPERM');
  }
}

/** Takes `<file>.lock` (holding this process's id); a lock whose process has gone is taken over. */
async function takeLock(lock: string, dir: string, bytes: number): Promise<boolean> {
  try {
    const handle = await open(lock, 'wx');
    try {
      await handle.writeFile(String(process.pid));
    } finally {
      await handle.close();
    }
    return true;
  } catch (error) {
    const codes = errorCodes(error);
    if (codes.includes('ENOSPC')) throw diskFullFault(bytes, dir, error);
    if (!codes.includes('EEXIST')) throw new AnalysisFault(`The speech model could not be saved in ${dir}.`, { cause: error });
  }
  const text = await readFile(lock, 'utf8').catch(() => null);
  if (text === null) return false; // just released: try again
  const pid = Number(text.trim());
  const age = Date.now() - ((await stat(lock).catch(() => null))?.mtimeMs ?? Date.now());
  // An empty lock may be one being written this instant; only an old one is left over.
  const stale = Number.isSafeInteger(pid) && pid > 0 ? pid === process.pid || !running(pid) : age > 10_000;
  if (stale) await rm(lock, { force: true });
  return false;
}

async function downloadHoldingLock(
  options: EnsureSpeechModelOptions,
  models: Readonly<Record<SpeechModelSize, SpeechModelFile>>,
  signal: AbortSignal,
  report: (done: number) => void,
): Promise<string> {
  const model = models[options.size];
  const path = speechModelPath(options.dataDir, options.size, models);
  const part = `${path}.part`;
  const existing = await fileSize(path);
  if (existing === model.bytes) return path;
  // A file of the wrong length where the model belongs is not the model (the state says 'ready' only for the right one).
  if (existing !== null) await rm(path, { force: true });

  const d: Download = {
    url: `${baseUrlFor(options)}/${model.fileName}`,
    part,
    model,
    fetchImpl: options.fetchImpl ?? fetch,
    signal,
    idleTimeoutMs: options.idleTimeoutMs ?? 30_000,
    report,
  };
  const attempts = Math.max(1, options.attempts ?? 3);
  const maxTries = Math.max(1, options.maxTries ?? 1000);
  let fruitless = 0;
  for (let tries = 1; ; tries++) {
    if (signal.aborted) throw new AnalysisCancelled('The speech model download was cancelled.');
    const state = { gained: 0 };
    let outcome: TryOutcome;
    try {
      outcome = await tryOnce(d, state);
    } catch (error) {
      if (error instanceof AnalysisFault && error.message === DAMAGED_SENTENCE) await rm(part, { force: true });
      if (!(error instanceof CutError)) throw error;
      outcome = 'cut';
    }
    if (outcome === 'complete') break;
    fruitless = state.gained > 0 ? 0 : fruitless + 1;
    if (fruitless >= attempts || tries >= maxTries) throw new AnalysisFault(CUT_SENTENCE, { retryable: true });
    if (state.gained === 0) await sleep(options.retryDelayMs ?? 1000, signal);
  }

  const sums = await digests(part);
  if (sums.sha1 !== model.sha1.toLowerCase() || sums.sha256 !== model.sha256.toLowerCase()) {
    await rm(part, { force: true });
    throw new AnalysisFault(DAMAGED_SENTENCE, { retryable: true });
  }
  await rename(part, path);
  return path;
}

interface SharedDownload {
  promise: Promise<string>;
  controller: AbortController;
  listeners: Set<DownloadProgress>;
  waiters: number;
  last: { done: number; total: number } | null;
}

const inFlight = new Map<string, SharedDownload>();

/**
 * The path of the verified model file, downloading it first when it is not there yet: into `<file>.part`, going on
 * from where a cut left it (HTTP Range), checked against both digests, then renamed into place. Callers in one process
 * that ask for the same file at once share one download; one caller's signal stops only its own wait (the download
 * stops when every caller has gone). Faults are `AnalysisFault` sentences; a cancel is `AnalysisCancelled`, the .part kept.
 */
export async function ensureSpeechModel(options: EnsureSpeechModelOptions): Promise<string> {
  const models = options.models ?? SPEECH_MODELS;
  const model = models[options.size];
  if (!model) throw new Error(`Unknown speech model size "${String(options.size)}".`);
  const { signal } = options;
  if (signal?.aborted) throw new AnalysisCancelled('The speech model download was cancelled.');
  const path = speechModelPath(options.dataDir, options.size, models);
  if ((await fileSize(path)) === model.bytes) {
    options.onProgress?.(1, { done: model.bytes, total: model.bytes });
    return path;
  }

  let shared = inFlight.get(path);
  if (!shared) {
    const controller = new AbortController();
    const listeners = new Set<DownloadProgress>();
    const entry: SharedDownload = { controller, listeners, waiters: 0, last: null, promise: Promise.resolve('') };
    const report = (done: number): void => {
      entry.last = { done, total: model.bytes };
      for (const listener of listeners) listener(done / model.bytes, { done, total: model.bytes });
    };
    entry.promise = download(options, models, controller.signal, report).finally(() => {
      if (inFlight.get(path) === entry) inFlight.delete(path);
    });
    entry.promise.catch(() => undefined);
    inFlight.set(path, entry);
    shared = entry;
  }
  const entry = shared;
  const listener = options.onProgress;
  if (listener) {
    entry.listeners.add(listener);
    if (entry.last) listener(entry.last.done / entry.last.total, entry.last);
  }
  entry.waiters += 1;

  let onAbort: (() => void) | undefined;
  try {
    return await new Promise<string>((resolve, reject) => {
      entry.promise.then(resolve, reject);
      if (signal) {
        onAbort = () => reject(new AnalysisCancelled('The speech model download was cancelled.'));
        signal.addEventListener('abort', onAbort, { once: true });
      }
    });
  } finally {
    if (onAbort) signal?.removeEventListener('abort', onAbort);
    if (listener) entry.listeners.delete(listener);
    entry.waiters -= 1;
    if (entry.waiters === 0 && signal?.aborted && !entry.controller.signal.aborted) {
      // The last caller left: stop the download (its .part stays for the next time) and let a new caller start afresh.
      if (inFlight.get(path) === entry) inFlight.delete(path);
      entry.controller.abort();
    }
  }
}
