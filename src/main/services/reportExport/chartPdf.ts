/**
 * A laid-out report chart (chartLayout.ts) drawn into the PDF as vectors: each path with its paint, each label through
 * the report's text drawing (any script, right-to-left in visual order). Why not ECharts' SVG string through
 * svg-to-pdfkit: that parsed back what ECharts had just written, about 11 ms a chart (issue 12's PDF bench).
 */
import type { Ctx } from '../transcriptExport/pdfWriter';
import type { DrawnItem, DrawnLabel, DrawnPath } from './chartLayout';
import { replayPath } from './chartPaths';
import { drawLine, lineTopForCentre, setFill } from './pdfText';

function drawPath(ctx: Ctx, path: DrawnPath): void {
  const { pdf } = ctx;
  const { fill, stroke } = path;
  replayPath(path.commands, pdf);
  if (fill) pdf.fillColor(fill.color).fillOpacity(fill.opacity);
  if (stroke) {
    pdf.strokeColor(stroke.color).strokeOpacity(stroke.opacity).lineWidth(path.lineWidth);
    if (path.dash) pdf.dash(path.dash[0], { space: path.dash[1] });
    else pdf.undash();
  }
  if (fill && stroke) pdf.fillAndStroke();
  else if (fill) pdf.fill();
  else pdf.stroke();
}

function drawLabel(ctx: Ctx, label: DrawnLabel, room: number): void {
  const { x, align, size } = label;
  const left = align === 'left' ? x : align === 'right' ? x - room : x - room / 2;
  ctx.pdf.fillOpacity(label.paint.opacity);
  // Paths set fills directly and each element's restore() undoes its own: the recorded fill is not to be trusted here.
  ctx.fill = undefined;
  setFill(ctx, label.paint.color);
  drawLine(ctx, label.text, { x: left, y: lineTopForCentre(ctx, label.centre, size), width: room, size, base: label.bold ? 'latinBold' : 'latin', align });
}

/**
 * Draws the chart, laid out `pixels` wide, scaled into the box (points): the same proportions of text to plot as the
 * report screen.
 */
export function drawChartVectors(ctx: Ctx, items: readonly DrawnItem[], box: { x: number; y: number; width: number }, pixels: number): void {
  const { pdf } = ctx;
  pdf.save();
  try {
    pdf.translate(box.x, box.y).scale(box.width / pixels);
    for (const item of items) {
      pdf.save();
      if (item.transform) pdf.transform(...item.transform);
      if (item.kind === 'label') drawLabel(ctx, item, pixels);
      else if (item.fill || item.stroke) drawPath(ctx, item);
      pdf.restore();
    }
  } finally {
    pdf.restore();
    // The labels set fills as they went: the next text sets its own.
    ctx.fill = undefined;
    pdf.fillOpacity(1).strokeOpacity(1).undash();
  }
}
