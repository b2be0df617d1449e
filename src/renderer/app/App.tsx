import { useEffect } from 'react';
import { Provider, useAtomValue, useStore } from 'jotai';
import { HashRouter } from 'react-router-dom';
import { Banner } from '../ui/banner';
import { useAppStore } from './appStore';
import type { AppStore } from './appStore';
import { bootApp } from './boot/bootApp';
import { bootAtom } from './boot/boot.atoms';
import { HostUnavailable } from './boot/HostUnavailable';
import { Splash } from './boot/Splash';
import { useApplyLayout } from './layout/useApplyLayout';
import { AppRoutes } from './router/AppRoutes';
import { ServerDownModal } from './serverDown/ServerDownModal';

// Each store boots once (React's strict mode runs effects twice in development).
const booted = new WeakSet<AppStore>();

function AppRoot() {
  const store = useStore();
  const boot = useAtomValue(bootAtom);
  useApplyLayout();

  useEffect(() => {
    if (booted.has(store)) return;
    booted.add(store);
    void bootApp(store);
  }, [store]);

  return (
    <>
      <Banner />
      {boot.phase === 'starting' && <Splash text="Starting Reelscope…" />}
      {boot.phase === 'hostUnavailable' && <HostUnavailable message={boot.message} />}
      {boot.phase === 'ready' && (
        // Hash routing works the same from app://reelscope/index.html and from the web host.
        <HashRouter>
          <AppRoutes />
        </HashRouter>
      )}
      {boot.phase === 'ready' && <ServerDownModal />}
    </>
  );
}

/** The app: one jotai store (replaced wholesale on sign-out), booted from the host. */
export function App() {
  const { store, generation } = useAppStore();
  return (
    <Provider store={store} key={generation}>
      <AppRoot />
    </Provider>
  );
}
