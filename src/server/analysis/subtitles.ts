import { parse } from '@plussub/srt-vtt-parser';

/** One timed cue of a subtitle file, as a transcript line (seconds). */
export interface SubtitleLine {
  start_time: number;
  end_time: number;
  content: string;
  speaker: string | null;
}

const VOICE = /<v(?:\.[^\s>]*)?\s+([^>]+)>/i;

/** Cue text without markup: VTT voice spans give the speaker; tags, entities and line breaks are flattened. */
function cleanCue(text: string): { content: string; speaker: string | null } {
  const speaker = text.match(VOICE)?.[1]?.trim() ?? null;
  const content = text
    .replace(/<[^>]*>/g, '')
    .replace(/\{\\[^}]*\}/g, '') // SSA-style overrides some .srt files carry
    .replace(/&amp;/g, '&').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&nbsp;/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return { content, speaker };
}

/**
 * Parses .srt or .vtt text (the parser tells them apart by the WEBVTT header) into timed lines, in time order, empty
 * cues dropped. Text that is neither yields no lines.
 */
export function parseSubtitles(text: string): SubtitleLine[] {
  const body = text.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n');
  let entries: { from: number; to: number; text: string }[];
  try {
    entries = parse(body).entries;
  } catch {
    return [];
  }
  return entries
    .map((entry) => ({ start_time: Math.max(0, entry.from) / 1000, end_time: Math.max(0, entry.to) / 1000, ...cleanCue(entry.text) }))
    .filter((line) => line.content !== '' && Number.isFinite(line.start_time))
    .sort((a, b) => a.start_time - b.start_time);
}
