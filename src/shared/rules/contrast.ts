/** The red, green and blue of a #RRGGBB colour, each from 0 to 1. */
export function rgbChannels(hex: string): [number, number, number] {
  return [1, 3, 5].map((at) => parseInt(hex.slice(at, at + 2), 16) / 255) as [number, number, number];
}

/** Relative luminance of a #RRGGBB colour (WCAG 2.x). */
export function luminance(hex: string): number {
  const [r, g, b] = rgbChannels(hex).map((channel) => (channel <= 0.04045 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4)) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** The WCAG contrast ratio of two #RRGGBB colours, from 1 to 21. */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/** WCAG AA for text of normal size. */
export const READABLE_CONTRAST = 4.5;

/** Dark text on a light background, white on a dark one: whichever reads better (the submission page and its preview). */
export function readableTextOn(background: string): '#111111' | '#FFFFFF' {
  return contrastRatio(background, '#111111') >= contrastRatio(background, '#FFFFFF') ? '#111111' : '#FFFFFF';
}
