/** Rules of shoppable widgets (issue 16) shared by the back end, the builder and the embed. */

const attribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** The one line a shop pastes into its page; `metricsBase` is the metrics API's absolute address. */
export function embedSnippet(metricsBase: string, widgetId: string, token: string): string {
  return `<script async src="${attribute(`${metricsBase}/embed.js`)}" data-reelscope-widget="${attribute(widgetId)}" data-token="${attribute(token)}"></script>`;
}

/** Share of impressions that led to a viewer (0 without impressions), as a fraction. */
export function engagementRate(viewers: number, impressions: number): number {
  return impressions > 0 ? viewers / impressions : 0;
}
