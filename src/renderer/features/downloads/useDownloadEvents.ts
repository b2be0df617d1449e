import { useEffect } from 'react';
import { useSetAtom, useStore } from 'jotai';
import { host } from '../../host/hostClient';
import { pushBannerAtom } from '../../ui/banner';
import { ACTIVE_DOWNLOAD_STATES, downloadsAtom, upsertDownloadAtom, upsertExportAtom } from './downloads.atoms';
import { downloadsHost } from './downloads.host';

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

/** Keeps the download and export atoms in step with the host's events; mounted once, by the tray. */
export function useDownloadEvents(): void {
  const store = useStore();
  const upsertDownload = useSetAtom(upsertDownloadAtom);
  const upsertExport = useSetAtom(upsertExportAtom);
  const banner = useSetAtom(pushBannerAtom);

  useEffect(() => {
    let alive = true;
    // Downloads still running from before this window loaded (or before a reload) are the host's: show them. Ones
    // that finished earlier are in the offline library; the tray does not bring them back.
    downloadsHost
      .list()
      .then((list) => {
        if (!alive) return;
        const known = store.get(downloadsAtom);
        const next = { ...known };
        for (const entry of list) if (ACTIVE_DOWNLOAD_STATES.has(entry.state)) next[entry.downloadId] ??= entry;
        store.set(downloadsAtom, next);
      })
      .catch(() => undefined);
    const offDownloads = host().on('downloads.progress', (progress) => {
      const before = store.get(downloadsAtom)[progress.downloadId];
      upsertDownload(progress);
      if (before?.state === progress.state) return;
      if (progress.state === 'completed') banner(`Downloaded “${progress.title}”. It is in your offline library.`, 'success');
      if (progress.state === 'failed') banner(`The download of “${progress.title}” failed: ${progress.error ?? 'unknown error'}`, 'error');
    });
    const offExports = host().on('transcripts.exportProgress', (progress) => {
      upsertExport(progress);
      if (progress.state === 'completed') banner(`Exported ${plural(progress.done, 'transcript')} to ${progress.directory}`, 'success');
      if (progress.state === 'failed') banner(`The transcript export failed: ${progress.error ?? 'unknown error'}`, 'error');
    });
    return () => {
      alive = false;
      offDownloads();
      offExports();
    };
  }, [store, upsertDownload, upsertExport, banner]);
}
