import { Outlet } from 'react-router-dom';
import { ChatConnection } from '../../features/chat';
import { LiveChanges } from '../../features/live';
import { SideNav } from './SideNav';
import { TopBar } from './TopBar';
import './shell.css';

/** The signed-in frame: navigation at the inline start, top bar, and the current screen. */
export function AppShell() {
  return (
    <div className="shell">
      {/* A button, not an anchor: with hash routing, "#main-content" would be read as a route. */}
      <button type="button" className="skip-link" onClick={() => document.getElementById('main-content')?.focus()}>
        Skip to content
      </button>
      <ChatConnection />
      <LiveChanges />
      <SideNav />
      <div className="shell__main">
        <TopBar />
        <main id="main-content" className="shell__content" tabIndex={-1}>
          <Outlet />
        </main>
      </div>
    </div>
  );
}
