import { useAtomValue } from 'jotai';
import { Link, Outlet } from 'react-router-dom';
import { PRODUCT_NAME } from '../../../shared/constants';
import { authPhaseAtom } from '../session/session.atoms';
import { AppShell } from '../shell/AppShell';
import './offlineFrame.css';

/**
 * Screens that need only the host, never the back end (the offline library). Signed in, they sit in the usual shell;
 * otherwise (signed out, or a session that cannot be restored while the server is unreachable) in a plain frame.
 */
export function OfflineCapable() {
  const phase = useAtomValue(authPhaseAtom);
  if (phase === 'signedIn') return <AppShell />;
  return (
    <div className="offline-frame">
      <header className="offline-frame__bar">
        <span className="side-nav__logo" aria-hidden="true">
          R
        </span>
        <strong>{PRODUCT_NAME}</strong>
        <span className="offline-frame__spacer" />
        <Link className="btn btn--small" to={phase === 'signedOut' ? '/login' : '/home'}>
          {phase === 'signedOut' ? 'Sign in' : 'Back to the dashboard'}
        </Link>
      </header>
      <main id="main-content" className="offline-frame__content" tabIndex={-1}>
        <Outlet />
      </main>
    </div>
  );
}
