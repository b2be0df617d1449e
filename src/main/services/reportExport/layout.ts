/** Page geometry and colours shared by the parts of a report PDF (A4 portrait, the transcript PDFs' margins). */
import type PDFDocument from 'pdfkit';
import type { Ctx } from '../transcriptExport/pdfWriter';
import { drawLine, setFill } from './pdfText';

export type Pdf = InstanceType<typeof PDFDocument>;

export const MARGIN = 56;
export const INK = '#1f2933';
export const MUTED = '#52606d';
export const RULE = '#e4e7eb';

export const contentWidth = (pdf: Pdf) => pdf.page.width - 2 * MARGIN;
export const pageBottom = (pdf: Pdf) => pdf.page.height - MARGIN;

/** Starts a new page unless `height` more points fit above the bottom margin. */
export function ensureRoom(pdf: Pdf, height: number): void {
  if (pdf.y + height > pageBottom(pdf)) {
    pdf.addPage();
    pdf.y = MARGIN;
  }
}

/** A horizontal rule across the content width at `y`. */
export function rule(pdf: Pdf, y: number, color = RULE): void {
  pdf.moveTo(MARGIN, y).lineTo(MARGIN + contentWidth(pdf), y).lineWidth(0.5).strokeColor(color).stroke();
}

export const SECTION_TITLE_HEIGHT = 22;

/** A section's title at the cursor (the caller has made room for what follows it). */
export function sectionTitle(ctx: Ctx, title: string): void {
  const { pdf } = ctx;
  setFill(ctx, INK);
  drawLine(ctx, title, { x: MARGIN, y: pdf.y, width: contentWidth(pdf), size: 12, base: 'latinBold' });
  pdf.y += SECTION_TITLE_HEIGHT;
}
