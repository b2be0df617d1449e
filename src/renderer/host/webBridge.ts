import type {
  HostBridge,
  IpcChannel,
  IpcEnvelope,
  IpcEvent,
  IpcEventPayload,
  IpcOutput,
} from '../../shared/ipc/contract';
import { IPC_EVENTS, WEB_BRIDGE, isIpcEvent } from '../../shared/ipc/contract';

/** The per-run token the web host writes into the page, or null when the page was not served by it. */
export function readHostToken(doc: Document = document): string | null {
  const meta = doc.querySelector<HTMLMetaElement>(`meta[name="${WEB_BRIDGE.tokenMeta}"]`);
  const token = meta?.content.trim() ?? '';
  return token === '' ? null : token;
}

function unreachable(message: string): IpcEnvelope<never> {
  return { ok: false, error: { code: 'unavailable', message } };
}

type Listener = (payload: unknown) => void;

/**
 * The web host's HTTP bridge: POST /__host/:channel with the token header answers the same envelope
 * the Electron preload does; events arrive over one server-sent event stream.
 */
export function createWebBridge(token: string, base: string = document.baseURI): HostBridge {
  const listeners = new Map<IpcEvent, Set<Listener>>();
  let source: EventSource | null = null;

  const dispatch = (event: IpcEvent, payload: unknown) => {
    const parsed = IPC_EVENTS[event].payload.safeParse(payload);
    if (!parsed.success) return;
    for (const listener of listeners.get(event) ?? []) listener(parsed.data);
  };

  const openStream = () => {
    if (source || typeof EventSource === 'undefined') return;
    const url = new URL(`${WEB_BRIDGE.eventsPath}?token=${encodeURIComponent(token)}`, base);
    source = new EventSource(url);
    // The host may name each event, or send unnamed messages shaped {event, payload}: accept both.
    for (const name of Object.keys(IPC_EVENTS)) {
      if (!isIpcEvent(name)) continue;
      source.addEventListener(name, (message) => {
        if (message instanceof MessageEvent) dispatch(name, safeJson(message.data));
      });
    }
    source.onmessage = (message) => {
      const data = safeJson(message.data);
      if (data && typeof data === 'object' && 'event' in data && isIpcEvent(data.event)) {
        dispatch(data.event, 'payload' in data ? data.payload : undefined);
      }
    };
  };

  return {
    async invoke<C extends IpcChannel>(channel: C, ...args: unknown[]): Promise<IpcEnvelope<IpcOutput<C>>> {
      let response: Response;
      try {
        response = await fetch(new URL(`${WEB_BRIDGE.prefix}/${channel}`, base), {
          method: 'POST',
          headers: { 'content-type': 'application/json', [WEB_BRIDGE.tokenHeader]: token },
          body: JSON.stringify({ input: args[0] }),
        });
      } catch {
        return unreachable('The app host did not answer. Is “npm run web” still running?');
      }
      const body = safeJson(await response.text());
      if (body && typeof body === 'object' && 'ok' in body) return body as IpcEnvelope<IpcOutput<C>>;
      return unreachable(`The app host answered ${response.status} without a result.`);
    },
    on<E extends IpcEvent>(event: E, listener: (payload: IpcEventPayload<E>) => void): () => void {
      const set = listeners.get(event) ?? new Set<Listener>();
      listeners.set(event, set);
      const wrapped = listener as Listener;
      set.add(wrapped);
      openStream();
      return () => set.delete(wrapped);
    },
  };
}

function safeJson(text: unknown): unknown {
  if (typeof text !== 'string') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
