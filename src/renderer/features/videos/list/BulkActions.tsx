import { useState } from 'react';
import { useAtomValue, useSetAtom } from 'jotai';
import { useServices } from '../../../app/useServices';
import { toFailure } from '../../../lib/httpFailure';
import { pushBannerAtom } from '../../../ui/banner';
import { useStartDownloads } from '../../downloads';
import type { BlockedVideo } from '../../appManager';
import { blockedInSelection } from '../../appManager';
import { savedVideoIds } from '../../library';
import { fetchPublishRights } from '../videos.api';
import { BulkActionDialog } from './BulkActionDialog';
import { PublishCheckDialog } from './PublishCheckDialog';
import { SelectionBar } from './SelectionBar';
import type { BulkAction } from './bulkActions';
import { BULK_ACTIONS, runBulkAction } from './bulkActions';
import { clearSelectionsAtom, identityAtom, patchRowsAtom, selectionsAtom } from './videoList.atoms';
import type { ReportReason, SelectedVideo, VideoTab } from './videoList.types';

interface BulkActionsProps {
  tab: VideoTab;
  matching: number;
  /** Reloads the list after the back end changed it. */
  reload: () => Promise<void>;
}

/** Check mode, selection lists and the bulk actions with their confirm flows. */
export function BulkActions({ tab, matching, reload }: BulkActionsProps) {
  const { api } = useServices();
  const who = useAtomValue(identityAtom);
  const selections = useAtomValue(selectionsAtom);
  const clear = useSetAtom(clearSelectionsAtom);
  const patchRows = useSetAtom(patchRowsAtom);
  const banner = useSetAtom(pushBannerAtom);
  const [pending, setPending] = useState<BulkAction | null>(null);
  const [running, setRunning] = useState(false);
  // The selected videos a publish would be refused for: asked about before anything is sent.
  const [publishBlocked, setPublishBlocked] = useState<BlockedVideo[] | null>(null);
  const startDownloads = useStartDownloads();

  /**
   * Downloads run in the host: each selected video is handed over (ones already downloading are skipped, and ones
   * already saved on this computer are not downloaded twice).
   */
  const download = async () => {
    const saved = await savedVideoIds().catch(() => new Set<string>());
    const chosen = Object.values(selections.download).flatMap((entry) =>
      entry.platform ? [{ videoId: entry.video_id, title: entry.title ?? entry.video_id, platform: entry.platform }] : [],
    );
    const videos = chosen.filter((video) => !saved.has(video.videoId));
    const already = chosen.length - videos.length;
    const started = await startDownloads(videos);
    const parts = [
      started > 0 ? `Downloading ${started} video${started === 1 ? '' : 's'}; follow the progress in the transfers tray.` : '',
      already > 0 ? `${already} ${already === 1 ? 'was' : 'were'} already saved on this computer: find ${already === 1 ? 'it' : 'them'} in the offline library.` : '',
    ].filter(Boolean);
    if (parts.length > 0) banner(parts.join(' '), 'success');
    clear();
  };

  /** Runs an action on the selection, or on `chosen` (part of it). */
  const run = async (action: BulkAction, reason?: ReportReason, chosen?: SelectedVideo[]): Promise<string> => {
    if (!who) throw new Error('Choose a brand first.');
    const selected = chosen ?? Object.values(selections[action.kind]);
    try {
      const message = await runBulkAction(action.id, { main: api.main, who, selected, reason });
      // Unfavorited videos stay in the current tab (spec §4); every other change reloads what the tab holds.
      if (action.id === 'unfavorite') patchRows(selected.map((entry) => entry.video_id), { is_favorite: false });
      else void reload();
      return message;
    } catch (error) {
      const text = `${action.title} failed: ${toFailure(error).error}`;
      banner(text, 'error');
      // Part of a split call may have gone through: show the truth.
      void reload();
      throw new Error(text, { cause: error });
    }
  };

  /**
   * The selected videos the shopper app would refuse, each with why: the rights gate's own rule (`publishingBlock`) run
   * on the rights the back end answers for the selection, before the publish itself is sent.
   */
  const publishBlocks = async (): Promise<BlockedVideo[]> => {
    if (!who) throw new Error('Choose a brand first.');
    try {
      return blockedInSelection((await fetchPublishRights(api.main, who, Object.keys(selections.publish))).videos, new Date());
    } catch (error) {
      banner(`${BULK_ACTIONS.publish.title} failed: ${toFailure(error).error}`, 'error');
      throw error;
    }
  };

  const act = async (action: BulkAction) => {
    if (action.id === 'download') return download();
    if (action.ask !== 'none') {
      setPending(action);
      return;
    }
    setRunning(true);
    try {
      if (action.id === 'publish') {
        const blocked = await publishBlocks();
        if (blocked.length > 0) {
          setPublishBlocked(blocked);
          return;
        }
      }
      banner(await run(action), 'success');
      clear();
    } catch {
      // run() already told the person what failed; the selection stays for another try.
    } finally {
      setRunning(false);
    }
  };

  return (
    <>
      <div aria-busy={running}>
        <SelectionBar tab={tab} matching={matching} onAct={(action) => void act(action)} />
      </div>
      {pending && (
        <BulkActionDialog
          action={pending}
          count={Object.keys(selections[pending.kind]).length}
          run={(reason) => run(pending, reason)}
          onClose={(done) => {
            setPending(null);
            if (done) clear();
          }}
        />
      )}
      {publishBlocked && (
        <PublishCheckDialog
          blocked={publishBlocked}
          selected={Object.keys(selections.publish).length}
          publishRest={() => {
            const blocked = new Set(publishBlocked.map((video) => video.id));
            return run(BULK_ACTIONS.publish, undefined, Object.values(selections.publish).filter((video) => !blocked.has(video.video_id)));
          }}
          onClose={(done) => {
            setPublishBlocked(null);
            if (done) clear();
          }}
        />
      )}
    </>
  );
}
