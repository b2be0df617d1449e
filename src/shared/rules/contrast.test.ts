import { describe, expect, it } from 'vitest';
import { CAMPAIGN_DEFAULTS } from '../constants';
import { contrastRatio, READABLE_CONTRAST } from './contrast';

describe('contrast', () => {
  it('spans 1 (same colour) to 21 (black on white), in either order', () => {
    expect(contrastRatio('#FFFFFF', '#000000')).toBeCloseTo(21, 5);
    expect(contrastRatio('#000000', '#FFFFFF')).toBeCloseTo(21, 5);
    expect(contrastRatio('#96C392', '#96C392')).toBe(1);
  });

  it('finds white unreadable on the default button colour and the default text colour readable', () => {
    expect(contrastRatio('#FFFFFF', CAMPAIGN_DEFAULTS.buttonColor)).toBeCloseTo(2.0, 1);
    expect(contrastRatio(CAMPAIGN_DEFAULTS.buttonTextColor, CAMPAIGN_DEFAULTS.buttonColor)).toBeGreaterThan(READABLE_CONTRAST);
  });
});
