import type { MenuItemConstructorOptions } from 'electron';
import { app, Menu } from 'electron';
import { PRODUCT_NAME } from '../../shared/constants';
import type { NavigateRequest } from '../../shared/ipc/app.schemas';

export interface AppMenuActions {
  /** Opens a route in the renderer (app.navigate). */
  navigate: (request: NavigateRequest) => void;
  /** Flips the layout skin between light and dark (settings.update, which every window follows). */
  toggleDarkMode: () => void;
  /** Asks the feed for an update now. */
  checkForUpdates: (() => void) | null;
}

/** The main screens, with CmdOrCtrl+1…9 in the order of the side navigation. */
const SCREENS: readonly { label: string; path: string; key: string }[] = [
  { label: 'Home', path: '/home', key: '1' },
  { label: 'Videos', path: '/videos', key: '2' },
  { label: 'Products', path: '/products', key: '3' },
  { label: 'Creators', path: '/creators', key: '4' },
  { label: 'Campaigns', path: '/campaigns', key: '5' },
  { label: 'Reports', path: '/reports', key: '6' },
  { label: 'Assistant', path: '/assistant', key: '7' },
  { label: 'Offline library', path: '/library', key: '8' },
];

/** The native menu with the usual shortcuts: search, go to each main screen, reload, zoom, dark mode, full screen. */
export function installAppMenu(actions: AppMenuActions, devTools: boolean): void {
  const mac = process.platform === 'darwin';
  const go = (path: string) => () => actions.navigate({ path });
  const template: MenuItemConstructorOptions[] = [
    ...(mac ? [{ label: PRODUCT_NAME, submenu: [{ role: 'about' }, { type: 'separator' }, { role: 'hide' }, { role: 'hideOthers' }, { role: 'unhide' }, { type: 'separator' }, { role: 'quit' }] } satisfies MenuItemConstructorOptions] : []),
    {
      label: 'File',
      submenu: [
        { label: 'Search videos…', accelerator: 'CmdOrCtrl+F', click: () => actions.navigate({ path: '/videos', focus: 'search' }) },
        { label: 'Search offline transcripts…', accelerator: 'CmdOrCtrl+Shift+F', click: () => actions.navigate({ path: '/library', focus: 'search' }) },
        { type: 'separator' },
        { label: 'Settings', accelerator: 'CmdOrCtrl+,', click: go('/settings') },
        ...(actions.checkForUpdates ? [{ label: 'Check for updates', click: actions.checkForUpdates }] : []),
        { type: 'separator' },
        mac ? { role: 'close' } : { role: 'quit' },
      ],
    },
    { role: 'editMenu' },
    {
      label: 'Go',
      submenu: SCREENS.map((screen) => ({ label: screen.label, accelerator: `CmdOrCtrl+${screen.key}`, click: go(screen.path) })),
    },
    {
      label: 'View',
      submenu: [
        { role: 'reload' },
        { role: 'forceReload' },
        ...(devTools ? [{ role: 'toggleDevTools' } satisfies MenuItemConstructorOptions] : []),
        { type: 'separator' },
        { role: 'resetZoom' },
        { role: 'zoomIn' },
        { role: 'zoomOut' },
        { type: 'separator' },
        { label: 'Toggle dark mode', accelerator: 'CmdOrCtrl+Shift+D', click: actions.toggleDarkMode },
        { role: 'togglefullscreen' },
      ],
    },
    { role: 'windowMenu' },
    { role: 'help', submenu: [{ label: `About ${PRODUCT_NAME}`, click: () => app.showAboutPanel() }] },
  ];
  Menu.setApplicationMenu(Menu.buildFromTemplate(template));
}
