/**
 * The frames of a video worth reading for on-screen text: the first, each where the picture changes, and one every
 * couple of seconds of unchanged picture — in one ffmpeg pass, written as JPEGs no larger than 1280 px on the long side.
 *
 * "Changes" is ffmpeg's scene score (the mean absolute difference to the previous frame, 0..1) above a low threshold:
 * a caption appearing over a still picture scores about 0.015–0.03, a cut 0.3 and more, grain under 0.003. A change
 * seen within MIN_GAP of the last frame taken is remembered (select's st/ld variables) and taken as soon as the gap
 * has passed, so text that appears just after a cut is read at most MIN_GAP late; at most one frame per MIN_GAP
 * (a moving picture changes on every frame).
 */
import { spawn } from 'node:child_process';
import { mkdir, readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { AnalysisCancelled, AnalysisFault, type OnProgress } from '../engines';

/** Scene score above which a frame differs from the one before (a caption fading in over a still scores ~0.016). */
export const CHANGE_SCORE = 0.008;
/** Seconds between frames taken, at least: bounds the count to one per second of video. */
export const MIN_GAP_SECONDS = 1;
/** Seconds of unchanged picture after which a frame is taken anyway (text fading in slowly is still seen). */
export const STILL_GAP_SECONDS = 2;
/** The long side of a frame written, at most. */
export const MAX_SIDE = 1280;
/** Default cap on frames: three hours at one a second. */
const DEFAULT_MAX_FRAMES = 3 * 3600;

export interface ChangeFrame {
  /** Seconds from the start of the video (the frame's presentation time). */
  second: number;
  /** The JPEG written in `outDir`. */
  path: string;
  /**
   * The picture is the same as the frame before's (a 64×36 grey copy of each differs by at most UNCHANGED_LEVELS
   * anywhere): a frame taken only because STILL_GAP passed, whose words the reader may reuse instead of reading again.
   */
  unchanged: boolean;
}

/** Grey levels (0..255) a 64×36 copy of a frame may differ by anywhere and still be the same picture (grain, coding). */
export const UNCHANGED_LEVELS = 6;
const SIGNATURE_BYTES = 64 * 36;

/** Whether two frame signatures show the same picture. */
export function samePicture(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  for (let index = 0; index < a.length; index += 1) if (Math.abs((a[index] ?? 0) - (b[index] ?? 0)) > UNCHANGED_LEVELS) return false;
  return true;
}

export interface ChangeFrameOptions {
  ffmpegPath: string;
  /** Folder the frames are written into (created); the caller removes it. */
  outDir: string;
  maxFrames?: number;
  signal?: AbortSignal;
  /** With the video's length, reports how far the pass is (0..1). */
  durationSeconds?: number | null;
  onProgress?: OnProgress;
}

/** The select expression: first frame, a change once MIN_GAP has passed since the last frame taken, or STILL_GAP. */
export function selectExpression(): string {
  const since = 't-prev_selected_t';
  // ld(0): a change was seen since the last frame taken. Evaluated for every frame, in order.
  const remember = `st(0,max(ld(0),gt(scene,${CHANGE_SCORE})))`;
  const take = `gte(${since},${STILL_GAP_SECONDS})+ld(0)*gte(${since},${MIN_GAP_SECONDS})`;
  // st(0,0)+1: take the frame and forget the change it shows.
  return `if(isnan(prev_selected_t),st(0,0)+1,${remember}*0+if(${take},st(0,0)+1,0))`;
}

const FRAME_PREFIX = 'frame-';
const SHOWINFO_LINE = /\[Parsed_showinfo[^\]]*\]\s*n:\s*(\d+)\s+pts:\s*-?\d+\s+pts_time:\s*(-?[\d.]+)/u;
const NO_VIDEO = /matches no streams|does not contain any stream|Output file is empty/iu;

async function removeFrames(outDir: string): Promise<void> {
  const names = await readdir(outDir).catch(() => [] as string[]);
  await Promise.all(names.filter((name) => name.startsWith(FRAME_PREFIX)).map((name) => rm(join(outDir, name), { force: true })));
}

/**
 * Writes the frames of `file` where the picture changes into `outDir` and answers them in order with their seconds.
 * A file without a video stream (audio only, cover art only) answers []. A file ffmpeg cannot decode is an
 * AnalysisFault; an aborted `signal` kills ffmpeg and throws AnalysisCancelled.
 */
