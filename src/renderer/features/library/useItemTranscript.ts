import { useEffect, useState } from 'react';
import type { LibraryItem } from '../../../shared/ipc/desktop.schemas';
import type { TranscriptPanelLine } from '../../ui/transcript';
import { libraryHost } from './library.host';

export type ItemTranscript = { phase: 'loading' } | { phase: 'success'; lines: TranscriptPanelLine[] } | { phase: 'failure'; error: string };

const NONE: ItemTranscript = { phase: 'success', lines: [] };
const LOADING: ItemTranscript = { phase: 'loading' };

/** The stored timed lines of an offline item (none when the item has no transcript), with a retry. */
export function useItemTranscript(item: LibraryItem): { transcript: ItemTranscript; retry: () => void } {
  const [attempt, setAttempt] = useState(0);
  const [result, setResult] = useState<{ key: string; value: ItemTranscript } | null>(null);
  const key = `${item.itemId}#${attempt}`;
  useEffect(() => {
    if (!item.hasTranscript) return;
    let alive = true;
    libraryHost
      .transcript(item.itemId)
      .then((answer) => alive && setResult({ key, value: { phase: 'success', lines: answer.lines.map((line, index) => ({ line_no: index + 1, ...line })) } }))
      .catch((error: unknown) => alive && setResult({ key, value: { phase: 'failure', error: error instanceof Error ? error.message : String(error) } }));
    return () => {
      alive = false;
    };
  }, [key, item.itemId, item.hasTranscript]);
  const transcript = !item.hasTranscript ? NONE : result?.key === key ? result.value : LOADING;
  return { transcript, retry: () => setAttempt((n) => n + 1) };
}
