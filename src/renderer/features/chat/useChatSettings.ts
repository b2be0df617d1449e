import { useSetAtom, useStore } from 'jotai';
import { useCallback } from 'react';
import type { ChatSettings } from '../../../shared/ipc/settings.schemas';
import { settingsAtom } from '../../app/boot/boot.atoms';
import { host } from '../../host/hostClient';
import { chatSettingsAtom } from './chat.atoms';

/**
 * Changes chat settings through the host (which keeps them on disk), one change at a time: each reads the newest
 * settings, so two quick changes (a send and a read) never undo each other.
 */
export function useChatSettings(): (change: (current: ChatSettings) => Partial<ChatSettings>) => Promise<void> {
  const store = useStore();
  const setSettings = useSetAtom(settingsAtom);
  return useCallback(async (change) => {
    const run = queue.then(async () => {
      const patch = change(store.get(chatSettingsAtom));
      if (Object.keys(patch).length === 0) return;
      const current = store.get(settingsAtom);
      if (current) setSettings({ ...current, chat: { ...current.chat, ...patch } });
      setSettings(await host().invoke('settings.update', { chat: patch }));
    });
    queue = run.catch(() => undefined);
    return run;
  }, [store, setSettings]);
}
let queue: Promise<void> = Promise.resolve();
