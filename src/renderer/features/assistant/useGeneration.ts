import { useCallback, useEffect, useRef, useState } from 'react';
import type { AssistantMessage } from '../../../shared/assistant/assistant.schemas';
import { formatTime } from '../../../shared/rules/mediaTime';
import { host } from '../../host/hostClient';
import type { AssistantApi } from './assistant.api';
import { videoTitle } from './Citations';

export interface Generation {
  streaming: { messageId: string; text: string } | null;
  notices: Record<string, string>;
  /** Has the model server (if one is set) rewrite an answer from its own facts and lines; answers the stored message. */
  generate: (question: string, answer: AssistantMessage) => Promise<AssistantMessage | null>;
  stop: () => void;
}

/**
 * The optional generative mode (issue 13): with a model server set in Settings, an embedded answer is handed to the
 * host, whose model rewrites it from the same facts and lines while the text streams in; the result is stored with
 * reviseAnswer. Without one, or when it fails, the embedded answer stands and a notice says why.
 */
export function useGeneration(api: AssistantApi): Generation {
  const [streaming, setStreaming] = useState<Generation['streaming']>(null);
  const [notices, setNotices] = useState<Record<string, string>>({});
  const running = useRef<string | null>(null);

  useEffect(() => host().on('assistant.chunk', ({ requestId, text }) => {
    if (requestId === running.current) setStreaming((now) => (now && now.messageId === requestId ? { ...now, text: now.text + text } : { messageId: requestId, text }));
  }), []);

  const generate = useCallback(async (question: string, answer: AssistantMessage) => {
    const status = await host().invoke('assistant.model').catch(() => null);
    if (!status?.url) return null;
    running.current = answer._id;
    setStreaming({ messageId: answer._id, text: '' });
    try {
      const lines = await Promise.all(answer.supporting_data.slice(0, 10).map(async (line, at) => ({
        n: at + 1, text: line.source_doc, title: await videoTitle(api, line.transcript_id_video_id), time: formatTime(line.start_ts),
      })));
      const window = answer.end_date === null ? undefined : { start_date: answer.start_date, end_date: answer.end_date };
      const result = await host().invoke('assistant.generate', { requestId: answer._id, question, facts: answer.content, lines, window });
      if (result.status === 'generated') {
        // [n] is one of the answer's own lines, or (numbered after them) a line the model's tools returned.
        const toolLine = (n: number) => result.tool_lines?.find((line) => line.n === n)?.db_id;
        const cited = result.cited.map((n) => (n <= lines.length ? answer.supporting_data[n - 1]?.db_id : toolLine(n)) ?? '').filter((id) => id !== '');
        return await api.revise(answer._id, result.content, cited);
      }
      if (result.status !== 'off') {
        const why = result.status === 'stopped' ? 'Stopped; this is the built-in answer.' : `${result.reason ?? 'The model server failed.'} This is the built-in answer.`;
        setNotices((now) => ({ ...now, [answer._id]: why }));
      }
      return null;
    } catch (error) {
      setNotices((now) => ({ ...now, [answer._id]: `${error instanceof Error ? error.message : String(error)} This is the built-in answer.` }));
      return null;
    } finally {
      running.current = null;
      setStreaming(null);
    }
  }, [api]);

  const stop = useCallback(() => {
    if (running.current) void host().invoke('assistant.stop', { requestId: running.current }).catch(() => undefined);
  }, []);

  return { streaming, notices, generate, stop };
}
