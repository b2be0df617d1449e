import type { WIDGET_EVENT_TYPES } from '../shared/http/widgets.schemas';

export interface EmbedEvent {
  type: (typeof WIDGET_EVENT_TYPES)[number];
  video_id?: string | null;
  product_id?: string | null;
  value?: number;
}
export interface Reporter { emit(event: EmbedEvent): void; flush(): void }

const FLUSH_EVERY_MS = 3000;
const FLUSH_AT = 50;

/** A random id for this page view: counts viewers without a cookie or anything personal. */
function viewerId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(12));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * Batches events and posts them with sendBeacon (a text/plain body: no preflight, and it survives the page
 * closing) every few seconds, when 50 are waiting, and when the page is hidden or left.
 */
export function createReporter(endpoint: string, widgetId: string, token: string): Reporter {
  const viewer = viewerId();
  let queue: EmbedEvent[] = [];
  let timer: ReturnType<typeof setTimeout> | null = null;

  const flush = () => {
    if (timer !== null) clearTimeout(timer);
    timer = null;
    if (queue.length === 0) return;
    const events = queue;
    queue = [];
    const body = JSON.stringify({ widget_id: widgetId, token, viewer, events });
    try {
      if (navigator.sendBeacon?.(endpoint, body)) return;
      void fetch(endpoint, { method: 'POST', body, keepalive: true, headers: { 'content-type': 'text/plain' } }).catch(() => undefined);
    } catch {
      // Analytics never break the host page.
    }
  };
  addEventListener('pagehide', flush);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') flush();
  });

  return {
    emit(event) {
      queue.push(event);
      if (queue.length >= FLUSH_AT) flush();
      else timer ??= setTimeout(flush, FLUSH_EVERY_MS);
    },
    flush,
  };
}

/** The builder's preview: nothing is counted. */
export const SILENT_REPORTER: Reporter = { emit: () => undefined, flush: () => undefined };
