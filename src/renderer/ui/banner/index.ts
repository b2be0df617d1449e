export { Banner } from './Banner';
export { bannerMessagesAtom, pushBannerAtom, dismissBannerAtom } from './banner.atoms';
export type { BannerMessage, BannerTone } from './banner.atoms';
