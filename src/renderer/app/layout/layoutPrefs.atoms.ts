import { atom } from 'jotai';
import type { LayoutPrefs } from '../../../shared/ipc/settings.schemas';
import { DEFAULT_SETTINGS } from '../../../shared/ipc/settings.schemas';

/** Skin, right-to-left and menu collapsed (spec §3), loaded from and saved to host settings. */
export const layoutPrefsAtom = atom<LayoutPrefs>(DEFAULT_SETTINGS.layout);
