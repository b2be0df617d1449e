import type { EmbedWidget } from '../shared/http/widgets.schemas';
import { renderCarousel } from './carousel';
import { createReporter } from './reporter';
import { RESERVED_HEIGHT } from './styles';

/**
 * embed.js: `<script async src="{origin}/metrics/embed.js" data-reelscope-widget="{id}" data-token="{token}">` renders the
 * widget where the script stands, into the room the snippet's `<div>` kept from the page's first paint (no layout
 * shift, even when the script comes late). Media wait for the page's load event, and nothing here may throw into the
 * host page: a revoked token or a deleted widget leaves no trace.
 */
/**
 * The room the snippet kept just before the script (its `<div data-reelscope-widget-host>`), or one made now for a
 * snippet pasted without it (older snippets were the script alone).
 */
function roomFor(script: HTMLScriptElement, widgetId: string): HTMLElement {
  const before = script.previousElementSibling;
  if (before instanceof HTMLElement && before.getAttribute('data-reelscope-widget-host') === widgetId && !before.shadowRoot) return before;
  const host = document.createElement('div');
  host.setAttribute('data-reelscope-widget-host', widgetId);
  host.style.cssText = `display:block;height:${RESERVED_HEIGHT}px`;
  if (script.parentElement && script.parentElement !== document.head) script.after(host);
  else document.body.append(host);
  return host;
}

function mount(script: HTMLScriptElement): void {
  const widgetId = script.dataset.reelscopeWidget ?? '';
  const token = script.dataset.token ?? '';
  if (script.dataset.reelscopeMounted) return;
  if (!widgetId || !token) {
    // A snippet cut short: its room goes too.
    const room = script.previousElementSibling;
    if (room?.hasAttribute('data-reelscope-widget-host') && !room.shadowRoot) room.remove();
    return;
  }
  script.dataset.reelscopeMounted = 'true';
  const metrics = script.src.replace(/\/embed\.js(?:[?#].*)?$/, '');
  const origin = new URL(metrics).origin;
  const host = roomFor(script, widgetId);
  const root = host.attachShadow({ mode: 'open' });
  const gone = () => host.remove();

  fetch(`${metrics}/embed/widgets/${encodeURIComponent(widgetId)}?token=${encodeURIComponent(token)}`, { credentials: 'omit' })
    .then((response) => (response.ok ? (response.json() as Promise<EmbedWidget>) : null))
    .then((widget) => {
      if (!widget || !Array.isArray(widget.videos)) return gone();
      const mobile = matchMedia('(max-width: 640px)').matches;
      if (!widget.device_options.includes(mobile ? 'mobile' : 'desktop')) return gone();
      renderCarousel(root, widget, { origin, reporter: createReporter(`${metrics}/embed/events`, widgetId, token), deferMedia: true });
    })
    .catch(gone);
}

try {
  const current = document.currentScript;
  const scripts = current instanceof HTMLScriptElement && current.dataset.reelscopeWidget !== undefined
    ? [current]
    : Array.from(document.querySelectorAll<HTMLScriptElement>('script[data-reelscope-widget]'));
  scripts.forEach(mount);
} catch {
  // Whatever went wrong stays inside the widget.
}
