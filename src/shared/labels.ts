import { OWN_STORAGE_PLATFORM } from './constants';
import type { DATE_RANGES, Platform } from './constants';

/** What a person reads for each platform value of spec §3 (never the raw enum string). */
export const PLATFORM_LABELS: Readonly<Record<Platform, string>> = {
  [OWN_STORAGE_PLATFORM]: 'Own storage',
  AWS_S3_Swirl: 'Swirl storage',
  GoogleDrive: 'Google Drive',
  Youtube: 'YouTube',
  Tiktok: 'TikTok',
  Instagram: 'Instagram',
  Dropbox: 'Dropbox',
};

/** The platform's name, or the value itself for one this version does not know (a newer back end). */
export function platformLabel(value: string): string {
  return (PLATFORM_LABELS as Readonly<Record<string, string>>)[value] ?? value;
}

/** A value label of spec §9 (ethnicities, genders, creator types…) as shown: its first letter capitalised. */
export function valueLabel(value: string): string {
  return value.charAt(0).toLocaleUpperCase() + value.slice(1);
}

/** Multi-word value labels written as identifiers (point-of-view, scenes): underscores read as spaces. */
export function identifierLabel(value: string): string {
  return valueLabel(value.replace(/_/g, ' '));
}

/** How each date range of spec §9 reads in a menu (chart ranges are a subset). */
export const DATE_RANGE_LABELS: Readonly<Record<(typeof DATE_RANGES)[number], string>> = {
  today: 'Today',
  '1d': 'Last 24 hours',
  '1w': 'Last week',
  '1m': 'Last month',
  '3m': 'Last 3 months',
  '6m': 'Last 6 months',
  ytd: 'Year to date',
  '1y': 'Last year',
  all_dates: 'All dates',
  custom: 'Custom range',
};
