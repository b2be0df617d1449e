import type { Session, WebContents } from 'electron';
import { BrowserWindow, shell } from 'electron';
import { PRODUCT_NAME } from '../../shared/constants';
import { isAppUrl, isSafeExternalUrl } from '../services/originPolicy';
import type { InitialWindow } from '../services/windowState.service';

/** Permissions the app's own pages may use; everything else (camera, geolocation, notifications…) is denied. */
const ALLOWED_PERMISSIONS = new Set(['fullscreen', 'clipboard-sanitized-write']);

/** Opens https links in the system browser after validation; anything else is dropped. */
function openExternally(url: string): void {
  if (isSafeExternalUrl(url)) void shell.openExternal(url);
}

/**
 * Applied to every webContents the app creates (windows and embeds): no navigation away from the app,
 * no new windows (https links go to the system browser), no <webview>.
 */
export function hardenWebContents(contents: WebContents, devServerUrl: string | null): void {
  contents.on('will-navigate', (event, url) => {
    if (isAppUrl(url, devServerUrl)) return;
    event.preventDefault();
    openExternally(url);
  });
  contents.on('will-redirect', (event, url) => {
    // Only the top frame is held to the app origin; embeds redirect freely inside their own frames.
    if (event.isMainFrame && !isAppUrl(url, devServerUrl)) event.preventDefault();
  });
  contents.setWindowOpenHandler(({ url }) => {
    openExternally(url);
    return { action: 'deny' };
  });
  contents.on('will-attach-webview', (event) => event.preventDefault());
}

/** Denies every permission request and check by default; allows a short list to the app's own pages only. */
export function restrictPermissions(session: Session, devServerUrl: string | null): void {
  session.setPermissionRequestHandler((contents, permission, callback) => {
    callback(ALLOWED_PERMISSIONS.has(permission) && isAppUrl(contents.getURL(), devServerUrl));
  });
  session.setPermissionCheckHandler((_contents, permission, requestingOrigin) => {
    return ALLOWED_PERMISSIONS.has(permission) && isAppUrl(requestingOrigin, devServerUrl);
  });
}

/** Size of a first start and the smallest the window may get. */
export const WINDOW_DEFAULTS = { width: 1440, height: 900, minWidth: 1024, minHeight: 700 } as const;

/** The main window, configured per the Electron security checklist, at the size and place it had last time. */
export function createMainWindow(options: { preload: string; startUrl: string; icon?: string; initial?: InitialWindow }): BrowserWindow {
  const initial = options.initial;
  const window = new BrowserWindow({
    title: PRODUCT_NAME,
    width: initial?.width ?? WINDOW_DEFAULTS.width,
    height: initial?.height ?? WINDOW_DEFAULTS.height,
    ...(initial?.x !== undefined && initial.y !== undefined ? { x: initial.x, y: initial.y } : {}),
    minWidth: WINDOW_DEFAULTS.minWidth,
    minHeight: WINDOW_DEFAULTS.minHeight,
    show: false,
    icon: options.icon,
    webPreferences: {
      preload: options.preload,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      experimentalFeatures: false,
      webviewTag: false,
      navigateOnDragDrop: false,
      spellcheck: false,
      // Middle-click would open links in a new window; setWindowOpenHandler denies those, this removes the path.
      disableBlinkFeatures: 'Auxclick',
    },
  });
  window.once('ready-to-show', () => {
    if (initial?.maximized) window.maximize();
    if (initial?.fullScreen) window.setFullScreen(true);
    window.show();
  });
  void window.loadURL(options.startUrl);
  return window;
}
