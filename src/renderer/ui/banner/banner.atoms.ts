import { atom } from 'jotai';

export type BannerTone = 'info' | 'success' | 'error';

export interface BannerMessage {
  id: number;
  text: string;
  tone: BannerTone;
}

let nextId = 1;

/** Server messages and errors waiting to be read; the first one auto-dismisses. */
export const bannerMessagesAtom = atom<BannerMessage[]>([]);

/**
 * Adds a message; empty or null messages are never shown (spec §4). Answers its id (null when nothing was shown), so a
 * message about work under way ("Preparing…") can be taken away once the work's outcome is said.
 */
export const pushBannerAtom = atom(null, (get, set, text: string | null | undefined, tone: BannerTone = 'info'): number | null => {
  if (typeof text !== 'string' || text.trim() === '') return null;
  const id = nextId++;
  set(bannerMessagesAtom, [...get(bannerMessagesAtom), { id, text: text.trim(), tone }]);
  return id;
});

export const dismissBannerAtom = atom(null, (get, set, id: number) => {
  set(
    bannerMessagesAtom,
    get(bannerMessagesAtom).filter((message) => message.id !== id),
  );
});
