import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { app, BrowserWindow, session } from 'electron';
import { DEFAULT_BACKEND_PORT, KEYCHAIN_SERVICE, PRODUCT_NAME } from '../../shared/constants';
import { defaultDataDir, embeddedLogFile, usePrivateFileModes } from '../../server/dataDir';
import { createKeytarSecretStore } from '../adapters/keytarSecretStore';
import { createAtomicFile } from '../adapters/nodeAtomicFile';
import { contentSecurityPolicy } from '../services/contentSecurityPolicy';
import { createHostServices } from '../services/hostServices';
import { APP_ORIGIN } from '../services/originPolicy';
import { systemClock } from '../services/ports';
import { handleAppProtocol, registerAppScheme } from './appProtocol';
import { createElectronDesktopPorts } from './desktopPorts';
import { registerIpc } from './ipc';
import { handleMediaProtocol } from './mediaProtocol';
import { createElectronBadge, createElectronNotifier } from './notifier';
import { createSafeStorageAdapter } from './safeStorageAdapter';
import { DEEP_LINK_SCHEME, deepLinkInArgs, routeOfDeepLink } from '../../shared/deepLinks';
import { installAppMenu } from './appMenu';
import { createElectronUpdaterPort } from './updater';
import { createUtilityProcessSpawner } from './utilityProcessSpawner';
import { WINDOW_DEFAULTS, createMainWindow, hardenWebContents, restrictPermissions } from './window';
import { restoredWindow } from './windowState';

/** out/main — the built index.js, backend.js and the sibling preload and renderer folders live around it. */
const OUT_MAIN = fileURLToPath(new URL('.', import.meta.url));

const log = (message: string) => process.stderr.write(message.endsWith('\n') ? message : `${message}\n`);

/**
 * The Electron composition root: single instance, app:// protocol, hardened windows, IPC, the embedded
 * back end in a utility process, and the update check. Everything else lives in plain services.
 */
