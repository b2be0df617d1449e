/**
 * Transcript PDFs with pdfkit: title, platform, creator, date, sentiment summary and every timed line, paginated
 * with page numbers. Each script is set in an embedded font that has its glyphs (fontkit shapes Arabic and
 * Devanagari with the font's features); right-to-left lines are laid out by us in visual order, right-aligned.
 */
import { Writable } from 'node:stream';
import { finished } from 'node:stream/promises';
import PDFDocument from 'pdfkit';
import type { ParsedFont } from './fonts';
import type { FontKey, Run } from './scripts';
import { fontsFor, isRtlParagraph, splitRuns } from './scripts';
import type { TranscriptDocument } from './transcriptDocument';
import { metadataLines, timestamp } from './transcriptDocument';

type Pdf = InstanceType<typeof PDFDocument>;
/** pdfkit takes a parsed fontkit font where its typings only name bytes (PDFFontFactory checks for `layout`). */
type PdfFontSource = Parameters<Pdf['registerFont']>[1];

const MARGIN = 56;
const BODY_SIZE = 10.5;
const BODY_LEADING = 15;

interface Atom extends Run {
  width: number;
}

/** Advance widths at size 1 by font and word, shared across documents (words repeat a lot in transcripts). */
const widthCache = new Map<string, number>();
const WIDTH_CACHE_LIMIT = 200_000;

/** Width of `text` in the current font (`key`) at `size`, measured once per font and word. */
function widthOf(pdf: Pdf, key: FontKey, text: string, size: number): number {
  const cacheKey = `${key}\u0000${text}`;
  let unit = widthCache.get(cacheKey);
  if (unit === undefined) {
    unit = pdf.widthOfString(text) / size;
    if (widthCache.size >= WIDTH_CACHE_LIMIT) widthCache.clear();
    widthCache.set(cacheKey, unit);
  }
  return unit * size;
}

const CJK_BREAKABLE = /[\u3000-\u9fff\uac00-\ud7af\uf900-\ufaff\uff00-\uffef]/;

/** Break opportunities: after spaces, and between CJK characters. */
function atomsOf(pdf: Pdf, runs: Run[], size: number): Atom[] {
  const atoms: Atom[] = [];
  for (const run of runs) {
    pdf.font(run.font).fontSize(size);
    const parts = run.font === 'cjk' ? run.text.match(/[^\s]\s*|\s+/gu) ?? [] : run.text.match(/\S+\s*|\s+/g) ?? [];
    for (const part of parts) {
      if (run.font === 'cjk' && !CJK_BREAKABLE.test(part) && atoms.at(-1)?.font === 'cjk' && !/\s$/.test(atoms.at(-1)?.text ?? ' ')) {
        // Latin letters inside CJK text stay glued to each other.
        const last = atoms[atoms.length - 1]!;
        last.text += part;
        last.width = widthOf(pdf, run.font, last.text, size);
        continue;
      }
      atoms.push({ ...run, text: part, width: widthOf(pdf, run.font, part, size) });
    }
  }
  return atoms;
}

/** Greedy line filling; a single atom wider than the line is split by characters. */
function wrap(pdf: Pdf, atoms: Atom[], maxWidth: number, size: number): Atom[][] {
  const lines: Atom[][] = [];
  let line: Atom[] = [];
  let width = 0;
  const push = (atom: Atom) => {
    if (width + atom.width > maxWidth && line.length > 0) {
      lines.push(line);
      line = [];
      width = 0;
      if (atom.text.trim() === '') return;
    }
    if (atom.width > maxWidth) {
      pdf.font(atom.font).fontSize(size);
      let piece = '';
      for (const char of atom.text) {
        if (pdf.widthOfString(piece + char) > maxWidth && piece) {
          lines.push([{ ...atom, text: piece, width: pdf.widthOfString(piece) }]);
          piece = '';
        }
        piece += char;
      }
      line = [{ ...atom, text: piece, width: pdf.widthOfString(piece) }];
      width = line[0]!.width;
      return;
    }
    line.push(atom);
    width += atom.width;
  };
  atoms.forEach(push);
  if (line.length > 0) lines.push(line);
  return lines;
}

/** Merges neighbouring atoms of one font and direction into runs to draw. */
function merge(line: Atom[]): Atom[] {
  const out: Atom[] = [];
  for (const atom of line) {
    const last = out.at(-1);
    if (last && last.font === atom.font && last.dir === atom.dir) {
      last.text += atom.text;
      last.width += atom.width;
    } else out.push({ ...atom });
  }
  return out;
}

/**
 * Right-to-left text drawn word by word from the right end of its run, with the spaces as gaps rather than glyphs:
 * text extractors (pdftotext) then see each word as a word instead of gluing some together.
 */
function drawRtlWords(pdf: Pdf, text: string, x: number, y: number): number {
  for (const piece of text.split(/( +)/).reverse()) {
    if (piece === '') continue;
    const width = pdf.widthOfString(piece);
    if (piece.trim() !== '') pdf.text(piece, x, y, { lineBreak: false });
    x += width;
  }
  return x;
}

