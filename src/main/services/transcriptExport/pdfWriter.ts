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
import { drawText } from './textRuns';

type Pdf = InstanceType<typeof PDFDocument>;
/** pdfkit takes a parsed fontkit font where its typings only name bytes (PDFFontFactory checks for `layout`). */
type PdfFontSource = Parameters<Pdf['registerFont']>[1];

const MARGIN = 56;
const BODY_SIZE = 10.5;
const BODY_LEADING = 15;

interface Atom extends Run {
  width: number;
}

/** What drawing a document needs besides pdfkit: the parsed fonts (keys of the width cache below). Report PDFs share it. */
export interface Ctx {
  pdf: Pdf;
  font: (key: FontKey) => ParsedFont;
  /** The fill colour last set by `paragraph` and the page it was set on (each page starts with its own state). */
  fill?: { page: unknown; color: string };
}

/** Advance widths at size 1 per parsed font and word, shared across documents (words repeat a lot in transcripts). */
const widthCaches = new WeakMap<ParsedFont, Map<string, number>>();
const WIDTH_CACHE_LIMIT = 200_000;

/** Width of `text` in the current font (`key`) at `size`, measured once per font and word. */
export function widthOf({ pdf, font }: Ctx, key: FontKey, text: string, size: number): number {
  const parsed = font(key);
  let cache = widthCaches.get(parsed);
  if (!cache) widthCaches.set(parsed, (cache = new Map()));
  let unit = cache.get(text);
  if (unit === undefined) {
    unit = pdf.font(key).fontSize(size).widthOfString(text) / size;
    if (cache.size >= WIDTH_CACHE_LIMIT) cache.clear();
    cache.set(text, unit);
  }
  return unit * size;
}

const CJK_BREAKABLE = /[\u3000-\u9fff\uac00-\ud7af\uf900-\ufaff\uff00-\uffef]/;

/** Break opportunities: after spaces, and between CJK characters. */
function atomsOf(ctx: Ctx, runs: Run[], size: number): Atom[] {
  const { pdf } = ctx;
  const atoms: Atom[] = [];
  for (const run of runs) {
    pdf.font(run.font).fontSize(size);
    const parts = run.font === 'cjk' ? run.text.match(/[^\s]\s*|\s+/gu) ?? [] : run.text.match(/\S+\s*|\s+/g) ?? [];
    for (const part of parts) {
      if (run.font === 'cjk' && !CJK_BREAKABLE.test(part) && atoms.at(-1)?.font === 'cjk' && !/\s$/.test(atoms.at(-1)?.text ?? ' ')) {
        // Latin letters inside CJK text stay glued to each other.
        const last = atoms[atoms.length - 1]!;
        last.text += part;
        last.width = widthOf(ctx, run.font, last.text, size);
        continue;
      }
      atoms.push({ ...run, text: part, width: widthOf(ctx, run.font, part, size) });
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
export function drawRtlWords(ctx: Ctx, key: FontKey, text: string, x: number, y: number, size: number): number {
  for (const piece of text.split(/( +)/).reverse()) {
    if (piece === '') continue;
    const width = widthOf(ctx, key, piece, size);
    if (piece.trim() !== '') drawText(ctx.pdf, piece, x, y, size);
    x += width;
  }
  return x;
}

/** Draws a paragraph at the cursor, adding pages as needed; right-to-left paragraphs are placed right-aligned in visual order. */
export function paragraph(ctx: Ctx, text: string, options: { size: number; leading: number; base?: FontKey; color?: string; rtl?: boolean }): void {
  const { pdf } = ctx;
  const left = MARGIN;
  const right = pdf.page.width - MARGIN;
  const rtl = options.rtl ?? isRtlParagraph(text);
  const lines = wrap(pdf, atomsOf(ctx, splitRuns(text, options.base), options.size), right - left, options.size);
  const color = options.color ?? '#111111';
  for (const raw of lines) {
    // Trailing spaces take no room at the line end (the visual left end for right-to-left text).
    while (raw.length > 0 && raw[raw.length - 1]!.text.trim() === '') raw.pop();
    const last = raw.at(-1);
    if (last && /\s$/.test(last.text)) {
      const trimmed = last.text.replace(/\s+$/, '');
      raw[raw.length - 1] = { ...last, text: trimmed, width: widthOf(ctx, last.font, trimmed, options.size) };
    }
    const runs = merge(raw);
    if (pdf.y + options.leading > pdf.page.height - MARGIN) pdf.addPage();
    if (ctx.fill?.page !== pdf.page || ctx.fill.color !== color) {
      pdf.fillColor(color);
      ctx.fill = { page: pdf.page, color };
    }
    const y = pdf.y;
    const visual = rtl ? [...runs].reverse() : runs;
    let x = rtl ? right - runs.reduce((sum, run) => sum + run.width, 0) : left;
    for (const run of visual) {
      pdf.font(run.font).fontSize(options.size);
      if (run.dir === 'rtl') x = drawRtlWords(ctx, run.font, run.text, x, y, options.size);
      else {
        drawText(pdf, run.text, x, y, options.size);
        x += run.width;
      }
    }
    pdf.y = y + options.leading;
  }
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
  }
  const ctx: Ctx = { pdf, font };
  pdf.pipe(out);
  const done = finished(out);

  pdf.y = MARGIN;
  paragraph(ctx, doc.title, { size: 16, leading: 22, base: 'latinBold' });
  pdf.y += 4;
  for (const line of metadataLines(doc)) paragraph(ctx, line, { size: 9.5, leading: 13, color: '#444444' });
  pdf.y += 6;
  pdf.moveTo(MARGIN, pdf.y).lineTo(pdf.page.width - MARGIN, pdf.y).lineWidth(0.5).strokeColor('#999999').stroke();
  pdf.y += 10;
  if (doc.lines.length === 0) paragraph(ctx, 'This video has no transcript.', { size: BODY_SIZE, leading: BODY_LEADING, color: '#666666' });
  for (const line of doc.lines) paragraph(ctx, `${timestamp(line.start_time)} ${line.content}`, { size: BODY_SIZE, leading: BODY_LEADING });

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
