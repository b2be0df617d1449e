import { useAtomValue } from 'jotai';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { authPhaseAtom, justSignedUpAtom } from '../session/session.atoms';
import { Splash } from '../boot/Splash';

/** Screens that need a session; without one the person goes to /login. */
export function RequireSession() {
  const phase = useAtomValue(authPhaseAtom);
  const location = useLocation();
  if (phase === 'signedIn') return <Outlet />;
  if (phase === 'restoring' || phase === 'booting') return <Splash text="Restoring your session…" />;
  return <Navigate to="/login" replace state={{ from: location.pathname }} />;
}

/** Sign-in screens; a signed-in person goes to /home instead (/onboarding right after sign-up). */
export function PublicOnly() {
  const phase = useAtomValue(authPhaseAtom);
  const justSignedUp = useAtomValue(justSignedUpAtom);
  const location = useLocation();
  // Sign-up asks for onboarding (issue 5) on the same navigation that stores the session; someone already signed in
  // who opens /signup (or any sign-in screen) goes home.
  if (phase === 'signedIn') return <Navigate to={justSignedUp && location.pathname === '/signup' ? '/onboarding' : '/home'} replace />;
  if (phase === 'restoring' || phase === 'booting') return <Splash text="Restoring your session…" />;
  return <Outlet />;
}

/** Unknown paths: /home when signed in (or about to be), else /login. */
export function FallbackRedirect() {
  const phase = useAtomValue(authPhaseAtom);
  return <Navigate to={phase === 'signedOut' ? '/login' : '/home'} replace />;
}
