import { atom } from 'jotai';
import type { TutorialName } from './tutorials.content';

/** The tutorial on screen and its step (0-based), or null. */
export const activeTutorialAtom = atom<{ name: TutorialName; step: number } | null>(null);
/** The user-guide modal is open. */
export const userGuideOpenAtom = atom(false);
