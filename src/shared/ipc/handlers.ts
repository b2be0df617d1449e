import type { IpcChannel, IpcEnvelope, IpcError, IpcInput, IpcOutput } from './contract';
import { IPC_CHANNELS, isIpcChannel } from './contract';

/** One handler per channel; the mapped type makes a missing handler a compile error. */
export type IpcHandlers = {
  [C in IpcChannel]: (input: IpcInput<C>) => Promise<IpcOutput<C>> | IpcOutput<C>;
};

/** A failure a handler wants the person to read, with a code the renderer can act on. */
export class HostError extends Error {
  constructor(
    readonly code: IpcError['code'],
    message: string,
  ) {
    super(message);
    this.name = 'HostError';
  }
}

/**
 * Validates the channel name and input, runs the handler, validates its output and wraps it in the envelope.
 * Shared by Electron main and the web host so both transports answer identically.
 */
export async function dispatchIpc(
  handlers: IpcHandlers,
  channelName: unknown,
  rawInput: unknown,
): Promise<IpcEnvelope<unknown>> {
  if (!isIpcChannel(channelName)) {
    return { ok: false, error: { code: 'unknown_channel', message: `Unknown host channel: ${String(channelName)}` } };
  }
  const spec = IPC_CHANNELS[channelName];
  const parsed = spec.input.safeParse(rawInput ?? undefined);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue && issue.path.length > 0 ? ` at ${issue.path.join('.')}` : '';
    return { ok: false, error: { code: 'bad_input', message: `Invalid input for ${channelName}${where}: ${issue?.message ?? 'rejected'}` } };
  }
  try {
    const handler = handlers[channelName] as (input: unknown) => unknown;
    const value = await handler(parsed.data);
    return { ok: true, value: spec.output.parse(value) };
  } catch (error) {
    if (error instanceof HostError) return { ok: false, error: { code: error.code, message: error.message } };
    const message = error instanceof Error ? error.message : String(error);
    return { ok: false, error: { code: 'failed', message } };
  }
}