/** Draws a paragraph at the cursor, adding pages as needed; right-to-left paragraphs are placed right-aligned in visual order. */
function paragraph(pdf: Pdf, text: string, options: { size: number; leading: number; base?: FontKey; color?: string; rtl?: boolean }): void {
  const left = MARGIN;
  const right = pdf.page.width - MARGIN;
  const rtl = options.rtl ?? isRtlParagraph(text);
  const lines = wrap(pdf, atomsOf(pdf, splitRuns(text, options.base), options.size), right - left, options.size);
  pdf.fillColor(options.color ?? '#111111');
  for (const raw of lines) {
    // Trailing spaces take no room at the line end (the visual left end for right-to-left text).
    const runs = merge(raw);
    const last = runs.at(-1);
    if (last) {
      const trimmed = last.text.replace(/\s+$/, '');
      if (trimmed !== last.text) {
        pdf.font(last.font).fontSize(options.size);
        last.text = trimmed;
        last.width = pdf.widthOfString(trimmed);
      }
    }
    if (pdf.y + options.leading > pdf.page.height - MARGIN) pdf.addPage();
    const y = pdf.y;
    const visual = rtl ? [...runs].reverse() : runs;
    let x = rtl ? right - runs.reduce((sum, run) => sum + run.width, 0) : left;
    for (const run of visual) {
      pdf.font(run.font).fontSize(options.size);
      if (run.dir === 'rtl') x = drawRtlWords(pdf, run.text, x, y);
      else {
        if (run.text !== '') pdf.text(run.text, x, y, { lineBreak: false });
        x += run.width;
      }
    }
    pdf.y = y + options.leading;
  }
}

/** Shaped words per font, shared by every document (pdfkit keeps one per document and font otherwise). */
const layoutCaches = new Map<FontKey, Record<string, unknown>>();

/**
 * Lets the document's font reuse shaping results of earlier documents. This reaches into pdfkit's EmbeddedFont
 * (`_font.layoutCache`, glyph runs of the same parsed font; the subset is still built per document in encode); if a
 * pdfkit version lays this out differently the check fails and each document simply shapes its words itself.
 */
function shareLayoutCache(pdf: Pdf, key: FontKey): void {
  const current = (pdf as unknown as { _font?: { layoutCache?: unknown } })._font;
  if (!current || typeof current.layoutCache !== 'object' || current.layoutCache === null) return;
  let shared = layoutCaches.get(key);
  if (!shared || Object.keys(shared).length > 100_000) {
    shared = Object.create(null) as Record<string, unknown>;
    layoutCaches.set(key, shared);
  }
  current.layoutCache = shared;
}

/**
 * Renders the transcript as a PDF in memory (tens to hundreds of kilobytes: one write per file is much faster than
 * pdfkit's many small chunks through a file stream).
 */
export async function renderTranscriptPdf(doc: TranscriptDocument, font: (key: FontKey) => ParsedFont): Promise<Buffer> {
  const chunks: Buffer[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      chunks.push(chunk);
      callback();
    },
  });
  await writeTranscriptPdf(doc, sink, font);
  return Buffer.concat(chunks);
}

/** Writes the transcript as a PDF into `out` and resolves when every byte is flushed. */
export async function writeTranscriptPdf(doc: TranscriptDocument, out: Writable, font: (key: FontKey) => ParsedFont): Promise<void> {
  // font: null skips loading pdfkit's default Helvetica metrics, which these PDFs never use.
  const pdf = new PDFDocument({ size: 'A4', margin: MARGIN, bufferPages: true, font: null as unknown as string, info: { Title: doc.title, Creator: 'Reelscope' } });
  const needed = fontsFor([doc.title, doc.creator ?? '', ...doc.lines.map((line) => line.content)].join('\n'));
  for (const key of ['latin', 'latinBold', ...needed] as FontKey[]) {
    pdf.registerFont(key, font(key) as unknown as PdfFontSource);
    shareLayoutCache(pdf.font(key), key);
  }
  pdf.pipe(out);
  const done = finished(out);

  pdf.y = MARGIN;
  paragraph(pdf, doc.title, { size: 16, leading: 22, base: 'latinBold' });
  pdf.y += 4;
  for (const line of metadataLines(doc)) paragraph(pdf, line, { size: 9.5, leading: 13, color: '#444444' });
  pdf.y += 6;
  pdf.moveTo(MARGIN, pdf.y).lineTo(pdf.page.width - MARGIN, pdf.y).lineWidth(0.5).strokeColor('#999999').stroke();
  pdf.y += 10;
  if (doc.lines.length === 0) paragraph(pdf, 'This video has no transcript.', { size: BODY_SIZE, leading: BODY_LEADING, color: '#666666' });
  for (const line of doc.lines) paragraph(pdf, `${timestamp(line.start_time)} ${line.content}`, { size: BODY_SIZE, leading: BODY_LEADING });

  const range = pdf.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    pdf.switchToPage(i);
    // Writing inside the bottom margin would otherwise make pdfkit open a new page.
    const bottom = pdf.page.margins.bottom;
    pdf.page.margins.bottom = 0;
    pdf.font('latin').fontSize(8).fillColor('#666666');
    pdf.text(`Page ${i + 1} of ${range.count}`, MARGIN, pdf.page.height - MARGIN / 2 - 4, { width: pdf.page.width - 2 * MARGIN, align: 'center', lineBreak: false });
    pdf.page.margins.bottom = bottom;
  }
  pdf.end();
  await done;
}
