import { useCallback } from 'react';
import { useAtom, useSetAtom } from 'jotai';
import type { LayoutPrefs } from '../../../shared/ipc/settings.schemas';
import { host } from '../../host/hostClient';
import { pushBannerAtom } from '../../ui/banner/banner.atoms';
import { settingsAtom } from '../boot/boot.atoms';
import { layoutPrefsAtom } from './layoutPrefs.atoms';

/** The layout preferences and a setter that applies at once and persists through host settings.update. */
export function useLayoutPrefs(): [LayoutPrefs, (patch: Partial<LayoutPrefs>) => void] {
  const [prefs, setPrefs] = useAtom(layoutPrefsAtom);
  const setSettings = useSetAtom(settingsAtom);
  const pushBanner = useSetAtom(pushBannerAtom);

  const update = useCallback(
    (patch: Partial<LayoutPrefs>) => {
      setPrefs((previous) => ({ ...previous, ...patch }));
      host()
        .invoke('settings.update', { layout: patch })
        .then(setSettings)
        .catch((error: unknown) => pushBanner(error instanceof Error ? error.message : String(error), 'error'));
    },
    [setPrefs, setSettings, pushBanner],
  );
  return [prefs, update];
}
