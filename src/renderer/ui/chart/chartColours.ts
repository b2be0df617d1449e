import type { ChartColours } from '../../../shared/charts/timeSeriesOption';

/** The skin's chart colours (light or dark), read from its CSS custom properties when a chart is drawn. */
export function chartColours(): ChartColours {
  const styles = getComputedStyle(document.documentElement);
  const read = (name: string, fallback: string): string => styles.getPropertyValue(name).trim() || fallback;
  const accent = read('--accent', '#4f6bed');
  return {
    text: read('--text', styles.color || '#333'),
    grid: read('--border', '#ddd'),
    palette: [accent, read('--chart-2', '#e07a3f'), read('--chart-3', '#2f9e74'), read('--chart-4', '#b04fc7'), read('--chart-5', '#c9a227')],
  };
}

/** Whether the page reads right to left (axes mirror). */
export function isRtl(): boolean {
  return document.documentElement.dir === 'rtl';
}
