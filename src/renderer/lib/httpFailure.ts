import axios from 'axios';

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

/** The server's own message for a failure, else the transport's. */
export function toFailure(error: unknown): Failure {
  if (axios.isAxiosError(error)) {
    const response = error.response;
    if (response) {
      return {
        error: messageOf(response.data) ?? error.message,
        statusText: response.statusText,
        code: response.status,
      };
    }
    return { error: error.message, statusText: '', code: error.code ?? null };
  }
  return { error: error instanceof Error ? error.message : String(error), statusText: '', code: null };
}

/** The message the server put in a body (error_message of a 208, message of an error), if any. */
export function serverMessage(data: unknown): string | null {
  return messageOf(data);
}
