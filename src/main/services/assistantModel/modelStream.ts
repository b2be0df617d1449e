/** One message of an OpenAI-compatible chat. */
export interface ChatMessage { role: 'system' | 'user' | 'assistant'; content: string }

export interface StreamRequest {
  /** Base URL of the API (…/v1); /chat/completions is appended. */
  url: string;
  model: string;
  key: string | null;
  messages: readonly ChatMessage[];
  signal: AbortSignal;
  onText: (text: string) => void;
  /** No first text within this time is a failure (the embedded answer is already on screen). */
  firstTextMs: number;
  /** The whole answer's bound. */
  totalMs: number;
}

/** Why a model server did not answer, as a person can act on it. */
export class ModelServerError extends Error {}

const completionsUrl = (base: string) => `${base.replace(/\/+$/, '')}/chat/completions`;

/**
 * Streams a chat completion from an OpenAI-compatible server (Ollama, llama.cpp, LM Studio, hosted APIs): server-sent
 * events of `choices[0].delta.content`, or one JSON answer from servers that do not stream. Answers the whole text;
 * rejects with ModelServerError (unreachable, refused, slow, malformed) or an AbortError when stopped.
 */
export async function streamChat(request: StreamRequest): Promise<string> {
  const timeout = new AbortController();
  let gotText = false;
  const first = setTimeout(() => !gotText && timeout.abort(new ModelServerError(`it sent nothing within ${request.firstTextMs / 1000} s`)), request.firstTextMs);
  const total = setTimeout(() => timeout.abort(new ModelServerError(`it took longer than ${request.totalMs / 1000} s`)), request.totalMs);
  const signal = AbortSignal.any([request.signal, timeout.signal]);
  let text = '';
  const add = (piece: string) => {
    if (piece === '') return;
    gotText = true;
    text += piece;
    request.onText(piece);
  };
  try {
    const response = await fetch(completionsUrl(request.url), {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'text/event-stream, application/json', ...(request.key ? { authorization: `Bearer ${request.key}` } : {}) },
      body: JSON.stringify({ model: request.model, messages: request.messages, stream: true, temperature: 0.2 }),
      signal,
    }).catch((error: unknown) => {
      throw signal.aborted ? signal.reason : new ModelServerError(`it could not be reached (${error instanceof Error ? (error.cause as Error | undefined)?.message ?? error.message : String(error)})`);
    });
    if (!response.ok) {
      const body = (await response.text().catch(() => '')).slice(0, 200);
      throw new ModelServerError(`it answered ${response.status}${body ? `: ${body}` : ''}`);
    }
    if (!(response.headers.get('content-type') ?? '').includes('text/event-stream')) {
      add(contentOf(await response.json().catch(() => null), 'message'));
      if (!gotText) throw new ModelServerError('its answer had no text');
      return text;
    }
    const reader = response.body?.pipeThrough(new TextDecoderStream()).getReader();
    if (!reader) throw new ModelServerError('its answer had no body');
    let pending = '';
    for (;;) {
      const { done, value } = await reader.read().catch((error: unknown) => {
        throw signal.aborted ? signal.reason : error;
      });
      if (done) break;
      pending += value;
      const events = pending.split(/\r?\n/);
      pending = events.pop() ?? '';
      for (const line of events) {
        if (!line.startsWith('data:')) continue;
        const data = line.slice(5).trim();
        if (data === '[DONE]') return text;
        try {
          add(contentOf(JSON.parse(data) as unknown, 'delta'));
        } catch {
          throw new ModelServerError('it sent an event that is not JSON');
        }
      }
    }
    if (!gotText) throw new ModelServerError('its answer had no text');
    return text;
  } finally {
    clearTimeout(first);
    clearTimeout(total);
  }
}

/** The text of choices[0].delta (streamed) or choices[0].message (whole answer); empty when absent. */
function contentOf(body: unknown, field: 'delta' | 'message'): string {
  const choice = (body as { choices?: { delta?: { content?: unknown }; message?: { content?: unknown } }[] } | null)?.choices?.[0];
  const content = choice?.[field]?.content;
  return typeof content === 'string' ? content : '';
}
