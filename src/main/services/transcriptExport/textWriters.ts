/** Plain-text and CSV transcripts (UTF-8; the CSV starts with a BOM so Excel reads it as UTF-8). */
import type { TranscriptDocument } from './transcriptDocument';
import { metadataLines, timestamp } from './transcriptDocument';

const BOM = '\uFEFF';

/** Title, metadata, a blank line, then `[mm:ss] text` per line. */
export function transcriptText(doc: TranscriptDocument): string {
  const body = doc.lines.map((line) => `${timestamp(line.start_time)} ${line.content}`);
  return [doc.title, ...metadataLines(doc), '', ...body, ''].join('\n');
}

/**
 * A CSV field: quoted when it holds a quote, comma or line break. A cell starting with = + - @ (or tab/CR) is
 * prefixed with an apostrophe so a spreadsheet never runs it as a formula.
 */
export function csvField(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** `start_time,content` with start_time in seconds, one row per line. */
export function transcriptCsv(doc: TranscriptDocument): string {
  const rows = doc.lines.map((line) => `${line.start_time},${csvField(line.content)}`);
  return `${BOM}${['start_time,content', ...rows].join('\r\n')}\r\n`;
}
