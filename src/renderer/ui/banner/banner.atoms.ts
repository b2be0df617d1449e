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

/** Adds a message; empty or null messages are never shown (spec §4). */
export const pushBannerAtom = atom(null, (get, set, text: string | null | undefined, tone: BannerTone = 'info') => {
  if (typeof text !== 'string' || text.trim() === '') return;
  set(bannerMessagesAtom, [...get(bannerMessagesAtom), { id: nextId++, text: text.trim(), tone }]);
});

export const dismissBannerAtom = atom(null, (get, set, id: number) => {
  set(
    bannerMessagesAtom,
    get(bannerMessagesAtom).filter((message) => message.id !== id),
  );
});
