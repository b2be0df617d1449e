import type { AppManagerVideo } from '../../../shared/http/publishing.schemas';
import { publishingBlock } from '../../../shared/rules/licensing';

export type BlockedVideo = { id: string; title: string; reason: string };
/** A video with what the rights gate decides from (an app manager row, or the videos list's POST /videos/publish_rights). */
type VideoWithRights = Pick<AppManagerVideo, '_id' | 'title' | 'by_brand' | 'licenses'> & { published?: boolean; analysed?: boolean };

/**
 * The selected videos the shopper app would refuse, each with why: the back end's own rule (`publishingBlock`) run on
 * the rights the back end sent, so a bulk publish is checked before it is sent instead of failing as a whole.
 */
export function blockedInSelection(selected: Iterable<VideoWithRights>, now: Date): BlockedVideo[] {
  const blocked: BlockedVideo[] = [];
  for (const video of selected) {
    if (video.published) continue;
    const reason = publishingBlock({ byBrand: video.by_brand, licenses: video.licenses, analysed: video.analysed }, now);
    if (reason) blocked.push({ id: video._id, title: video.title, reason });
  }
  return blocked;
}
