import { useAtomValue } from 'jotai';
import { NavLink } from 'react-router-dom';
import { chatUnreadTotalAtom } from '../../features/chat';
import { PRODUCT_NAME } from '../../../shared/constants';
import { Icon } from '../../ui/icons';
import { useLayoutPrefs } from '../layout/useLayoutPrefs';
import type { NavItem } from './navItems';
import { NAV_ITEMS, SETTINGS_ITEM, TEAM_ITEM } from './navItems';
import { useMyRole } from '../../features/team';

function NavEntry({ item, collapsed }: { item: NavItem; collapsed: boolean }) {
  const unread = useAtomValue(chatUnreadTotalAtom);
  const badge = item.to === '/chat' && unread > 0 ? unread : 0;
  const label = badge > 0 ? `${item.label} ${badge} unread` : item.label;
  return (
    <li>
      <NavLink
        to={item.to}
        className={({ isActive }) => `side-nav__link${isActive ? ' side-nav__link--active' : ''}`}
        title={collapsed ? label : undefined}
        aria-label={collapsed ? label : undefined}
      >
        <Icon name={item.icon} />
        {!collapsed && <span>{item.label}</span>}
        {badge > 0 && !collapsed && ' '}
        {badge > 0 && (
          <span className="side-nav__badge" data-testid="chat-unread-total">
            {badge > 99 ? '99+' : badge}<span className="visually-hidden"> unread</span>
          </span>
        )}
      </NavLink>
    </li>
  );
}

/** The left navigation: icons and labels, collapsible, the current route marked (aria-current). */
export function SideNav() {
  const [prefs, updatePrefs] = useLayoutPrefs();
  const collapsed = prefs.menuCollapsed;
  const role = useMyRole();
  return (
    <nav className={`side-nav${collapsed ? ' side-nav--collapsed' : ''}`} aria-label="Main">
      <div className="side-nav__brand">
        <span className="side-nav__logo" aria-hidden="true">
          R
        </span>
        {!collapsed && <span className="side-nav__name">{PRODUCT_NAME}</span>}
      </div>
      <ul className="side-nav__list">
        {NAV_ITEMS.map((item) => (
          <NavEntry key={item.to} item={item} collapsed={collapsed} />
        ))}
      </ul>
      <ul className="side-nav__list side-nav__list--end">
        {role === 'manager' && <NavEntry item={TEAM_ITEM} collapsed={collapsed} />}
        <NavEntry item={SETTINGS_ITEM} collapsed={collapsed} />
        <li>
          <button
            type="button"
            className="side-nav__link side-nav__toggle"
            aria-expanded={!collapsed}
            aria-label={collapsed ? 'Expand menu' : 'Collapse menu'}
            title={collapsed ? 'Expand menu' : 'Collapse menu'}
            onClick={() => updatePrefs({ menuCollapsed: !collapsed })}
          >
            <Icon name="collapse" className="side-nav__toggle-icon" />
            {!collapsed && <span>Collapse</span>}
          </button>
        </li>
      </ul>
    </nav>
  );
}
