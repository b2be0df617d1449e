/**
 * A store product's picture as a widget may keep and show it: an absolute https address (http only under the test-only
 * loopback-store setting, whose stand-in store serves plain http). The back end's own /media paths are brand products'.
 */
export function isStoreImage(url: string, allowHttp: boolean): boolean {
  let parsed: URL;
  try { parsed = new URL(url); } catch { return false; }
  return parsed.protocol === 'https:' || (allowHttp && parsed.protocol === 'http:');
}
