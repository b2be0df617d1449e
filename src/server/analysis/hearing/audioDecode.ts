/**
 * The sound of a video as 16 kHz mono float samples, streamed: ffprobe says whether there is an audio stream, then
 * ffmpeg decodes the first one (any channel count and rate, downmixed and resampled) to f32le on its stdout, and the
 * samples are handed on in windows of a fixed length. The next window is not read until the caller's `onWindow` has
 * settled (stdout is paused meanwhile, so ffmpeg blocks on a full pipe), which keeps memory at about one window whatever
 * the length of the file: a 3-hour video with 300 s windows holds ~19 MB of samples at a time, not 690 MB.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { stat } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import type { FfmpegTools } from '../embeddedSubtitles';
import { AnalysisCancelled, AnalysisFault, PCM_SAMPLE_RATE, type OnProgress } from '../engines';

export interface StreamPcmOptions {
  /** The ffmpeg tools (REELSCOPE_FFMPEG / REELSCOPE_FFPROBE), or the path of ffmpeg alone (ffprobe is then looked for beside it). */
  ffmpegPath: string | FfmpegTools;
  /** Length of each window handed to `onWindow`, in seconds (the last one may be shorter). */
  windowSeconds: number;
  signal?: AbortSignal;
  /** How far the decoding is, 0..1, from the position reached against the stream's length. */
  onProgress?: OnProgress;
  /** Decode only from this second (a stretch of speech sent to transcription); offsets stay seconds in the file. */
  startSeconds?: number;
  /** …and only this many seconds of it. */
  durationSeconds?: number;
}

export interface StreamPcmResult {
  hasAudio: boolean;
  /** Seconds of sound decoded (a truncated file: what was there); without audio, the container's length (0 when unknown). */
  durationSeconds: number;
  /** The length the container claims, when it tells (longer than `durationSeconds` for a truncated file). */
  declaredSeconds: number | null;
}

export type OnPcmWindow = (offsetSeconds: number, samples: Float32Array) => Promise<void>;

export const FFMPEG_MISSING_SENTENCE = 'ffmpeg is not installed on this computer, so the video\'s sound could not be heard.';
export const DAMAGED_SENTENCE = 'The video\'s sound could not be read: the file is damaged.';
export const FILE_MISSING_SENTENCE = 'The video\'s sound could not be read: the file is no longer on this computer.';
const DECODER_CRASHED_SENTENCE = 'The video\'s sound could not be read: the decoder stopped unexpectedly.';

const BYTES_PER_SAMPLE = 4;
const LITTLE_ENDIAN = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;
/** The last stderr kept for a fault's cause. */
const STDERR_KEEP = 4096;

function toolsOf(option: string | FfmpegTools): FfmpegTools {
  if (typeof option !== 'string') return option;
  const name = basename(option);
  const probeName = name.replace(/ffmpeg/i, 'ffprobe');
  // A bare command name is looked up on PATH; a path's ffprobe is expected beside it.
  const ffprobe = probeName === name ? 'ffprobe' : option.includes('/') || option.includes('\\') ? join(dirname(option), probeName) : probeName;
  return { ffmpeg: option, ffprobe };
}

/**
 * The file as ffmpeg's `file:` protocol names it: an absolute path behind the protocol, so a name beginning with a dash
 * is not an option and one holding a colon is not read as another protocol. No shell is involved: spaces, quotes and
 * any other characters pass as they are.
 */
const inputOf = (file: string): string => `file:${resolve(file)}`;

interface Probe {
  hasAudio: boolean;
  declaredSeconds: number | null;
  audioSeconds: number | null;
}

const positive = (value: unknown): number | null => {
  const seconds = Number(value);
  return Number.isFinite(seconds) && seconds > 0 ? seconds : null;
};

function collect(child: ChildProcess): { stdout: () => string; stderr: () => string } {
  let out = '';
  let err = '';
  child.stdout?.setEncoding('utf8').on('data', (chunk: string) => { out += chunk; });
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => { err = (err + chunk).slice(-STDERR_KEEP); });
  return { stdout: () => out, stderr: () => err };
}

function cancelledError(): AnalysisCancelled {
  return new AnalysisCancelled('The analysis was cancelled.');
}

/** Kills `child` and waits for it to be gone. */
async function killAndWait(child: ChildProcess, exited: Promise<unknown>): Promise<void> {
  if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  await exited;
}

