import { homedir } from 'node:os';
import { join } from 'node:path';
import { PRODUCT_NAME } from '../shared/constants';

/**
 * The OS application-data folder for Reelscope: `%APPDATA%\Reelscope` on Windows,
 * `~/Library/Application Support/Reelscope` on macOS, `$XDG_DATA_HOME/Reelscope` or `~/.local/share/Reelscope` elsewhere.
 */
export function defaultDataDir(platform: NodeJS.Platform = process.platform, env: NodeJS.ProcessEnv = process.env, home: string = homedir()): string {
  if (platform === 'win32') return join(env.APPDATA ?? join(home, 'AppData', 'Roaming'), PRODUCT_NAME);
  if (platform === 'darwin') return join(home, 'Library', 'Application Support', PRODUCT_NAME);
  const xdg = env.XDG_DATA_HOME;
  // The XDG spec says a relative XDG_DATA_HOME is invalid and must be ignored.
  return join(xdg && xdg.startsWith('/') ? xdg : join(home, '.local', 'share'), PRODUCT_NAME);
}
