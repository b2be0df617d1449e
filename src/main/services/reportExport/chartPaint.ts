/** A zrender fill or stroke as pdfkit takes it: a hex colour and an opacity; null for none. */
export interface Paint { color: string; opacity: number }

const RGB = /^rgba?\(\s*([\d.]+)\s*,\s*([\d.]+)\s*,\s*([\d.]+)\s*(?:,\s*([\d.]+)\s*)?\)$/i;
const HEX = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;

const hex = (value: number) => Math.max(0, Math.min(255, Math.round(value))).toString(16).padStart(2, '0');

/**
 * The paint of a style value: a CSS colour (hex, rgb, rgba) or a gradient (its first stop: print charts use flat
 * colours, and a gradient's first stop is its strongest). Anything else (none, transparent, a pattern) paints nothing.
 */
export function paintOf(value: unknown, opacity: number): Paint | null {
  if (opacity <= 0) return null;
  if (typeof value === 'object' && value !== null && Array.isArray((value as { colorStops?: unknown }).colorStops)) {
    return paintOf((value as { colorStops: { color?: unknown }[] }).colorStops[0]?.color, opacity);
  }
  if (typeof value !== 'string') return null;
  const text = value.trim();
  if (HEX.test(text)) return { color: text, opacity };
  const rgb = RGB.exec(text);
  if (!rgb) return null;
  const alpha = rgb[4] === undefined ? 1 : Number(rgb[4]);
  if (alpha <= 0) return null;
  return { color: `#${hex(Number(rgb[1]))}${hex(Number(rgb[2]))}${hex(Number(rgb[3]))}`, opacity: opacity * alpha };
}
