import { existsSync, readFileSync, statSync } from 'node:fs';
import { join, parse as parsePath } from 'node:path';
import { SUBTITLE_EXTENSIONS, SUBTITLE_MAX_BYTES } from '../../shared/http/uploads.schemas';
import { readEmbeddedSubtitles, type FfmpegTools } from './embeddedSubtitles';
import { parseSubtitles, type SubtitleLine } from './subtitles';

export type TranscriptSource = 'subtitle_file' | 'embedded_stream' | 'stored' | 'none';

export interface FoundTranscript {
  source: TranscriptSource;
  lines: SubtitleLine[];
  /** Why there is no (new) transcript; null when one was read. */
  note: string | null;
}

export const NO_SUBTITLES_NOTE = 'No subtitles were found (no .srt or .vtt file beside the video and no subtitle stream inside it), so the transcript is empty.';
export const REMOTE_VIDEO_NOTE =
  'This video is not stored on this computer (it stays on its platform), so no subtitles could be read and the transcript is empty.';

/** `${dir}/${stem}.srt` or `.vtt` beside a media file, when present. */
export function subtitleBeside(mediaDir: string, mediaFile: string): string | null {
  const { dir, name } = parsePath(mediaFile);
  for (const ext of SUBTITLE_EXTENSIONS) {
    const candidate = join(mediaDir, dir, `${name}.${ext}`);
    if (existsSync(candidate)) return candidate;
  }
  return null;
}

/**
 * Finds a video's transcript, in order: an .srt/.vtt beside its file, a subtitle stream inside it (ffmpeg), the lines
 * already stored (re-analysis of a transcript that came another way), else none with a note saying why.
 */
export async function findTranscript(
  video: { media_file: string | null },
  mediaDir: string | null,
  tools: FfmpegTools,
  storedLines: () => Promise<{ start_time: number; content: string; speaker: string | null }[]>,
): Promise<FoundTranscript> {
  let note: string | null = null;
  if (mediaDir && video.media_file) {
    const subtitle = subtitleBeside(mediaDir, video.media_file);
    if (subtitle && statSync(subtitle).size <= SUBTITLE_MAX_BYTES) {
      const lines = parseSubtitles(readFileSync(subtitle, 'utf8'));
      if (lines.length > 0) return { source: 'subtitle_file', lines, note: null };
      note = 'The subtitle file beside the video holds no readable cues.';
    }
    const file = join(mediaDir, video.media_file);
    if (existsSync(file)) {
      const embedded = await readEmbeddedSubtitles(file, tools);
      if (embedded.kind === 'found') {
        const lines = parseSubtitles(embedded.srt);
        if (lines.length > 0) return { source: 'embedded_stream', lines, note: null };
      }
      if (embedded.kind === 'unavailable') note = embedded.note;
    }
  }
  const stored = await storedLines();
  if (stored.length > 0) return { source: 'stored', lines: stored.map((line) => ({ ...line, end_time: line.start_time })), note: null };
  return { source: 'none', lines: [], note: note ?? (video.media_file ? NO_SUBTITLES_NOTE : REMOTE_VIDEO_NOTE) };
}
