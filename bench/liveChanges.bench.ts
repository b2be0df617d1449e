/**
 * Issue 29, live changes over the embedded back end on loopback:
 * - a change's delivery (a note saved through the API → the `change` event read by each of 50 connected clients,
 *   each a teammate of the brand with one window open): p95 ≤ 250 ms, beside a bare loopback GET /health;
 * - the back end's memory per open stream (heap and buffers after a full GC, 350 streams opened (7 a user), divided by 350;
 *   the clients' side of the sockets runs in the same process, so this is an upper bound).
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../src/server/app';
import { createAccessTokenService } from '../src/server/auth/accessTokens';
import { openDatabase } from '../src/server/db/database';
import { seedDemoWorkspace } from '../src/server/seed/index';
import { LIVE_CHANGES_PATH, LIVE_STREAMS_PER_USER } from '../src/shared/http/liveChanges.schemas';
import { percentile } from './benchStats';

const CLIENTS = 50;
const CHANGES = 40;
const MEMORY_STREAMS = 350;

interface Client {
  /** Resolves with the time the change on `videoId` arrived. */
  arrival(videoId: string): Promise<number>;
  ready: Promise<void>;
  stop(): void;
}

/** One window's stream, read with fetch as the renderer reads it. */
function connect(url: string, jwt: string): Client {
  const stop = new AbortController();
  const waiting = new Map<string, (at: number) => void>();
  let opened: () => void = () => undefined;
  const ready = new Promise<void>((resolve) => (opened = resolve));
  void (async () => {
    const response = await fetch(url, { headers: { authorization: `Bearer ${jwt}` }, signal: stop.signal });
    if (!response.ok || !response.body) throw new Error(`stream refused: ${response.status}`);
    const decoder = new TextDecoder();
    let buffer = '';
    for await (const chunk of response.body) {
      const at = performance.now();
      buffer += decoder.decode(chunk as Uint8Array, { stream: true });
      const blocks = buffer.split('\n\n');
      buffer = blocks.pop() ?? '';
      for (const block of blocks) {
        if (block.includes('event: ready')) opened();
        const target = /"target_id":"([^"]+)"/.exec(block)?.[1];
        if (block.includes('event: change') && target) waiting.get(target)?.(at);
      }
    }
  })().catch(() => undefined);
  return {
    ready,
    arrival: (videoId) => new Promise((resolve) => waiting.set(videoId, resolve)),
    stop: () => stop.abort(),
  };
}

const heapNow = () => {
  (globalThis as { gc?: () => void }).gc?.();
  const usage = process.memoryUsage();
  return usage.heapUsed + usage.external + usage.arrayBuffers;
};

export async function run(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'reelscope-live-bench-'));
  const db = openDatabase(join(dataDir, 'reelscope.sqlite'));
  await seedDemoWorkspace(db, { mediaDir: join(dataDir, 'media'), scale: 0.05, creatorScale: 0.1 });
  const brandId = (db.prepare("SELECT b.id FROM brands b JOIN brand_members m ON m.brand_id = b.id ORDER BY b.created_at LIMIT 1").get() as { id: string }).id;
  const videoIds = (db.prepare('SELECT id FROM videos WHERE brand_id = ? ORDER BY id LIMIT ?').all(brandId, CHANGES) as { id: string }[]).map((row) => row.id);
  // The brand's team: a user per window (the streams a user may hold are limited), each signed a token directly.
  const secret = randomBytes(64);
  const tokens = createAccessTokenService(secret, () => new Date());
  const team: string[] = [];
  const addUser = db.prepare("INSERT INTO users (id, email, password_hash, first_name, last_name, roles, registration_completed, created_at) VALUES (?, ?, 'x', ?, 'Bench', '[\"brand_manager\"]', 1, ?)");
  const addMember = db.prepare('INSERT INTO brand_members (user_id, brand_id) VALUES (?, ?)');
  for (let i = 0; i < CLIENTS; i++) {
    const id = randomUUID();
    addUser.run(id, `bench-${i}@example.com`, `Teammate ${i}`, new Date().toISOString());
    addMember.run(id, brandId);
    team.push((await tokens.sign({ userId: id, brandId })).jwt);
  }
  const app = await buildApp({ db, jwtSecret: secret, dataDir });
  const base = await app.listen({ host: '127.0.0.1', port: 0 });
  const streamUrl = `${base}/jwt_api${LIVE_CHANGES_PATH}`;
  const clients: Client[] = [];
  try {
    const baseline: number[] = [];
    for (let i = 0; i < 200; i++) {
      const started = performance.now();
      await (await fetch(`${base}/health`)).arrayBuffer();
      baseline.push(performance.now() - started);
    }

    clients.push(...team.map((jwt) => connect(streamUrl, jwt)));
    await Promise.all(clients.map((client) => client.ready));
    const deliveries: number[] = [];
    for (const [i, videoId] of videoIds.entries()) {
      const arrivals = clients.map((client) => client.arrival(videoId));
      const started = performance.now();
      const saved = await fetch(`${base}/jwt_api/videos/${videoId}/video_note`, {
        method: 'PUT', headers: { 'content-type': 'application/json', authorization: `Bearer ${team[0]}` }, body: JSON.stringify({ content: `Bench note ${i}` }),
      });
      if (!saved.ok) throw new Error(`note not saved: ${saved.status} ${await saved.text()}`);
      for (const at of await Promise.all(arrivals)) deliveries.push(at - started);
    }
    for (const client of clients.splice(0)) client.stop();

    // Memory: the heap and buffers after a GC, before and with MEMORY_STREAMS streams open.
    await new Promise((resolve) => setTimeout(resolve, 200));
    const before = heapNow();
    const windows = Array.from({ length: MEMORY_STREAMS }, (_, i) => connect(streamUrl, team[Math.floor(i / (LIVE_STREAMS_PER_USER - 1))]!));
    clients.push(...windows);
    await Promise.all(windows.map((client) => client.ready));
    const perStream = (heapNow() - before) / MEMORY_STREAMS;

    const p95 = percentile(deliveries, 95);
    const baseP95 = percentile(baseline, 95);
    console.log(`  change delivered to ${CLIENTS} connected clients (note saved → each client's event; ${deliveries.length} deliveries), p95: ${p95.toFixed(1)} ms (target ≤ 250 ms) ${p95 <= 250 ? 'PASS' : 'MISS'}`);
    console.log(`  median ${percentile(deliveries, 50).toFixed(1)} ms, max ${Math.max(...deliveries).toFixed(1)} ms; baseline loopback GET /health p95 ${baseP95.toFixed(1)} ms (delivery p95 = ${(p95 / baseP95).toFixed(1)}× it)`);
    console.log(`  memory per open stream (${MEMORY_STREAMS} streams, heap + buffers after GC, client side included): ${(perStream / 1024).toFixed(1)} KiB`);
  } finally {
    for (const client of clients) client.stop();
    await app.close();
    db.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
