import { useAtomValue, useSetAtom, useStore } from 'jotai';
import { useEffect } from 'react';
import { LIVE_CHANGES_PATH, LIVE_RETRY_MAX_MS, LIVE_RETRY_MIN_MS, type LiveChange } from '../../../shared/http/liveChanges.schemas';
import { actingIdentityAtom, tokensAtom } from '../../app/session/session.atoms';
import { useServices } from '../../app/useServices';
import { addLiveEventsAtom, liveStreamUpAtom } from '../../lib/liveChanges';
import { readLiveStream } from './liveStreamReader';
import { MESSAGES } from '../../../shared/messages';
import { signOut } from '../../app/session/signOut';

/** The change that says this person was just removed from the brand's team. */
const removesMe = (change: LiveChange, userId: string): boolean =>
  change.kind === 'team' && change.target_kind === 'removed_member' && change.target_id === userId;

/**
 * The window's one live stream of its brand's changes (issue 29). Renders nothing: it opens the stream, hands each
 * change to the screens (lib/liveChanges), and when the stream drops opens it again after a back-off (1 s doubling to
 * 30 s), resuming from the last event id so nothing is missed. A stream ended by its token's expiry is opened again
 * at once with the renewed token; a refused bearer is renewed through the window's one shared refresh.
 */
export function LiveChanges() {
  const who = useAtomValue(actingIdentityAtom);
  return who ? <Connection key={`${who.brand_id}:${who.user_id}`} brandId={who.brand_id} userId={who.user_id} /> : null;
}

function Connection({ brandId, userId }: { brandId: string; userId: string }) {
  const { backend, refresher } = useServices();
  const store = useStore();
  const addEvents = useSetAtom(addLiveEventsAtom);
  const setUp = useSetAtom(liveStreamUpAtom);

  useEffect(() => {
    const stop = new AbortController();
    const url = `${backend.urls.main}${LIVE_CHANGES_PATH}?brand_id=${encodeURIComponent(brandId)}`;
    let lastId: string | null = null;
    let backoff = LIVE_RETRY_MIN_MS;
    // A refused bearer is renewed and tried again at once, but only once in a row (a removed account keeps failing).
    let renewed = false;
    const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
    const run = async () => {
      while (!stop.signal.aborted) {
        let ended: string;
        try {
          await refresher.settled();
          const jwt = store.get(tokensAtom)?.jwt ?? null;
          if (!jwt) return;
          ended = await readLiveStream(url, jwt, lastId, stop.signal, {
            onOpen: () => {
              backoff = LIVE_RETRY_MIN_MS;
              setUp(true);
            },
            // What the person did themselves is on their screen already (their action reloads what it changed); reading
            // it again would only race that reload.
            onChanges: (changes) => {
              // Removed from the team: this window signs out now, saying why (the server has ended the sign-in already).
              if (changes.some((change) => change !== 'resync' && removesMe(change, userId))) {
                stop.abort();
                void signOut(store, { notice: MESSAGES.teamRemoved, revoke: false });
                return;
              }
              const others = changes.filter((change) => change === 'resync' || change.by?.user_id !== userId);
              if (others.length > 0) addEvents(others);
            },
            onId: (id) => (lastId = id),
          });
          if (ended === 'unauthorised' && !renewed) await refresher.renew(jwt);
        } catch {
          ended = 'failed';
        }
        setUp(false);
        if (stop.signal.aborted) return;
        const again = ended === 'expired' || (ended === 'unauthorised' && !renewed);
        renewed = ended === 'unauthorised';
        if (again) continue;
        await pause(backoff);
        backoff = Math.min(backoff * 2, LIVE_RETRY_MAX_MS);
      }
    };
    void run();
    return () => {
      stop.abort();
      setUp(false);
    };
  }, [backend.urls.main, brandId, userId, refresher, store, addEvents, setUp]);
  return null;
}
