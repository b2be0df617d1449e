import { describe, expect, it } from 'vitest';
import { kpiChange, kpiChangeText } from './kpiChange';

const percent = (ratio: number) => `${(ratio * 100).toFixed(1)} %`;

describe('the change of a figure against the previous period', () => {
  it('is relative to the previous figure, in both directions', () => {
    expect(kpiChange(112, 100)).toEqual({ direction: 'up', ratio: 0.12 });
    expect(kpiChange(75, 100)).toEqual({ direction: 'down', ratio: -0.25 });
    expect(kpiChange(-5, -10)).toEqual({ direction: 'up', ratio: 0.5 });
  });

  it('says "new" where there was nothing, "no change" for noise, and nothing without a previous figure', () => {
    expect(kpiChange(40, 0).direction).toBe('new');
    expect(kpiChange(0, 0).direction).toBe('flat');
    expect(kpiChange(0.61234, 0.6121).direction).toBe('flat');
    expect(kpiChange(5, null).direction).toBe('none');
    expect(kpiChange(Number.NaN, 3).direction).toBe('none');
  });

  it('reads as a sentence', () => {
    expect(kpiChangeText(kpiChange(112, 100), '100', percent)).toBe('up 12.0 % from 100');
    expect(kpiChangeText(kpiChange(75, 100), '100', percent)).toBe('down 25.0 % from 100');
    expect(kpiChangeText(kpiChange(100, 100), '100', percent)).toBe('no change from 100');
    expect(kpiChangeText(kpiChange(3, 0), '0', percent)).toBe('new (none in the previous period)');
  });
});
