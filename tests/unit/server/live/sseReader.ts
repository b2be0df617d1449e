/** One server-sent event as the renderer's reader sees it. */
export interface SseEvent {
  id: string | null;
  event: string;
  data: string;
}

/**
 * Reads a server-sent events body over real HTTP (fetch, as the renderer does): calls `onEvent` for each event and
 * resolves with the status once the stream ends (the server closed it, or `signal` aborted it).
 */
export async function readSse(
  url: string, init: { headers: Record<string, string>; signal?: AbortSignal }, onEvent: (event: SseEvent) => void, onComment: (text: string) => void = () => undefined,
): Promise<number> {
  const response = await fetch(url, { headers: init.headers, signal: init.signal });
  if (!response.ok || !response.body) return response.status;
  const decoder = new TextDecoder();
  let buffer = '';
  try {
    for await (const chunk of response.body) {
      buffer += decoder.decode(chunk as Uint8Array, { stream: true });
      let end: number;
      while ((end = buffer.indexOf('\n\n')) >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const fields = { id: null as string | null, event: 'message', data: '' };
        for (const line of block.split('\n')) {
          if (line.startsWith(':')) {
            onComment(line.slice(1).trim());
            continue;
          }
          const colon = line.indexOf(': ');
          const [name, value] = colon < 0 ? [line, ''] : [line.slice(0, colon), line.slice(colon + 2)];
          if (name === 'id') fields.id = value;
          else if (name === 'event') fields.event = value;
          else if (name === 'data') fields.data += value;
        }
        if (block.split('\n').some((line) => !line.startsWith(':'))) onEvent(fields);
      }
    }
  } catch (error) {
    if (!(init.signal?.aborted ?? false)) throw error;
  }
  return response.status;
}
