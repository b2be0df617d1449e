import { useRef } from 'react';
import { Outlet } from 'react-router-dom';
import { ChatConnection } from '../../features/chat';
import { LiveChanges } from '../../features/live';
import { SideNav } from './SideNav';
import { TopBar } from './TopBar';
import { useFocusOnNavigate } from './useFocusOnNavigate';
import './shell.css';

/** The signed-in frame: navigation at the inline start, top bar, and the current screen. */
export function AppShell() {
  const main = useRef<HTMLElement>(null);
  useFocusOnNavigate(main);
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
        <main ref={main} id="main-content" className="shell__content" tabIndex={-1}>
          <Outlet />
        </main>
      </div>
    </div>
  );
}
