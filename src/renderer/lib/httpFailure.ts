import axios from 'axios';
import { MESSAGES } from '../../shared/messages';

/** What a failed call leaves in a remote slice (spec §4): error, status text and code. */
export interface Failure {
  error: string;
  statusText: string;
  code: number | string | null;
}

function messageOf(data: unknown): string | null {
  if (!data || typeof data !== 'object') return null;
  const record = data as Record<string, unknown>;
  for (const key of ['error_message', 'message', 'error']) {
    const value = record[key];
    if (typeof value === 'string' && value.trim() !== '') return value;
  }
  return null;
}

function capitalised(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/**
 * The server's own message for a failure; without an answer, a sentence that says the server did not answer and
 * what happens next (never the transport's "Network Error"). `kind` says whether a read (it loads again by itself
 * once the server is back) or a change (nothing was changed) failed.
 */
export function toFailure(error: unknown, kind: 'load' | 'action' = 'action'): Failure {
  if (axios.isAxiosError(error)) {
    const response = error.response;
    if (response) {
      return {
        error: messageOf(response.data) ?? error.message,
        statusText: response.statusText,
        code: response.status,
      };
    }
    const text = error.code === 'ECONNABORTED' || error.code === 'ETIMEDOUT' ? MESSAGES.serverTimeout : kind === 'load' ? MESSAGES.serverNoAnswerLoad : MESSAGES.serverNoAnswerAction;
    return { error: capitalised(text), statusText: '', code: error.code ?? null };
  }
  return { error: error instanceof Error ? error.message : String(error), statusText: '', code: null };
}

/** The message the server put in a body (error_message of a 208, message of an error), if any. */
export function serverMessage(data: unknown): string | null {
  return messageOf(data);
}
