import { Notification } from 'electron';
import type { Notifier } from '../services/ports';

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
