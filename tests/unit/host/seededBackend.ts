import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import type { z } from 'zod';
import type { BackendClient } from '../../../src/main/services/backendClient';
import { HostError } from '../../../src/shared/ipc/handlers';
import { openVideoWorkspace, type VideoWorkspace } from '../server/videos/support/videoWorkspace';

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

/**
 * A seeded workspace with the demo manager signed in and a temp folder for the files a test writes, opened before the
 * file's tests and removed after. Read `w` and `dir` inside tests (they exist once beforeAll ran).
 */
export function useSeededBackend(prefix: string): { readonly w: VideoWorkspace; readonly dir: string } {
  let workspace: VideoWorkspace | null = null;
  let folder = '';
  beforeAll(async () => {
    workspace = await openVideoWorkspace(0.2);
    folder = mkdtempSync(join(tmpdir(), prefix));
  }, 120_000);
  afterAll(async () => {
    await workspace?.close();
    rmSync(folder, { recursive: true, force: true });
  });
  return {
    get w() {
      if (!workspace) throw new Error('the seeded back end is opened in beforeAll');
      return workspace;
    },
    get dir() {
      return folder;
    },
  };
}
