import { chmodSync, existsSync, mkdirSync } from 'node:fs';
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

/**
 * Every file and folder the calling process creates from now on is its owner's alone (0600 files, 0700 folders) on
 * Linux and macOS: the workspace holds a brand's unpublished videos, its analysis and the signing secrets. Called
 * first thing by each process that writes the data folder (back end, web host, Electron main). No-op on Windows,
 * where %APPDATA% is already per user.
 */
export function usePrivateFileModes(platform: NodeJS.Platform = process.platform): void {
  if (platform !== 'win32') process.umask(0o077);
}

/**
 * Creates the data folder private, and tightens one an earlier version created world-readable: the folder itself
 * 0700 (which closes everything below it) and the database files 0600.
 */
export function preparePrivateDataDir(dataDir: string, platform: NodeJS.Platform = process.platform): void {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  if (platform === 'win32') return;
  chmodSync(dataDir, 0o700);
  for (const name of ['reelscope.sqlite', 'reelscope.sqlite-wal', 'reelscope.sqlite-shm', 'settings.json']) {
    const file = join(dataDir, name);
    if (existsSync(file)) chmodSync(file, 0o600);
  }
  const media = join(dataDir, 'media');
  if (existsSync(media)) chmodSync(media, 0o700);
}

/**
 * Where the embedded back end's log goes (REELSCOPE_LOG_FILE as the desktop app and the web host set it): inside the
 * data folder, so the console stays quiet and a support case can ask for one file.
 */
export function embeddedLogFile(dataDir: string): string {
  return join(dataDir, 'logs', 'backend.log');
}
