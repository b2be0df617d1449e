import type { Notifier } from '../services/ports';

/** Notices for hosts without OS notifications (the web host): one line on stderr. */
export function createConsoleNotifier(write: (line: string) => void = (line) => process.stderr.write(line)): Notifier {
  return {
    notify(title, body) {
      try {
        write(`[Reelscope] ${title}: ${body}\n`);
      } catch {
        // A notice must never take the host down.
      }
    },
  };
}
