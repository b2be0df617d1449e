import { execFile } from 'node:child_process';
import { mkdir, rename, rm } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { FfmpegTools } from './embeddedSubtitles';

/** Where a video's poster frame is kept, inside the media folder (served as a public image, like other thumbnails). */
export const thumbnailFileOf = (videoId: string): string => `thumbnails/${videoId}.jpg`;

function run(command: string, args: string[]): Promise<string | null> {
  return new Promise((resolve) => {
    execFile(command, args, { timeout: 60_000, windowsHide: true, maxBuffer: 1024 * 1024 }, (error, stdout) => resolve(error ? null : String(stdout)));
  });
}

/** The file's length in seconds as ffprobe reads it from its container; null when it cannot tell (or is absent). */
export async function probeDurationSeconds(file: string, tools: FfmpegTools): Promise<number | null> {
  const out = await run(tools.ffprobe, ['-v', 'error', '-show_entries', 'format=duration', '-of', 'default=noprint_wrappers=1:nokey=1', file]);
  const seconds = Number(out?.trim());
  return out !== null && Number.isFinite(seconds) && seconds > 0 ? Math.round(seconds * 10) / 10 : null;
}

/**
 * Writes a poster frame of `file` to `target` (JPEG, 640 px wide): a second in, or the first frame of a shorter clip,
 * so a black fade-in is not the picture. Written beside and renamed, so a half-written image is never served.
 * Answers whether it worked; without ffmpeg the video keeps no thumbnail, as before.
 */
export async function writePosterFrame(file: string, target: string, durationSeconds: number | null, tools: FfmpegTools): Promise<boolean> {
  await mkdir(dirname(target), { recursive: true });
  const partial = `${target}.part.jpg`;
  const at = durationSeconds !== null && durationSeconds > 2 ? '1' : '0';
  const out = await run(tools.ffmpeg, ['-v', 'error', '-nostdin', '-ss', at, '-i', file, '-frames:v', '1', '-vf', 'scale=640:-2', '-q:v', '4', '-y', partial]);
  if (out === null) {
    await rm(partial, { force: true });
    return false;
  }
  await rename(partial, target);
  return true;
}
