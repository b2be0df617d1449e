import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { _electron as electron, expect, test } from '@playwright/test';
import { LoginPage } from '../pages/LoginPage';

const require = createRequire(import.meta.url);

/**
 * Electron's executable, or null when it is not installed (ELECTRON_SKIP_BINARY_DOWNLOAD).
 * Read from electron's path.txt rather than require('electron'), which would try to download it.
 */
function electronBinary(): string | null {
  try {
    const pkgDir = dirname(require.resolve('electron/package.json'));
    const pathFile = join(pkgDir, 'path.txt');
    if (!existsSync(pathFile)) return null;
    const binary = join(process.env.ELECTRON_OVERRIDE_DIST_PATH || join(pkgDir, 'dist'), readFileSync(pathFile, 'utf8').trim());
    return existsSync(binary) ? binary : null;
  } catch {
    return null;
  }
}

const binary = electronBinary();
const SKIP_REASON = "Electron's binary is not installed here (ELECTRON_SKIP_BINARY_DOWNLOAD), so the desktop smoke test cannot run; the same app is covered in the browser by tests/e2e/web.";
if (!binary) console.log(`SKIPPED tests/e2e/electron: ${SKIP_REASON}`);

test.describe('Reelscope desktop app', () => {
  test.skip(!binary, SKIP_REASON);

  test('starts, runs the embedded back end and shows the login page', async () => {
    const main = join(process.cwd(), 'out/main/index.js');
    test.skip(!existsSync(main), 'The app is not built: run `npm run build` first.');
    const dataDir = mkdtempSync(join(tmpdir(), 'reelscope-electron-'));
    const app = await electron.launch({
      executablePath: binary!,
      args: [process.cwd()],
      env: { ...process.env, REELSCOPE_DATA_DIR: dataDir, REELSCOPE_PORT: '0' } as Record<string, string>,
    });
    try {
      const window = await app.firstWindow();
      expect(window.url()).toMatch(/^app:\/\/reelscope\//);
      const login = new LoginPage(window);
      await expect(login.email).toBeVisible({ timeout: 30_000 });
      await expect(login.submit).toBeVisible();
      // The renderer reaches the host only through the preload bridge (plus pathForFile for dropped files), and Node is not exposed.
      expect(await window.evaluate(() => Object.keys((window as unknown as Record<string, object>).reelscopeHost ?? {}).sort())).toEqual(['invoke', 'on', 'pathForFile']);
      expect(await window.evaluate(() => typeof (globalThis as Record<string, unknown>).require)).toBe('undefined');
    } finally {
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
