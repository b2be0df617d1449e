/** Rules of shoppable widgets (issue 16) shared by the back end, the builder and the embed. */

const attribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** Height the embed takes, reserved before anything loads: the carousel is exactly this tall, so the page never shifts. */
export const EMBED_HEIGHT = 392;

/**
 * What a shop pastes into its page (`metricsBase` is the metrics API's absolute address): the widget's room, kept by
 * the page's own HTML from its first paint (the script is async and may come after it), then the script, which
 * renders into that room.
 */
export function embedSnippet(metricsBase: string, widgetId: string, token: string): string {
  const room = `<div data-reelscope-widget-host="${attribute(widgetId)}" style="display:block;height:${EMBED_HEIGHT}px"></div>`;
  return `${room}<script async src="${attribute(`${metricsBase}/embed.js`)}" data-reelscope-widget="${attribute(widgetId)}" data-token="${attribute(token)}"></script>`;
}

/** Share of impressions that led to a viewer (0 without impressions), as a fraction. */
export function engagementRate(viewers: number, impressions: number): number {
  return impressions > 0 ? viewers / impressions : 0;
}
