import { execFile } from 'node:child_process';

/** Paths of the ffmpeg tools (REELSCOPE_FFMPEG / REELSCOPE_FFPROBE, else found on PATH). */
export interface FfmpegTools {
  ffmpeg: string;
  ffprobe: string;
}

export const FFMPEG_MISSING_NOTE =
  'ffmpeg is not installed on this computer, so subtitles inside the video file could not be read. Upload an .srt or .vtt file beside the video and re-analyze it.';

/** Outcome of reading the first subtitle stream of a video file. */
export type EmbeddedResult = { kind: 'found'; srt: string } | { kind: 'none' } | { kind: 'unavailable'; note: string };

function run(command: string, args: string[], maxBuffer = 32 * 1024 * 1024): Promise<{ stdout: string; missing: boolean; failed: boolean }> {
  return new Promise((resolve) => {
    execFile(command, args, { maxBuffer, timeout: 120_000, windowsHide: true }, (error, stdout) => {
      const code = (error as NodeJS.ErrnoException | null)?.code;
      resolve({ stdout: String(stdout), missing: code === 'ENOENT', failed: error !== null });
    });
  });
}

/**
 * Reads the first subtitle stream of a video as SRT text: ffprobe lists the streams, ffmpeg converts the first one.
 * ffmpeg is not shipped with the app: when it is absent the result says so instead of failing the analysis.
 */
export async function readEmbeddedSubtitles(file: string, tools: FfmpegTools): Promise<EmbeddedResult> {
  const probe = await run(tools.ffprobe, ['-v', 'error', '-select_streams', 's', '-show_entries', 'stream=index,codec_name', '-of', 'json', file]);
  if (probe.missing) return { kind: 'unavailable', note: FFMPEG_MISSING_NOTE };
  if (probe.failed) return { kind: 'none' };
  let streams: unknown[];
  try {
    const parsed = JSON.parse(probe.stdout) as { streams?: unknown[] };
    streams = parsed.streams ?? [];
  } catch {
    return { kind: 'none' };
  }
  if (streams.length === 0) return { kind: 'none' };
  const converted = await run(tools.ffmpeg, ['-v', 'error', '-nostdin', '-i', file, '-map', '0:s:0', '-f', 'srt', 'pipe:1']);
  if (converted.missing) return { kind: 'unavailable', note: FFMPEG_MISSING_NOTE };
  if (converted.failed || converted.stdout.trim() === '') return { kind: 'none' };
  return { kind: 'found', srt: converted.stdout };
}
