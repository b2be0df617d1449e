import { app, Notification } from 'electron';
import type { BadgePort, Notifier } from '../services/ports';

/** OS notifications; falls back to stderr where the platform has none. */
export function createElectronNotifier(): Notifier {
  return {
    notify(title, body) {
      try {
        if (Notification.isSupported()) new Notification({ title, body }).show();
        else process.stderr.write(`[Reelscope] ${title}: ${body}\n`);
      } catch {
        // A notice must never take the app down.
      }
    },
  };
}

/** The unread chat count on the macOS dock and Linux launchers (Windows shows none: an overlay icon would need artwork). */
export function createElectronBadge(): BadgePort {
  return {
    setCount(count) {
      try {
        app.setBadgeCount(count);
      } catch {
        // A badge must never take the app down.
      }
    },
  };
}
