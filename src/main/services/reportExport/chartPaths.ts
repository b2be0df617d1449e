/**
 * The path calls of a zrender path proxy, recorded as numbers (arcs as Bézier curves: pdfkit has no canvas arc) and
 * replayed on pdfkit.
 */

/** What a zrender PathProxy offers: its path, replayed on a canvas-like context. */
export interface PathProxyLike {
  beginPath(): void;
  rebuildPath(ctx: CanvasPath, percent: number): void;
}

/** The canvas calls zrender replays, on pdfkit's document. */
export interface CanvasPath {
  moveTo(x: number, y: number): void;
  lineTo(x: number, y: number): void;
  bezierCurveTo(x1: number, y1: number, x2: number, y2: number, x: number, y: number): void;
  quadraticCurveTo(x1: number, y1: number, x: number, y: number): void;
  arc(cx: number, cy: number, r: number, start: number, end: number, anticlockwise: boolean): void;
  rect(x: number, y: number, w: number, h: number): void;
  closePath(): void;
}

export interface PdfPath {
  moveTo(x: number, y: number): unknown;
  lineTo(x: number, y: number): unknown;
  bezierCurveTo(x1: number, y1: number, x2: number, y2: number, x: number, y: number): unknown;
  quadraticCurveTo(x1: number, y1: number, x: number, y: number): unknown;
  rect(x: number, y: number, w: number, h: number): unknown;
  closePath(): unknown;
}

/** Quarter turns at the most per curve: a cubic Bézier stays within a hair of the circle. */
const MAX_SWEEP = Math.PI / 2;

/** Whether a path is open: an arc starting a path moves to its start rather than drawing a line there. */
function arcOn(pdf: PdfPath, open: { value: boolean }, cx: number, cy: number, r: number, start: number, end: number, anticlockwise: boolean): void {
  let sweep = end - start;
  // Canvas semantics: a full turn or more is a circle; otherwise the sweep goes the asked way round.
  if (!anticlockwise && sweep < 0) sweep = (sweep % (2 * Math.PI)) + 2 * Math.PI;
  if (anticlockwise && sweep > 0) sweep = (sweep % (2 * Math.PI)) - 2 * Math.PI;
  if (Math.abs(end - start) >= 2 * Math.PI) sweep = anticlockwise ? -2 * Math.PI : 2 * Math.PI;
  const at = (angle: number) => [cx + r * Math.cos(angle), cy + r * Math.sin(angle)] as const;
  const [sx, sy] = at(start);
  if (open.value) pdf.lineTo(sx, sy);
  else pdf.moveTo(sx, sy);
  open.value = true;
  const steps = Math.max(1, Math.ceil(Math.abs(sweep) / MAX_SWEEP - 1e-9));
  const step = sweep / steps;
  const k = (4 / 3) * Math.tan(step / 4);
  for (let i = 0; i < steps; i++) {
    const a0 = start + i * step;
    const a1 = a0 + step;
    const [x0, y0] = at(a0);
    const [x1, y1] = at(a1);
    pdf.bezierCurveTo(x0 - k * r * Math.sin(a0), y0 + k * r * Math.cos(a0), x1 + k * r * Math.sin(a1), y1 - k * r * Math.cos(a1), x1, y1);
  }
}

/** Replays the proxy's path on a pdfkit-like target (a document, or chartLayout's recorder). */
export function pathCommands(proxy: PathProxyLike, pdf: PdfPath): void {
  const open = { value: false };
  const canvas: CanvasPath = {
    moveTo: (x, y) => { pdf.moveTo(x, y); open.value = true; },
    lineTo: (x, y) => { pdf.lineTo(x, y); },
    bezierCurveTo: (x1, y1, x2, y2, x, y) => { pdf.bezierCurveTo(x1, y1, x2, y2, x, y); },
    quadraticCurveTo: (x1, y1, x, y) => { pdf.quadraticCurveTo(x1, y1, x, y); },
    arc: (cx, cy, r, start, end, anticlockwise) => arcOn(pdf, open, cx, cy, r, start, end, anticlockwise),
    rect: (x, y, w, h) => { pdf.rect(x, y, w, h); open.value = false; },
    closePath: () => { pdf.closePath(); open.value = false; },
  };
  proxy.rebuildPath(canvas, 1);
}

/** The codes of a recorded path; each is followed by its numbers (move 2, line 2, cubic 6, quadratic 4, rect 4, close 0). */
export const PATH_OPS = { move: 0, line: 1, cubic: 2, quadratic: 3, rect: 4, close: 5 } as const;

/** Replays a recorded path on the document (then fill or stroke it); a truncated or unknown code ends the path. */
export function replayPath(commands: readonly number[], pdf: PdfPath): void {
  const at = (index: number) => commands[index] ?? 0;
  let i = 0;
  while (i < commands.length) {
    const op = commands[i];
    const args = op === PATH_OPS.cubic ? 6 : op === PATH_OPS.quadratic || op === PATH_OPS.rect ? 4 : op === PATH_OPS.close ? 0 : 2;
    if (i + args >= commands.length && args > 0) return;
    if (op === PATH_OPS.move) pdf.moveTo(at(i + 1), at(i + 2));
    else if (op === PATH_OPS.line) pdf.lineTo(at(i + 1), at(i + 2));
    else if (op === PATH_OPS.cubic) pdf.bezierCurveTo(at(i + 1), at(i + 2), at(i + 3), at(i + 4), at(i + 5), at(i + 6));
    else if (op === PATH_OPS.quadratic) pdf.quadraticCurveTo(at(i + 1), at(i + 2), at(i + 3), at(i + 4));
    else if (op === PATH_OPS.rect) pdf.rect(at(i + 1), at(i + 2), at(i + 3), at(i + 4));
    else if (op === PATH_OPS.close) pdf.closePath();
    else return;
    i += 1 + args;
  }
}
