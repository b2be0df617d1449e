import type { AssistantModelStatus, GenerateInput, GenerateResult } from '../../../shared/ipc/assistantModel.schemas';
import type { IpcEventPayload, IpcInput } from '../../../shared/ipc/contract';
import type { SecretStore } from '../ports';
import type { SettingsService } from '../settings.service';
import { checkedCitations, groundedMessages } from './groundedPrompt';
import { ModelServerError, streamChat } from './modelStream';
import { runToolLoop, type ToolLoopRequest } from './toolLoop';

/** Keychain account of the model server's key (service KEYCHAIN_SERVICE, beside the session's). */
export const MODEL_KEY_ACCOUNT = 'assistant-model-key';
/** No first text within this time and the embedded answer stands (issue 13: an answer within 10 s). */
export const FIRST_TEXT_MS = 10_000;
const TOTAL_MS = 120_000;
const KEY_IN_MEMORY = 'Your system keychain is locked or unavailable, so the model key is kept only until Reelscope closes.';

export interface AssistantModelDeps {
  settings: SettingsService;
  keychain: SecretStore | null;
  emit: (payload: IpcEventPayload<'assistant.chunk'>) => void;
  log: (message: string) => void;
  /** The first-text limit (FIRST_TEXT_MS unless a test shortens it); with tools, each model request's. */
  firstTextMs?: number;
  /** Runs one of the engine's tools in the back end; with it the model answers with tools (issue 30), without it from the given lines only. */
  callTool?: ToolLoopRequest['callTool'];
}

/**
 * The assistant's optional generative mode (issue 13), in the host because the key lives in the keychain: the model
 * server answers from the embedded engine's facts and lines only, its text streams to the renderer, and its
 * citations are checked against the lines it was given. A server that fails leaves the embedded answer standing.
 */
export function createAssistantModel(deps: AssistantModelDeps) {
  let memoryKey: string | null = null;
  let keyWarning: string | null = null;
  const running = new Map<string, AbortController>();

  async function readKey(): Promise<string | null> {
    if (!deps.keychain) return memoryKey;
    try {
      return (await deps.keychain.get(MODEL_KEY_ACCOUNT)) ?? memoryKey;
    } catch (error) {
      deps.log(`keychain read of the model key failed: ${String(error)}`);
      return memoryKey;
    }
  }

  async function writeKey(key: string | null): Promise<void> {
    memoryKey = null;
    keyWarning = null;
    try {
      if (!deps.keychain) throw new Error('no keychain');
      if (key === null) await deps.keychain.delete(MODEL_KEY_ACCOUNT);
      else await deps.keychain.set(MODEL_KEY_ACCOUNT, key);
    } catch (error) {
      deps.log(`keychain write of the model key failed: ${String(error)}`);
      memoryKey = key;
      keyWarning = key === null ? null : KEY_IN_MEMORY;
    }
  }

  async function status(): Promise<AssistantModelStatus> {
    await deps.settings.load();
    return { ...deps.settings.get().assistant, hasKey: (await readKey()) !== null, keyWarning };
  }

  return {
    status,
    async setModel(input: IpcInput<'assistant.setModel'>): Promise<AssistantModelStatus> {
      await deps.settings.update({ assistant: { url: input.url, model: input.model } });
      if (input.key !== undefined) await writeKey(input.key === '' ? null : input.key);
      return status();
    },
    async generate(input: GenerateInput): Promise<GenerateResult> {
      await deps.settings.load();
      const { url, model } = deps.settings.get().assistant;
      if (url === null) return { status: 'off', content: '', cited: [], reason: null };
      const stop = new AbortController();
      running.set(input.requestId, stop);
      try {
        if (deps.callTool) {
          const result = await runToolLoop({ url, model, key: await readKey(), input, callTool: deps.callTool, signal: stop.signal, roundMs: deps.firstTextMs ?? FIRST_TEXT_MS });
          if (result.status === 'failed') {
            deps.log(`model server ${url} with tools failed: ${result.reason}`);
            return { status: 'failed', content: '', cited: [], reason: `The model server at ${url} did not answer: ${result.reason}.` };
          }
          deps.emit({ requestId: input.requestId, text: result.content });
          return { status: 'generated', content: result.content, cited: result.cited, tool_lines: result.toolLines, reason: null };
        }
        const text = await streamChat({
          url, model, key: await readKey(), messages: groundedMessages(input), signal: stop.signal,
          onText: (piece) => deps.emit({ requestId: input.requestId, text: piece }), firstTextMs: deps.firstTextMs ?? FIRST_TEXT_MS, totalMs: TOTAL_MS,
        });
        const checked = checkedCitations(text, input.lines.map((line) => line.n));
        if (checked.content === '') return { status: 'failed', content: '', cited: [], reason: `The model server at ${url} answered with no text.` };
        return { status: 'generated', ...checked, reason: null };
      } catch (error) {
        if (stop.signal.aborted) return { status: 'stopped', content: '', cited: [], reason: 'Stopped.' };
        const why = error instanceof ModelServerError ? error.message : 'it failed';
        deps.log(`model server ${url} failed: ${String(error)}`);
        return { status: 'failed', content: '', cited: [], reason: `The model server at ${url} did not answer: ${why}.` };
      } finally {
        running.delete(input.requestId);
      }
    },
    stop(requestId: string): null {
      running.get(requestId)?.abort();
      return null;
    },
  };
}
export type AssistantModel = ReturnType<typeof createAssistantModel>;
