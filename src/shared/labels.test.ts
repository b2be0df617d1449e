import { describe, expect, it } from 'vitest';
import { CREATOR_TYPES, ETHNICITIES, GENDERS, PLATFORMS } from './constants';
import { identifierLabel, PLATFORM_LABELS, platformLabel, valueLabel } from './labels';

describe('labels a person reads', () => {
  it('names every platform value, never showing the raw enum string', () => {
    for (const platform of PLATFORMS) {
      expect(PLATFORM_LABELS[platform]).toBeTruthy();
      // Words a person reads, never the stored value with its underscores or run-together words.
      expect(platformLabel(platform)).not.toMatch(/_/);
      if (!['Instagram', 'Dropbox'].includes(platform)) expect(platformLabel(platform)).not.toBe(platform);
    }
    expect(platformLabel('GoogleDrive')).toBe('Google Drive');
    expect(platformLabel('Reelscope_AWS_S3')).toBe('Own storage');
    expect(platformLabel('Youtube')).toBe('YouTube');
    expect(platformLabel('Tiktok')).toBe('TikTok');
    // A value a newer back end knows and this version does not still shows.
    expect(platformLabel('Vimeo')).toBe('Vimeo');
  });

  it('capitalises the value labels of spec §9 and reads identifiers as words', () => {
    expect(ETHNICITIES.map(valueLabel)).toEqual(['Asian', 'Black', 'White', 'Hispanic', 'Indian']);
    expect(GENDERS.map(valueLabel)).toEqual(['Male', 'Female']);
    expect(CREATOR_TYPES.map(valueLabel)).toEqual(['Brand', 'Expert', 'Fan', 'Press']);
    expect(identifierLabel('first_person')).toBe('First person');
    expect(identifierLabel('same_product')).toBe('Same product');
  });
});
