import type { AppManagerVideo } from '../../../shared/http/publishing.schemas';
import { publishingBlock } from '../../../shared/rules/licensing';

export type BlockedVideo = { title: string; reason: string };

/**
 * The selected videos the shopper app would refuse, each with why: the back end's own rule (`publishingBlock`) run on
 * the rights the list sent, so a bulk publish is checked before it is sent instead of failing as a whole.
 */
export function blockedInSelection(selected: Iterable<AppManagerVideo>, now: Date): BlockedVideo[] {
  const blocked: BlockedVideo[] = [];
  for (const video of selected) {
    if (video.published) continue;
    const reason = publishingBlock({ byBrand: video.by_brand, licenses: video.licenses }, now);
    if (reason) blocked.push({ title: video.title, reason });
  }
  return blocked;
}
