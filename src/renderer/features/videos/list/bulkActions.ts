import type { AxiosInstance } from 'axios';
import { countLabel } from '../../../../shared/rules/formatting';
import type { MarkResponse } from '../../../../shared/http/videos.schemas';
import type { Identity } from '../videos.api';
import {
  deleteVideos, favoriteVideos, flagVideos, publishVideos, trashVideos, unfavoriteVideos, unflagVideos, untrashVideos,
} from '../videos.api';
import { tabLabel } from './listOptions';
import { byOwnership } from './selectionRules';
import type { ReportReason, SelectedVideo, SelectionKind, VideoTab } from './videoList.types';

export type BulkActionId = 'favorite' | 'unfavorite' | 'flag' | 'unflag' | 'trash' | 'restore' | 'delete' | 'publish' | 'download';

/** How an action asks before it runs: a spec §4 confirm dialog, the flag-reason dialog, or not at all. */
export type AskStyle = 'confirm' | 'reason' | 'none';

export interface BulkAction {
  id: BulkActionId;
  kind: SelectionKind;
  /** The button that starts check mode. */
  start: string;
  /** The button that acts on the selection. */
  verb: string;
  ask: AskStyle;
  /** Title and question of its dialog. */
  title: string;
  question: (count: number) => string;
}

const videos = (count: number) => countLabel(count, 'video');

export const BULK_ACTIONS: Record<BulkActionId, BulkAction> = {
  favorite: { id: 'favorite', kind: 'favorites', start: 'Favorite', verb: 'Add to favorites', ask: 'none', title: 'Favorite videos', question: (n) => `Add ${videos(n)} to favorites?` },
  unfavorite: { id: 'unfavorite', kind: 'favorites', start: 'Unfavorite', verb: 'Unfavorite', ask: 'confirm', title: 'Unfavorite videos', question: (n) => `Remove ${videos(n)} from your favorites?` },
  flag: { id: 'flag', kind: 'flagged', start: 'Flag', verb: 'Flag', ask: 'reason', title: 'Flag videos', question: (n) => `Flag ${videos(n)}? Choose the reason.` },
  unflag: { id: 'unflag', kind: 'flagged', start: 'Unflag', verb: 'Unflag', ask: 'confirm', title: 'Unflag videos', question: (n) => `Unflag ${videos(n)}?` },
  trash: { id: 'trash', kind: 'delete', start: 'Move to trash', verb: 'Move to trash', ask: 'confirm', title: 'Move to trash', question: (n) => `Move ${videos(n)} to the trash? You can restore them from Trash.` },
  restore: { id: 'restore', kind: 'restore', start: 'Restore', verb: 'Restore', ask: 'confirm', title: 'Restore videos', question: (n) => `Restore ${videos(n)} from the trash?` },
  delete: { id: 'delete', kind: 'delete', start: 'Delete permanently', verb: 'Delete permanently', ask: 'confirm', title: 'Delete permanently', question: (n) => `Permanently delete ${videos(n)}? This cannot be undone.` },
  publish: { id: 'publish', kind: 'publish', start: 'Publish to app', verb: 'Publish to app', ask: 'none', title: 'Publish to app', question: (n) => `Publish ${videos(n)} to the shopper app?` },
  download: { id: 'download', kind: 'download', start: 'Download', verb: 'Download', ask: 'none', title: 'Download', question: (n) => `Download ${videos(n)}?` },
};

/** What each tab offers (spec §4: trash only from My Videos and Competitors; restore and delete in Trash). */
const BY_TAB: Record<VideoTab, BulkActionId[]> = {
  'My Videos': ['favorite', 'flag', 'trash', 'publish', 'download'],
  Competition: ['favorite', 'flag', 'trash', 'download'],
  Campaigns: ['favorite', 'flag', 'publish', 'download'],
  Favorites: ['unfavorite', 'flag', 'publish', 'download'],
  Flagged: ['unflag', 'download'],
  Trash: ['restore', 'delete'],
};

export function actionsForTab(tab: VideoTab): BulkAction[] {
  return BY_TAB[tab].map((id) => BULK_ACTIONS[id]);
}

/** The action a check mode stands for in a tab (each tab has at most one per selection list). */
export function actionForMode(tab: VideoTab, kind: SelectionKind): BulkAction | null {
  return actionsForTab(tab).find((action) => action.kind === kind) ?? null;
}

export interface RunInput {
  main: AxiosInstance;
  who: Identity;
  selected: SelectedVideo[];
  /** Required by flag only. */
  reason?: ReportReason;
}

/** Runs own and competitor videos as separate calls (each with its competitors flag); sums their counts. */
async function split(selected: SelectedVideo[], call: (group: SelectedVideo[], competitors: boolean) => Promise<MarkResponse>) {
  const { own, competitors } = byOwnership(selected);
  const results: { response: MarkResponse; competitors: boolean }[] = [];
  if (own.length > 0) results.push({ response: await call(own, false), competitors: false });
  if (competitors.length > 0) results.push({ response: await call(competitors, true), competitors: true });
  return results;
}

const ids = (selected: SelectedVideo[]) => selected.map((entry) => entry.video_id);
/** Where videos land (spec §4): own ones in My Videos, competitor ones in Competitors. */
const destination = (competitors: boolean) => tabLabel(competitors ? 'Competition' : 'My Videos');

/** Calls the back end for an action and answers the success message to show. */
export async function runBulkAction(id: BulkActionId, { main, who, selected, reason }: RunInput): Promise<string> {
  switch (id) {
    case 'favorite':
      return (await favoriteVideos(main, who, ids(selected))).message;
    case 'unfavorite':
      return `${(await unfavoriteVideos(main, who, ids(selected))).message}. They stay in this tab until the list reloads.`;
    case 'flag':
      if (!reason) throw new Error('Choose a reason first.');
      return `${(await flagVideos(main, who, ids(selected), reason)).message}. You find them under Flagged.`;
    case 'unflag': {
      const message = (await unflagVideos(main, who, ids(selected))).message;
      const { own, competitors } = byOwnership(selected);
      const places = [own.length > 0 ? destination(false) : null, competitors.length > 0 ? destination(true) : null].filter(Boolean);
      return `${message}. Moved to ${places.join(' and ')}.`;
    }
    case 'trash': {
      const results = await split(selected, (group, competitors) =>
        trashVideos(main, who, group.map(({ video_id, manufacturer_ids }) => ({ video_id, manufacturer_ids })), competitors));
      return results.map(({ response }) => response.message).join('; ');
    }
    case 'restore': {
      const results = await split(selected, (group, competitors) => untrashVideos(main, who, ids(group), competitors));
      return results.map(({ response, competitors }) => `${response.message} to ${destination(competitors)}`).join('; ');
    }
    case 'delete': {
      const results = await split(selected, (group, competitors) => deleteVideos(main, who, ids(group), competitors));
      return results.map(({ response }) => response.message).join('; ');
    }
    case 'publish':
      return (await publishVideos(main, who, ids(selected), true)).message;
    case 'download':
      // Downloads run in the host, not against the back end: BulkActions hands them to the downloads feature.
      throw new Error('Downloads are started by the downloads feature.');
  }
}
