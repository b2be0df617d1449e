import { useCallback } from 'react';
import { useAtomValue, useSetAtom, useStore } from 'jotai';
import type { Platform } from '../../../shared/constants';
import { canDownload } from '../../../shared/rules';
import { pushBannerAtom } from '../../ui/banner';
import { activeDownloadOf, downloadsAtom, startingAtom, trayExpandedAtom, upsertDownloadAtom } from './downloads.atoms';
import type { DownloadProgress } from '../../../shared/ipc/desktop.schemas';
import { downloadsHost } from './downloads.host';

export interface VideoToDownload {
  videoId: string;
  title: string;
  platform: Platform;
}

/** Starts downloads; a video already downloading (or being started) is skipped, so a second click does nothing. */
export function useStartDownloads(): (videos: readonly VideoToDownload[]) => Promise<number> {
  const store = useStore();
  const upsert = useSetAtom(upsertDownloadAtom);
  const banner = useSetAtom(pushBannerAtom);
  return useCallback(
    async (videos) => {
      let started = 0;
      for (const video of videos) {
        if (!canDownload(video.platform)) continue;
        const starting = store.get(startingAtom);
        if (starting.has(video.videoId) || activeDownloadOf(store.get(downloadsAtom), video.videoId)) continue;
        store.set(startingAtom, new Set([...starting, video.videoId]));
        try {
          const { downloadId } = await downloadsHost.start(video.videoId, video.title, video.platform);
          // Show the entry at once; downloads.progress fills in the numbers.
          if (!store.get(downloadsAtom)[downloadId]) {
            const queued: DownloadProgress = { downloadId, videoId: video.videoId, title: video.title, state: 'queued', bytes: 0, total: null, bytesPerSecond: 0 };
            upsert(queued);
          }
          started += 1;
        } catch (error) {
          banner(`The download of “${video.title}” could not start: ${error instanceof Error ? error.message : String(error)}`, 'error');
        } finally {
          const now = new Set(store.get(startingAtom));
          now.delete(video.videoId);
          store.set(startingAtom, now);
        }
      }
      if (started > 0) store.set(trayExpandedAtom, true);
      return started;
    },
    [store, upsert, banner],
  );
}

/** One video's download: whether it runs (and how far), and a start that ignores clicks while it does. */
export function useVideoDownload(video: VideoToDownload | null): { active: DownloadProgress | null; busy: boolean; start: () => void } {
  const downloads = useAtomValue(downloadsAtom);
  const starting = useAtomValue(startingAtom);
  const startDownloads = useStartDownloads();
  const active = video ? activeDownloadOf(downloads, video.videoId) : null;
  const busy = Boolean(video && (active || starting.has(video.videoId)));
  const start = useCallback(() => {
    if (video && !busy) void startDownloads([video]);
  }, [video, busy, startDownloads]);
  return { active, busy, start };
}
