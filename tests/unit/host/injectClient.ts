import type { z } from 'zod';
import type { BackendClient } from '../../../src/main/services/backendClient';
import { HostError } from '../../../src/shared/ipc/handlers';
import type { VideoWorkspace } from '../server/videos/support/videoWorkspace';

/**
 * The host's back-end client over the real app through Fastify's inject instead of a socket (the HTTP client itself
 * is covered by backendClient's tests): failures become HostErrors with the back end's words, as the real client's.
 * `up` says whether the back end answers (a start before it runs: 'unavailable').
 */
export function injectClient(w: VideoWorkspace, up: () => boolean = () => true): Pick<BackendClient, 'json'> {
  return {
    async json<S extends z.ZodType>(_service: string, _method: string, path: string, _body: unknown, schema: S) {
      if (!up()) throw new HostError('unavailable', 'The Reelscope server cannot be reached.');
      const response = await w.app.inject({ method: 'GET', url: `/jwt_api${path}`, headers: { authorization: `Bearer ${w.jwt}` } });
      if (response.statusCode !== 200) throw new HostError('failed', (response.json() as { message?: string }).message ?? String(response.statusCode));
      return schema.parse(response.json()) as z.output<S>;
    },
  };
}