export async function changeFrames(file: string, options: ChangeFrameOptions): Promise<ChangeFrame[]> {
  const { ffmpegPath, outDir, signal } = options;
  const maxFrames = Math.max(1, Math.floor(options.maxFrames ?? DEFAULT_MAX_FRAMES));
  if (signal?.aborted) throw new AnalysisCancelled('Cancelled');
  await mkdir(outDir, { recursive: true });
  await removeFrames(outDir);
  const scale = `scale=w='min(${MAX_SIDE},iw)':h='min(${MAX_SIDE},ih)':force_original_aspect_ratio=decrease:force_divisible_by=2`;
  const args = [
    '-hide_banner', '-nostdin', '-nostats', '-v', 'info',
    '-i', file,
    // V: a real video stream, not the cover picture of an audio file.
    // Each frame taken goes out twice: as a JPEG, and as a 64×36 grey signature on stdout to tell a still picture.
    '-filter_complex', `[0:V:0]select='${selectExpression()}',split=2[full][tiny];[full]${scale},showinfo[out];[tiny]scale=64:36:flags=area,format=gray[sig]`,
    '-map', '[out]', '-fps_mode', 'vfr', '-frames:v', String(maxFrames), '-q:v', '3', '-f', 'image2', join(outDir, `${FRAME_PREFIX}%06d.jpg`),
    '-map', '[sig]', '-fps_mode', 'vfr', '-frames:v', String(maxFrames), '-f', 'rawvideo', 'pipe:1',
  ];
  const unchanged: boolean[] = [];
  let previous: Uint8Array | null = null;
  let partial: Buffer = Buffer.alloc(0);
  const onSignatures = (chunk: Buffer): void => {
    partial = partial.length === 0 ? chunk : Buffer.concat([partial, chunk]);
    while (partial.length >= SIGNATURE_BYTES) {
      const signature = new Uint8Array(partial.subarray(0, SIGNATURE_BYTES));
      unchanged.push(previous !== null && samePicture(previous, signature));
      previous = signature;
      partial = partial.subarray(SIGNATURE_BYTES);
    }
  };
  const seconds: number[] = [];
  let stderrTail = '';
  const outcome = await new Promise<{ code: number | null; missing: boolean; cancelled: boolean }>((resolve) => {
    const child = spawn(ffmpegPath, args, { stdio: ['ignore', 'pipe', 'pipe'], windowsHide: true });
    child.stdout.on('data', onSignatures);
    let pending = '';
    let cancelled = false;
    const onAbort = (): void => {
      cancelled = true;
      child.kill('SIGKILL');
    };
    signal?.addEventListener('abort', onAbort, { once: true });
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk: string) => {
      pending += chunk;
      const lines = pending.split(/\r?\n/u);
      pending = lines.pop() ?? '';
      for (const line of lines) {
        const match = SHOWINFO_LINE.exec(line);
        if (match) {
          const second = Math.max(0, Number(match[2]));
          seconds[Number(match[1])] = second;
          const duration = options.durationSeconds;
          if (options.onProgress && duration && duration > 0) options.onProgress(Math.min(1, second / duration));
        } else if (!line.includes('Parsed_showinfo')) {
          stderrTail = `${stderrTail}\n${line}`.slice(-4000);
        }
      }
    });
    child.on('error', (error: NodeJS.ErrnoException) => {
      signal?.removeEventListener('abort', onAbort);
      resolve({ code: null, missing: error.code === 'ENOENT', cancelled });
    });
    child.on('close', (code) => {
      signal?.removeEventListener('abort', onAbort);
      resolve({ code, missing: false, cancelled });
    });
  });
  if (outcome.cancelled || signal?.aborted) {
    await removeFrames(outDir);
    throw new AnalysisCancelled('Cancelled');
  }
  if (outcome.missing) throw new AnalysisFault('ffmpeg is not installed on this computer, so the words on screen could not be read');
  if (outcome.code !== 0) {
    await removeFrames(outDir);
    if (NO_VIDEO.test(stderrTail)) return [];
    throw new AnalysisFault('Reading on-screen text failed: the video file could not be decoded', { cause: new Error(stderrTail.trim().slice(-1000)) });
  }
  const names = (await readdir(outDir)).filter((name) => name.startsWith(FRAME_PREFIX)).sort();
  return names.map((name, index) => ({ second: Math.round((seconds[index] ?? index) * 1000) / 1000, path: join(outDir, name), unchanged: unchanged[index] ?? false }));
}
