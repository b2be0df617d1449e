import type { IconName } from '../../ui/icons';

export interface NavItem {
  to: string;
  label: string;
  icon: IconName;
}

/** The left navigation, in the order a brand team works through it. */
export const NAV_ITEMS: readonly NavItem[] = [
  { to: '/home', label: 'Home', icon: 'home' },
  { to: '/videos', label: 'Videos', icon: 'video' },
  { to: '/products', label: 'Products', icon: 'product' },
  { to: '/creators', label: 'Creators', icon: 'creators' },
  { to: '/campaigns', label: 'Campaigns', icon: 'campaign' },
  { to: '/licensing', label: 'Licensing', icon: 'license' },
  { to: '/chat', label: 'Chat', icon: 'chat' },
  { to: '/reports', label: 'Reports', icon: 'reports' },
  { to: '/app-manager', label: 'App manager', icon: 'apps' },
  { to: '/activity', label: 'Activity', icon: 'activity' },
  { to: '/widgets', label: 'Widgets', icon: 'widgets' },
  { to: '/assistant', label: 'Assistant', icon: 'assistant' },
  { to: '/library', label: 'Offline library', icon: 'library' },
];

export const SETTINGS_ITEM: NavItem = { to: '/settings', label: 'Settings', icon: 'settings' };
/** The team (issue 29): shown to the brand's managers only. */
export const TEAM_ITEM: NavItem = { to: '/team', label: 'Team', icon: 'creators' };
