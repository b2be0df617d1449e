import { parse } from 'zrender/lib/tool/color';

/** A zrender fill or stroke as pdfkit takes it: a hex colour and an opacity; null for none. */
export interface Paint { color: string; opacity: number }

const hex = (value: number) => Math.max(0, Math.min(255, Math.round(value))).toString(16).padStart(2, '0');

/**
 * The paint of a style value: any CSS colour zrender itself reads (its parser: hex, rgb(a), hsl(a), names) or a
 * gradient (its first stop: print charts use flat colours, and a gradient's first stop is its strongest). Anything
 * else (none, transparent, a pattern) paints nothing.
 */
export function paintOf(value: unknown, opacity: number): Paint | null {
  if (opacity <= 0) return null;
  if (typeof value === 'object' && value !== null && Array.isArray((value as { colorStops?: unknown }).colorStops)) {
    return paintOf((value as { colorStops: { color?: unknown }[] }).colorStops[0]?.color, opacity);
  }
  if (typeof value !== 'string' || value.trim() === '' || value === 'none') return null;
  const [r, g, b, alpha] = parse(value) as number[] | undefined ?? [];
  if (r === undefined || g === undefined || b === undefined || !alpha) return null;
  return { color: `#${hex(r)}${hex(g)}${hex(b)}`, opacity: opacity * alpha };
}