function exitOf(child: ChildProcess): Promise<{ code: number | null; signal: NodeJS.Signals | null; error: NodeJS.ErrnoException | null }> {
  return new Promise((resolveExit) => {
    let spawnError: NodeJS.ErrnoException | null = null;
    child.once('error', (error: NodeJS.ErrnoException) => {
      spawnError = error;
      // A process that never started emits no 'close'.
      if (child.pid === undefined) resolveExit({ code: null, signal: null, error });
    });
    child.once('close', (code, signal) => resolveExit({ code, signal, error: spawnError }));
  });
}

async function probe(file: string, tools: FfmpegTools, signal: AbortSignal | undefined): Promise<Probe> {
  const child = spawn(tools.ffprobe, ['-v', 'error', '-show_entries', 'stream=index,codec_type,duration:format=duration', '-of', 'json', inputOf(file)], {
    stdio: ['ignore', 'pipe', 'pipe'], windowsHide: true,
  });
  const output = collect(child);
  const exited = exitOf(child);
  const onAbort = () => child.kill('SIGKILL');
  signal?.addEventListener('abort', onAbort, { once: true });
  const { code, error } = await exited.finally(() => signal?.removeEventListener('abort', onAbort));
  if (signal?.aborted) throw cancelledError();
  if (error?.code === 'ENOENT') throw new AnalysisFault(FFMPEG_MISSING_SENTENCE, { cause: error });
  if (error) throw new AnalysisFault(DECODER_CRASHED_SENTENCE, { cause: error });
  if (code !== 0) throw new AnalysisFault(DAMAGED_SENTENCE, { cause: new Error(output.stderr().trim() || `ffprobe exited with ${code}`) });
  let parsed: { streams?: { codec_type?: string; duration?: string }[]; format?: { duration?: string } };
  try {
    parsed = JSON.parse(output.stdout()) as typeof parsed;
  } catch (cause) {
    throw new AnalysisFault(DAMAGED_SENTENCE, { cause });
  }
  const audio = (parsed.streams ?? []).find((stream) => stream.codec_type === 'audio');
  return { hasAudio: audio !== undefined, declaredSeconds: positive(parsed.format?.duration), audioSeconds: positive(audio?.duration) };
}

/**
 * Decodes the first audio stream of `file` to 16 kHz mono samples and hands them to `onWindow` window by window, in
 * order, awaiting each. A file without an audio stream answers `hasAudio: false` (not a fault); a damaged file, a
 * missing ffmpeg or a decoder crash is an `AnalysisFault` sentence; a truncated file gives the sound that is there.
 * Aborting `signal` kills ffmpeg (and waits for it to exit) and throws `AnalysisCancelled`.
 */
