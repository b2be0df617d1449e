import type { VIDEO_TABS } from '../../../shared/constants';

export type VideoTab = (typeof VIDEO_TABS)[number];
