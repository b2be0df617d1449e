import { existsSync } from 'node:fs';
import { parse as parsePath } from 'node:path';
import { SUBTITLE_EXTENSIONS, SUBTITLE_MAX_BYTES, type TRANSCRIPT_SOURCES } from '../../shared/http/uploads.schemas';
import type { MediaStore } from '../media/mediaStore';
import { readMediaText } from '../media/mediaTransfers';
import { readEmbeddedSubtitles, type FfmpegTools } from './embeddedSubtitles';
import { parseSubtitles, type SubtitleLine } from './subtitles';

export type TranscriptSource = (typeof TRANSCRIPT_SOURCES)[number];

export interface FoundTranscript {
  source: TranscriptSource;
  lines: SubtitleLine[];
  /** Why there is no (new) transcript; null when one was read. */
  note: string | null;
}

export const NO_SUBTITLES_NOTE = 'No subtitles were found (no .srt or .vtt file beside the video and no subtitle stream inside it), so the transcript is empty.';
export const REMOTE_VIDEO_NOTE =
  'This video is not stored on this computer (it stays on its platform), so no subtitles could be read and the transcript is empty.';

/** The key of `${dir}/${stem}.srt` or `.vtt` beside a media file, when the store holds one, and its size. */
export async function subtitleBeside(store: MediaStore, mediaFile: string): Promise<{ key: string; size: number } | null> {
  const { dir, name } = parsePath(mediaFile);
  for (const ext of SUBTITLE_EXTENSIONS) {
    const key = `${dir ? `${dir}/` : ''}${name}.${ext}`;
    const found = await store.head(key);
    if (found) return { key, size: found.size };
  }
  return null;
}

/**
 * Finds a video's transcript, in order: an .srt/.vtt beside its file, a subtitle stream inside it (ffmpeg reads
 * `localFile`, the video on this machine, null when it is not stored), the lines already stored (re-analysis of a
 * transcript that came another way), else none with a note saying why.
 */
export async function findTranscript(
  video: { media_file: string | null },
  media: { store: MediaStore; localFile: string | null } | null,
  tools: FfmpegTools,
  storedLines: () => Promise<{ start_time: number; content: string; speaker: string | null }[]>,
): Promise<FoundTranscript> {
  let note: string | null = null;
  if (media && video.media_file) {
    const subtitle = await subtitleBeside(media.store, video.media_file);
    const text = subtitle && subtitle.size <= SUBTITLE_MAX_BYTES ? await readMediaText(media.store, subtitle.key) : null;
    if (text !== null) {
      const lines = parseSubtitles(text);
      if (lines.length > 0) return { source: 'subtitle_file', lines, note: null };
      note = 'The subtitle file beside the video holds no readable cues.';
    }
    const file = media.localFile;
    if (file !== null && existsSync(file)) {
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
