/** Electron main entry: everything happens in the composition root. */
import { runElectronApp } from './electron/main';

runElectronApp().catch((error: unknown) => {
  process.stderr.write(`Reelscope failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
