import { useCallback, useEffect, useState } from 'react';
import { useAtomValue, useStore } from 'jotai';
import { backendReturnsAtom } from '../../lib/reconnect';
import { backendInfoAtom } from '../boot/boot.atoms';
import { authPhaseAtom } from '../session/session.atoms';
import { restoreSession } from '../session/sessionActions';
import { HEALTH_POLL_DOWN_MS, HEALTH_POLL_UP_MS, backendReachable } from './healthCheck';
import { serverDownAtom } from './serverDown.atoms';

export interface HealthWatch {
  down: boolean;
  attempts: number;
  lastCheckedAt: Date | null;
  checkNow: () => void;
}

/**
 * Polls GET {origin}/health: every few seconds while the back end is down (closing the modal by itself
 * when it answers, then refetching the session), and slowly in the background to notice an outage.
 */
export function useHealthWatch(): HealthWatch {
  const store = useStore();
  const down = useAtomValue(serverDownAtom);
  const backend = useAtomValue(backendInfoAtom);
  const [attempts, setAttempts] = useState(0);
  const [lastCheckedAt, setLastCheckedAt] = useState<Date | null>(null);
  const origin = backend?.origin ?? null;

  const check = useCallback(async () => {
    if (!origin) return;
    const reachable = await backendReachable(origin);
    setLastCheckedAt(new Date());
    const wasDown = store.get(serverDownAtom);
    if (!reachable) {
      if (wasDown) setAttempts((count) => count + 1);
      store.set(serverDownAtom, true);
      return;
    }
    if (!wasDown) return;
    store.set(serverDownAtom, false);
    setAttempts(0);
    const phase = store.get(authPhaseAtom);
    if (phase === 'restoring' || phase === 'signedIn') await restoreSession(store);
    // Every slice on screen reads again (lib/reconnect): a list that failed meanwhile shows its current rows.
    store.set(backendReturnsAtom, (count) => count + 1);
  }, [origin, store]);

  useEffect(() => {
    if (!origin) return;
    const timer = window.setInterval(() => void check(), down ? HEALTH_POLL_DOWN_MS : HEALTH_POLL_UP_MS);
    return () => window.clearInterval(timer);
  }, [origin, down, check]);

  return { down, attempts, lastCheckedAt, checkNow: () => void check() };
}
