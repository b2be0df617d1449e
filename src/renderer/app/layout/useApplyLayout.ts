import { useEffect } from 'react';
import { useAtomValue, useSetAtom } from 'jotai';
import { host } from '../../host/hostClient';
import { settingsAtom } from '../boot/boot.atoms';
import { layoutPrefsAtom } from './layoutPrefs.atoms';

/** Mirrors the skin and direction onto <html> and follows settings changed elsewhere (another window). */
export function useApplyLayout(): void {
  const prefs = useAtomValue(layoutPrefsAtom);
  const setPrefs = useSetAtom(layoutPrefsAtom);
  const setSettings = useSetAtom(settingsAtom);

  useEffect(() => {
    const root = document.documentElement;
    root.dataset.skin = prefs.skin;
    root.dir = prefs.rtl ? 'rtl' : 'ltr';
    root.style.colorScheme = prefs.skin;
  }, [prefs.skin, prefs.rtl]);

  useEffect(
    () =>
      host().on('settings.changed', (settings) => {
        setSettings(settings);
        setPrefs(settings.layout);
      }),
    [setPrefs, setSettings],
  );
}
