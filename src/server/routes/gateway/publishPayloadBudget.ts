import { nonNegativeInt } from '../../analysis/analysisConfig';
import { HttpError } from '../../http/httpError';

const MIB = 1024 * 1024;
/** Largest publish payload one request may send (REELSCOPE_PUBLISH_PAYLOAD_MAX_BYTES). */
export const DEFAULT_PUBLISH_PAYLOAD_MAX_BYTES = 64 * MIB;
/** Most bytes of payloads one brand's unfinished jobs may keep on disk (REELSCOPE_PUBLISH_QUEUE_MAX_BYTES). */
export const DEFAULT_PUBLISH_QUEUE_MAX_BYTES = 256 * MIB;

export interface PublishPayloadLimits {
  /** One payload, in bytes: past it 413, the partial file removed. */
  maxBytes: number;
  /** A brand's payloads still waiting for their jobs, this one included: past it 429. */
  brandQueueBytes: number;
}

export function readPublishPayloadLimits(env: NodeJS.ProcessEnv = process.env): PublishPayloadLimits {
  return {
    maxBytes: nonNegativeInt('REELSCOPE_PUBLISH_PAYLOAD_MAX_BYTES', env.REELSCOPE_PUBLISH_PAYLOAD_MAX_BYTES, DEFAULT_PUBLISH_PAYLOAD_MAX_BYTES),
    brandQueueBytes: nonNegativeInt('REELSCOPE_PUBLISH_QUEUE_MAX_BYTES', env.REELSCOPE_PUBLISH_QUEUE_MAX_BYTES, DEFAULT_PUBLISH_QUEUE_MAX_BYTES),
  };
}

/** A size as people read it: whole MiB or KiB when it is one, else bytes. */
export function sizeText(bytes: number): string {
  if (bytes >= MIB && bytes % MIB === 0) return `${bytes / MIB} MiB`;
  if (bytes >= 1024 && bytes % 1024 === 0) return `${bytes / 1024} KiB`;
  return `${bytes.toLocaleString('en-US')} bytes`;
}

export const publishPayloadMessages = (limits: PublishPayloadLimits) => ({
  tooLarge: `The publish payload is larger than ${sizeText(limits.maxBytes)}: send fewer videos or less data in one request.`,
  queueFull: `The brand's publish jobs still waiting hold up to ${sizeText(limits.brandQueueBytes)} of payloads: send this one again when some of them have ended.`,
});

/** One payload being received: `add` counts its bytes and answers the refusal once it passes a bound. */
export interface PayloadAllowance {
  add(bytes: number): HttpError | null;
  /** Ends the reservation (the kept payload, if any, is then counted among the waiting jobs'). */
  close(): void;
}

/**
 * The per-request size limit and the per-brand quota of payloads waiting on disk. Payloads still arriving count
 * against the quota too, so requests in parallel cannot pass it together.
 */
export function createPublishPayloadBudget(limits: PublishPayloadLimits, waitingBytes: (brandId: string) => Promise<number>) {
  const receiving = new Map<string, number>();
  const messages = publishPayloadMessages(limits);
  const refusal = (received: number, others: number) =>
    received > limits.maxBytes ? new HttpError(413, messages.tooLarge) : others + received > limits.brandQueueBytes ? new HttpError(429, messages.queueFull) : null;

  return {
    messages,
    /** Opens an allowance for one payload of the brand; `declared` (its Content-Length, if sent) is checked before any byte is read. */
    async open(brandId: string, declared: number | null): Promise<PayloadAllowance & { refusedAtOnce: HttpError | null }> {
      const waiting = await waitingBytes(brandId);
      let received = 0;
      // What the brand's jobs keep plus what its other requests are receiving now.
      const others = () => waiting + (receiving.get(brandId) ?? 0) - received;
      const refusedAtOnce = refusal(declared ?? 0, others());
      let closed = false;
      return {
        refusedAtOnce,
        add(bytes) {
          const refused = refusal(received + bytes, others());
          if (refused) return refused;
          received += bytes;
          receiving.set(brandId, (receiving.get(brandId) ?? 0) + bytes);
          return null;
        },
        close() {
          if (closed) return;
          closed = true;
          const left = (receiving.get(brandId) ?? 0) - received;
          if (left > 0) receiving.set(brandId, left);
          else receiving.delete(brandId);
        },
      };
    },
  };
}
export type PublishPayloadBudget = ReturnType<typeof createPublishPayloadBudget>;
