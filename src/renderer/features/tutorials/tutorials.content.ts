import { TUTORIAL_STEPS } from '../../../shared/constants';
import { TUTORIAL_TEXTS } from '../../../shared/messages';

export const TUTORIAL_NAMES = ['home-overview', 'video-detail', 'first-video', 'first-video-analyzed'] as const;
export type TutorialName = (typeof TUTORIAL_NAMES)[number];

export interface TutorialStep {
  title: string;
  body: string;
  /** CSS selector of the element the step points at (shown near it, highlighted); centred when absent or not found. */
  target?: string;
}

export interface Tutorial {
  name: TutorialName;
  label: string;
  steps: readonly TutorialStep[];
  /** Where the close button leads (spec §4: /home or /videos). */
  closeTo: '/home' | '/videos';
}

/** What each home-overview step points at: the overview, recent and trending, the shortcuts, the word cloud, the search. */
const HOME_TARGETS = ['#home-overview', '#home-trending', '.home-shortcuts', '#home-word-cloud', '.search-box'];

/** What each video-analysis step points at on a video's page: player and transcript, the sentiment tab, brand safety. */
const VIDEO_DETAIL_TARGETS = ['.detail-body', '.video-detail [data-tab="sentiment"]', '.video-detail [data-tab="brand-safety"]'];

const MY_VIDEOS = '[data-nav-target="/videos"], a[href$="/videos"]';

/** The four tutorials of spec §2, texts from src/shared. */
export const TUTORIALS: Record<TutorialName, Tutorial> = {
  'home-overview': {
    name: 'home-overview',
    label: 'Home overview',
    closeTo: '/home',
    steps: TUTORIAL_TEXTS.homeOverview.slice(0, TUTORIAL_STEPS.homeOverview).map((step, index) => ({ ...step, target: HOME_TARGETS[index] })),
  },
  'video-detail': {
    name: 'video-detail',
    label: 'Video analysis',
    closeTo: '/videos',
    steps: TUTORIAL_TEXTS.videoDetail.map((step, index) => ({ ...step, target: VIDEO_DETAIL_TARGETS[index] })),
  },
  'first-video': {
    name: 'first-video',
    label: 'Your first video',
    closeTo: '/videos',
    steps: [{ ...TUTORIAL_TEXTS.firstVideo[0], target: MY_VIDEOS }, TUTORIAL_TEXTS.firstVideo[1]],
  },
  'first-video-analyzed': {
    name: 'first-video-analyzed',
    label: 'Your first analysis',
    closeTo: '/videos',
    steps: [{ ...TUTORIAL_TEXTS.firstVideoAnalyzed[0], target: MY_VIDEOS }, TUTORIAL_TEXTS.firstVideoAnalyzed[1]],
  },
};
