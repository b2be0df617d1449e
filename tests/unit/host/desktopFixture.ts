/**
 * A real embedded back end (createServer on port 0 in a temp data dir, demo seed), a signed-in session, and the
 * desktop services wired to it exactly as both hosts wire them (only the ports passed in differ).
 */
import { sqliteOf } from '../server/support/testServer';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEMO_ACCOUNTS } from '../../../src/shared/demoAccounts';
import type { BackendInfo, IpcEvent, IpcEventPayload } from '../../../src/shared/ipc/contract';
import type { DesktopPorts } from '../../../src/main/services/desktopPorts';
import type { DesktopServices } from '../../../src/main/services/desktopServices';
import { createDesktopServices } from '../../../src/main/services/desktopServices';
import { serviceUrls } from '../../../src/main/services/backendLauncher.service';
import { createSecretsService } from '../../../src/main/services/secrets.service';
import { systemClock } from '../../../src/main/services/ports';
import { createFileSinks } from '../../../src/main/adapters/fileSinks';
import type { RunningServer } from '../../../src/server/app';
import { createServer } from '../../../src/server/app';

export interface Backend {
  server: RunningServer;
  dataDir: string;
  brandId: string;
  tokens: { jwt: string; refreshToken: string };
  close(): Promise<void>;
}

/** Starts the real back end with a small demo workspace and signs the demo brand manager in. */
export async function startBackend(): Promise<Backend> {
  const dataDir = mkdtempSync(join(tmpdir(), 'reelscope-backend-'));
  const server = await createServer({ dataDir, port: 0, seed: { scale: 0.1 } });
  const response = await fetch(`${server.url}/jwt_api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: DEMO_ACCOUNTS.brandManager.email, password: DEMO_ACCOUNTS.brandManager.password }),
  });
  const session = (await response.json()) as { jwt: string; refresh_token: string; currentBrand: { _id: string } | null };
  if (!session.currentBrand) throw new Error('demo session has no brand');
  return {
    server, dataDir, brandId: session.currentBrand._id, tokens: { jwt: session.jwt, refreshToken: session.refresh_token },
    async close() {
      await server.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export function runningInfo(origin: string): BackendInfo {
  return { mode: 'hosted', origin, urls: serviceUrls(origin), dataDir: null, state: 'running', error: null };
}

export interface Harness {
  desktop: DesktopServices;
  events: { event: IpcEvent; payload: unknown }[];
  stateDir: string;
  downloadDir: string;
  notified: string[];
}

/** Desktop services over the given back-end origin with tokens in memory and plain Node ports (overridable). */
export async function createHarness(root: string, origin: string, backend: Backend, overrides: Partial<DesktopPorts> = {}): Promise<Harness> {
  const secrets = createSecretsService({ keychain: null, encrypted: null, allowInsecure: () => false });
  await secrets.set(backend.tokens);
  const events: Harness['events'] = [];
  const notified: string[] = [];
  const stateDir = join(root, 'state');
  const downloadDir = join(root, 'Downloads');
  const ports: DesktopPorts = {
    stateDir,
    defaultDownloadDir: downloadDir,
    defaultExportDir: join(root, 'exports'),
    directoryPicker: null,
    windowProgress: { set: () => undefined },
    downloadNotifier: { downloaded: (_title, path) => notified.push(path), saved: (_heading, _body, path) => notified.push(path) },
    shell: { showItemInFolder: () => undefined },
    fileSinks: createFileSinks(),
    mediaUrls: { item: (id) => `test-media://${id}`, thumbnail: (id) => `test-media://${id}/thumbnail` },
    ...overrides,
  };
  const desktop = createDesktopServices({
    ports, backend: () => runningInfo(origin), secrets, brandId: () => backend.brandId, clock: systemClock,
    emit: <E extends IpcEvent>(event: E, payload: IpcEventPayload<E>) => events.push({ event, payload }), log: () => undefined,
  });
  return { desktop, events, stateDir, downloadDir, notified };
}

/** An analysed own-storage video of the acting brand with a local media file (seeded videos still in analysis have no transcript). */
export function ownVideo(backend: Backend, offset = 0): { id: string; title: string; platform: 'Reelscope_AWS_S3' | 'GoogleDrive'; mediaFile: string } {
  const row = sqliteOf(backend.server)
    .prepare(`SELECT id, title, platform, media_file AS mediaFile FROM videos WHERE brand_id = ? AND platform IN ('Reelscope_AWS_S3','GoogleDrive') AND media_file IS NOT NULL AND EXISTS (SELECT 1 FROM transcript_lines t WHERE t.video_id = videos.id) ORDER BY id LIMIT 1 OFFSET ?`)
    .get(backend.brandId, offset) as { id: string; title: string; platform: 'Reelscope_AWS_S3' | 'GoogleDrive'; mediaFile: string } | undefined;
  if (!row) throw new Error('no downloadable video in the seed');
  return row;
}