export async function runElectronApp(): Promise<void> {
  // Before 'ready': privileged schemes can only be declared now.
  registerAppScheme();
  app.setName(PRODUCT_NAME);
  if (!app.requestSingleInstanceLock()) {
    app.quit();
    return;
  }
  // electron-vite sets this only in `electron-vite dev`; a packaged build never trusts a dev server.
  const devServerUrl = !app.isPackaged && process.env.ELECTRON_RENDERER_URL ? process.env.ELECTRON_RENDERER_URL : null;
  app.on('web-contents-created', (_event, contents) => hardenWebContents(contents, devServerUrl));
  registerDeepLinkScheme();
  // macOS delivers deep links through open-url, possibly before 'ready': keep the route until a window can take it.
  let pendingRoute: string | null = deepLinkInArgs(process.argv);
  let openRoute: (route: string) => void = (route) => (pendingRoute = route);
  app.on('open-url', (event, url) => {
    event.preventDefault();
    const route = routeOfDeepLink(url);
    if (route) openRoute(route);
  });

  await app.whenReady();

  usePrivateFileModes();
  const dataDir = process.env.REELSCOPE_DATA_DIR || defaultDataDir();
  let mainWindow: BrowserWindow | null = null;
  const services = createHostServices({
    app: { name: PRODUCT_NAME, version: app.getVersion(), platform: process.platform, runtime: 'electron' },
    settingsFile: createAtomicFile(join(dataDir, 'settings.json')),
    keychain: await createKeytarSecretStore(KEYCHAIN_SERVICE, log),
    encrypted: { store: createSafeStorageAdapter(), file: createAtomicFile(join(app.getPath('userData'), 'session.enc')) },
    spawner: createUtilityProcessSpawner(log),
    notifier: createElectronNotifier(),
    badge: createElectronBadge(),
    clock: systemClock,
    backend: {
      entry: join(OUT_MAIN, 'backend.js'),
      dataDir,
      env: {
        REELSCOPE_PORT: process.env.REELSCOPE_PORT || String(DEFAULT_BACKEND_PORT),
        // The back end's CORS list must name the renderer's origin (and the dev server during development).
        REELSCOPE_ALLOWED_ORIGINS: [APP_ORIGIN, devServerUrl ? new URL(devServerUrl).origin : null].filter(Boolean).join(','),
        // The widget embed's bundle (npm run build:embed), served at /metrics/embed.js; a checkout bundles from source.
        REELSCOPE_EMBED_JS: join(OUT_MAIN, '..', 'embed', 'embed.js'),
        REELSCOPE_LOG_FILE: embeddedLogFile(dataDir),
      },
      forcedUrl: process.env.REELSCOPE_BACKEND_URL || null,
    },
    log,
    desktop: createElectronDesktopPorts(dataDir, () => mainWindow),
    // Packaged: electron-builder copies resources/fonts next to the app (extraResources); dev finds the repository's.
    fontsDir: app.isPackaged ? join(process.resourcesPath, 'fonts') : undefined,
    // Only a packaged build has an update feed (app-update.yml); development runs answer updates.status unsupported.
    updater: app.isPackaged ? createElectronUpdaterPort() : null,
  });
  await services.settings.load();
  // The first-analysis poll resumes from the stored marker (issue 5), whether or not a window is open.
  services.ingest.firstAnalysis.evaluate();
  // Scheduled reports missed while the app was closed are written now (once the back end is up).
  services.reportSchedules.start();
  services.licenseNotices.start();

  handleAppProtocol(join(OUT_MAIN, '../renderer'), () => {
    const info = services.backend.info();
    // The embedded back end is on 127.0.0.1 (already allowed); a hosted one must be named explicitly.
    return contentSecurityPolicy(info.mode === 'hosted' && info.origin ? [info.origin] : []);
  });
  handleMediaProtocol(services.desktop.library);
  restrictPermissions(session.defaultSession, devServerUrl);
  registerIpc(services.handlers, services.events, devServerUrl);

  const startUrl = devServerUrl ?? `${APP_ORIGIN}/index.html`;
  const preload = join(OUT_MAIN, '../preload/index.cjs');
  const placement = await restoredWindow(dataDir, WINDOW_DEFAULTS);
  const openWindow = (route: string | null) => {
    // A route at start goes into the URL's hash (the hash router reads it); later ones travel as app.navigate.
    const window = createMainWindow({ preload, startUrl: route ? `${startUrl}#${route}` : startUrl, initial: placement.initial });
    placement.track(window);
    window.on('closed', () => (mainWindow = null));
    return window;
  };
  mainWindow = openWindow(pendingRoute);
  const focusWindow = () => {
    if (!mainWindow) mainWindow = openWindow(null);
    if (mainWindow.isMinimized()) mainWindow.restore();
    mainWindow.focus();
  };
  openRoute = (route) => {
    focusWindow();
    services.events.emit('app.navigate', { path: route });
  };

  installAppMenu(
    {
      navigate: (request) => {
        focusWindow();
        services.events.emit('app.navigate', request);
      },
      toggleDarkMode: () => {
        const skin = services.settings.get().layout.skin === 'dark' ? 'light' : 'dark';
        void services.settings.update({ layout: { skin } }).catch((error: unknown) => log(`dark mode toggle failed: ${String(error)}`));
      },
      checkForUpdates: services.updates ? () => services.updates?.checkNow() : null,
    },
    !app.isPackaged,
  );

  app.on('second-instance', (_event, argv) => {
    // Windows and Linux start a second instance for a deep link; it quits at once and hands us its arguments.
    const route = deepLinkInArgs(argv);
    if (route) openRoute(route);
    else focusWindow();
  });
  app.on('activate', () => {
    // macOS: clicking the dock icon with no window open reopens one.
    if (BrowserWindow.getAllWindows().length === 0) mainWindow = openWindow(null);
  });
  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit();
  });

  let backendStopped = false;
  app.on('before-quit', (event) => {
    if (backendStopped) return;
    // Hold the quit until the back end has closed its database cleanly, then quit for real.
    event.preventDefault();
    void services.backend.stop().finally(() => {
      backendStopped = true;
      app.quit();
    });
  });

  void services.backend.start().then((info) => {
    if (info.state === 'failed') log(`The back end is not available: ${info.error ?? 'unknown error'}`);
  });
  // At start and every four hours; never restarts by itself (the renderer offers "Restart to update").
  services.updates?.start();
}

/** Makes the OS open reelscope:// links with this app (in development, with the script path as argument). */
function registerDeepLinkScheme(): void {
  if (process.defaultApp && process.argv.length >= 2) {
    app.setAsDefaultProtocolClient(DEEP_LINK_SCHEME, process.execPath, [resolve(process.argv[1] ?? '.')]);
  } else {
    app.setAsDefaultProtocolClient(DEEP_LINK_SCHEME);
  }
}