export async function streamPcm(file: string, options: StreamPcmOptions, onWindow: OnPcmWindow): Promise<StreamPcmResult> {
  const { signal, onProgress } = options;
  if (!(options.windowSeconds > 0)) throw new RangeError('windowSeconds must be positive');
  if (signal?.aborted) throw cancelledError();
  const tools = toolsOf(options.ffmpegPath);
  try {
    await stat(file);
  } catch (cause) {
    throw new AnalysisFault(FILE_MISSING_SENTENCE, { cause });
  }
  const probed = await probe(file, tools, signal);
  if (!probed.hasAudio) return { hasAudio: false, durationSeconds: probed.declaredSeconds ?? 0, declaredSeconds: probed.declaredSeconds };
  const startSeconds = Math.max(0, options.startSeconds ?? 0);
  const length = options.durationSeconds;
  const expectedSeconds = length ?? probed.audioSeconds ?? probed.declaredSeconds;
  // Seeking before the input is fast (by the index) and, when decoding audio, exact to the sample.
  const range = [...(startSeconds > 0 ? ['-ss', startSeconds.toFixed(3)] : [])];
  const until = length !== undefined ? ['-t', Math.max(0, length).toFixed(3)] : [];
  const args = ['-nostdin', '-hide_banner', '-v', 'error', ...range, '-i', inputOf(file), ...until, '-map', '0:a:0', '-vn', '-sn', '-dn', '-ac', '1', '-ar', String(PCM_SAMPLE_RATE), '-f', 'f32le', 'pipe:1'];
  const child = spawn(tools.ffmpeg, args, { stdio: ['ignore', 'pipe', 'pipe'], windowsHide: true });
  const exited = exitOf(child);
  let stderr = '';
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => { stderr = (stderr + chunk).slice(-STDERR_KEEP); });

  const windowSamples = Math.max(1, Math.round(options.windowSeconds * PCM_SAMPLE_RATE));
  let window = new Float32Array(windowSamples);
  let filled = 0;
  let windowIndex = 0;
  let decoded = 0;
  /** Bytes of a sample split across two chunks. */
  const carry = Buffer.alloc(BYTES_PER_SAMPLE);
  let carried = 0;

  const stdout = child.stdout;
  if (stdout === null) throw new AnalysisFault(DECODER_CRASHED_SENTENCE);
  const onAbort = () => child.kill('SIGKILL');
  signal?.addEventListener('abort', onAbort, { once: true });

  const hand = async (samples: Float32Array) => {
    const offset = startSeconds + (windowIndex * windowSamples) / PCM_SAMPLE_RATE;
    windowIndex += 1;
    await onWindow(offset, samples);
    if (signal?.aborted) throw cancelledError();
  };
  const report = () => {
    if (onProgress && expectedSeconds) onProgress(Math.min(1, decoded / PCM_SAMPLE_RATE / expectedSeconds));
  };

  const take = (bytes: Buffer, from: number, count: number) => {
    const start = bytes.byteOffset + from;
    if (LITTLE_ENDIAN && start % BYTES_PER_SAMPLE === 0) {
      window.set(new Float32Array(bytes.buffer, start, count), filled);
    } else {
      // A Buffer's offset need not be 4-aligned: read those floats one by one.
      const view = new DataView(bytes.buffer, start, count * BYTES_PER_SAMPLE);
      for (let i = 0; i < count; i += 1) window[filled + i] = view.getFloat32(i * BYTES_PER_SAMPLE, true);
    }
    filled += count;
    decoded += count;
  };

  try {
    for await (const chunk of stdout as AsyncIterable<Buffer>) {
      let at = 0;
      if (carried > 0) {
        const need = Math.min(BYTES_PER_SAMPLE - carried, chunk.length);
        chunk.copy(carry, carried, 0, need);
        carried += need;
        at = need;
        if (carried < BYTES_PER_SAMPLE) continue;
        take(carry, 0, 1);
        carried = 0;
        if (filled === windowSamples) {
          await hand(window);
          window = new Float32Array(windowSamples);
          filled = 0;
        }
      }
      while (at + BYTES_PER_SAMPLE <= chunk.length) {
        const count = Math.min(windowSamples - filled, Math.floor((chunk.length - at) / BYTES_PER_SAMPLE));
        take(chunk, at, count);
        at += count * BYTES_PER_SAMPLE;
        if (filled === windowSamples) {
          // The for-await loop reads no further chunk until this settles: ffmpeg blocks on the full pipe meanwhile.
          await hand(window);
          window = new Float32Array(windowSamples);
          filled = 0;
        }
      }
      if (at < chunk.length) {
        chunk.copy(carry, 0, at);
        carried = chunk.length - at;
      }
      // About once a second of sound (a pipe's chunk is 64 KiB): callers throttle.
      report();
    }
    const { code, signal: killedBy, error } = await exited;
    if (signal?.aborted) throw cancelledError();
    if (error?.code === 'ENOENT') throw new AnalysisFault(FFMPEG_MISSING_SENTENCE, { cause: error });
    if (error) throw new AnalysisFault(DECODER_CRASHED_SENTENCE, { cause: error });
    if (killedBy !== null) throw new AnalysisFault(DECODER_CRASHED_SENTENCE, { cause: new Error(`ffmpeg was killed by ${killedBy}: ${stderr.trim()}`) });
    // A non-zero exit after some sound (a cut-off file) keeps what was decoded; with none, the file is damaged.
    if (decoded === 0 && code !== 0) throw new AnalysisFault(DAMAGED_SENTENCE, { cause: new Error(stderr.trim() || `ffmpeg exited with ${code}`) });
    if (filled > 0) await hand(window.slice(0, filled));
    report();
    onProgress?.(1);
    return { hasAudio: true, durationSeconds: decoded / PCM_SAMPLE_RATE, declaredSeconds: probed.declaredSeconds };
  } catch (error) {
    await killAndWait(child, exited);
    if (signal?.aborted && !(error instanceof AnalysisCancelled)) throw cancelledError();
    throw error;
  } finally {
    signal?.removeEventListener('abort', onAbort);
  }
}
