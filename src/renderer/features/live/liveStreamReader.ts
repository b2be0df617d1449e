import { LIVE_EVENTS, LiveChangeSchema, type LiveChange } from '../../../shared/http/liveChanges.schemas';

/** What one stream connection reports to its owner. */
export interface LiveStreamHandlers {
  /** The stream is open (after `ready`). */
  onOpen(): void;
  /** Changes that arrived in one chunk, in order; `resync` when the stream could not resume and every view reads again. */
  onChanges(changes: (LiveChange | 'resync')[]): void;
  /** The id of the newest event read: where a reconnect resumes. */
  onId(id: string): void;
}

/** How a stream ended: the server closed it (token `expired`, or it stopped), it refused the bearer, or it failed. */
export type LiveStreamEnd = 'expired' | 'closed' | 'unauthorised' | 'refused';

/**
 * Reads the live stream with fetch, not EventSource: EventSource cannot send the Authorization header, and the
 * bearer must not travel in a URL (logs, history). It parses the text/event-stream format itself (id, event, data
 * lines; comments are heartbeats) and resolves when the stream ends.
 */
export async function readLiveStream(url: string, jwt: string, lastId: string | null, signal: AbortSignal, handlers: LiveStreamHandlers): Promise<LiveStreamEnd> {
  const response = await fetch(url, {
    headers: { Authorization: `Bearer ${jwt}`, Accept: 'text/event-stream', ...(lastId ? { 'Last-Event-ID': lastId } : {}) },
    signal,
    cache: 'no-store',
  });
  if (response.status === 401) return 'unauthorised';
  if (!response.ok || !response.body) return 'refused';
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  let ended: LiveStreamEnd = 'closed';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return ended;
    buffer += value;
    const blocks = buffer.split('\n\n');
    buffer = blocks.pop() ?? '';
    const changes: (LiveChange | 'resync')[] = [];
    for (const block of blocks) {
      let id: string | null = null;
      let event = 'message';
      let data = '';
      for (const line of block.split('\n')) {
        if (line.startsWith(':')) continue;
        const colon = line.indexOf(':');
        const name = colon < 0 ? line : line.slice(0, colon);
        const text = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
        if (name === 'id') id = text;
        else if (name === 'event') event = text;
        else if (name === 'data') data += text;
      }
      if (event === LIVE_EVENTS.ready) handlers.onOpen();
      if (event === LIVE_EVENTS.resync) changes.push('resync');
      if (event === LIVE_EVENTS.expired) ended = 'expired';
      if (event === LIVE_EVENTS.change) {
        const parsed = LiveChangeSchema.safeParse(JSON.parse(data));
        if (parsed.success) changes.push(parsed.data);
      }
      if (id !== null) handlers.onId(id);
    }
    if (changes.length > 0) handlers.onChanges(changes);
  }
}
