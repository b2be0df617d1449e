import { describe, expect, it } from 'vitest';
import { timeSeriesOption } from './timeSeriesOption';

const colours = { text: '#111', grid: '#eee', palette: ['#a00', '#0a0', '#00a'] };
const yAxes = (option: Record<string, unknown>) => option.yAxis as { name?: string; position: string }[];

describe('time series chart axes', () => {
  const input = {
    categories: ['Mon', 'Tue'], type: 'line' as const, colours, description: 'Views, likes and comments',
    series: [{ name: 'Views', values: [1000, 2000] }, { name: 'Likes', values: [10, 20], secondary: true }, { name: 'Comments', values: [1, 2], secondary: true }],
  };

  it('names each of two value axes after the series read against it', () => {
    const axes = yAxes(timeSeriesOption(input));
    expect(axes.map((axis) => [axis.position, axis.name])).toEqual([['left', 'Views'], ['right', 'Likes · Comments']]);
    const rtl = yAxes(timeSeriesOption({ ...input, rtl: true }));
    expect(rtl.map((axis) => [axis.position, axis.name])).toEqual([['right', 'Views'], ['left', 'Likes · Comments']]);
  });

  it('leaves a single axis unnamed: the legend or the title already says what it counts', () => {
    const axes = yAxes(timeSeriesOption({ ...input, series: [{ name: 'Views', values: [1, 2] }] }));
    expect(axes).toHaveLength(1);
    expect(axes[0]!.name).toBeUndefined();
  });
});
