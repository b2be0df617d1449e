import { useCallback, useEffect } from 'react';
import { useAtomValue, useSetAtom } from 'jotai';
import { useServices } from '../../../app/useServices';
import { host } from '../../../host/hostClient';
import { useRefetchOnReturn } from '../../../lib/reconnect';
import { useRefetchOnChange } from '../../../lib/liveChanges';
import { lastListBodyAtom, listQueryAtom, loadVideoListAtom, videoListSlice } from './videoList.atoms';

/** Loads the list whenever its query changes (not again on a remount with the same query); reload() forces. */
export function useVideoList() {
  const { api } = useServices();
  const query = useAtomValue(listQueryAtom);
  const state = useAtomValue(videoListSlice.state);
  const body = useAtomValue(lastListBodyAtom);
  const load = useSetAtom(loadVideoListAtom);
  const key = query ? JSON.stringify(query) : null;

  useEffect(() => {
    if (key !== null) void load(api.main);
  }, [key, load, api.main]);

  const reload = useCallback(() => load(api.main, { force: true }), [load, api.main]);
  useRefetchOnReturn(reload);
  // A teammate's change (or an analysis, a publish job, a license) reaches the list and its counts without a reload.
  useRefetchOnChange(['video', 'note', 'flag', 'favorite', 'trash', 'label', 'analysis', 'publish', 'license', 'campaign'], () => load(api.main, { force: true, quiet: true }));

  // A video finished its analysis while the list was open: show its new sentiment and stage without a manual reload.
  useEffect(() => host().on('analysis.completed', () => void reload()), [reload]);
  return { state, body, reload, hasBrand: query !== null };
}
