/**
 * Issue 15, through the real `pubnub` SDK against the embedded back end on loopback:
 * - a message's round trip (published by one client, received by another's subscribe): p95 ≤ 50 ms, beside a bare
 *   loopback HTTP round trip (GET /health) measured in the same run as the baseline;
 * - opening a channel (its newest page of 25): with 10,000 messages p95 ≤ 150 ms, and ≤ 1.5× a 100-message channel.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import PubNub from 'pubnub';
import { buildApp } from '../src/server/app';
import { createChatKeys } from '../src/server/chat/chatKeys';
import { timetokenAt } from '../src/server/chat/timetoken';
import { openDatabase } from '../src/server/db/database';
import { seedDemoWorkspace } from '../src/server/seed/index';
import { EMBEDDED_PUBNUB_KEYS } from '../src/shared/http/pubnub.schemas';
import { DEMO_ACCOUNTS } from '../src/shared/demoAccounts';
import { percentile } from './benchStats';

const ROUND_TRIPS = 300;
const OPENS = 60;

/** A channel of `count` messages, alternating brand and creator, one a minute up to now. */
function fillChannel(db: ReturnType<typeof openDatabase>, channel: { id: string; user_id: string; recipient_creator_id: string }, count: number): void {
  const insert = db.prepare(`INSERT INTO chat_messages (id, channel_id, sender_kind, sender_id, content, created_at, read_at, timetoken, publisher)
    VALUES (?, ?, ?, ?, ?, ?, NULL, ?, ?)`);
  const start = Date.now() - count * 60_000;
  db.transaction(() => {
    for (let i = 0; i < count; i++) {
      const at = new Date(start + i * 60_000);
      const brand = i % 2 === 0;
      insert.run(randomBytes(12).toString('hex'), channel.id, brand ? 'user' : 'creator', brand ? channel.user_id : channel.recipient_creator_id,
        `Message ${i + 1}: ${brand ? 'could you share the numbers?' : 'sure, here they are.'}`, at.toISOString(), timetokenAt(at, i % 10_000),
        brand ? `user-${channel.user_id}` : `creator-${channel.recipient_creator_id}`);
    }
  })();
}

export async function run(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'reelscope-chat-bench-'));
  const db = openDatabase(join(dataDir, 'reelscope.sqlite'));
  await seedDemoWorkspace(db, { mediaDir: join(dataDir, 'media'), scale: 0.05, creatorScale: 0.1 });
  // The demo manager's own channels: a brand user's chat key is handed out for a signed-in session (GET /chats/config).
  const manager = db.prepare('SELECT id FROM users WHERE email = ?').pluck().get(DEMO_ACCOUNTS.brandManager.email) as string;
  const channels = db.prepare('SELECT id, pubnub_id, user_id, recipient_creator_id FROM chat_channels WHERE recipient_creator_id IS NOT NULL AND user_id = ? ORDER BY id LIMIT 3')
    .all(manager) as { id: string; pubnub_id: string; user_id: string; recipient_creator_id: string }[];
  if (channels.length < 3) throw new Error(`the demo manager has ${channels.length} creator channels, the bench needs 3`);
  const [talk, big, small] = channels as [typeof channels[0], typeof channels[0], typeof channels[0]];
  db.prepare('DELETE FROM chat_messages WHERE channel_id IN (?, ?)').run(big.id, small.id);
  fillChannel(db, big, 10_000);
  fillChannel(db, small, 100);
  const secret = randomBytes(64);
  const app = await buildApp({ db, jwtSecret: secret, dataDir });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  const origin = `127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  const login = (await app.inject({ method: 'POST', url: '/jwt_api/login', payload: DEMO_ACCOUNTS.brandManager })).json() as { jwt: string; currentBrand: { _id: string } };
  const config = (await app.inject({
    method: 'GET', url: `/jwt_api/chats/config?brand_id=${login.currentBrand._id}&user_id=${manager}`, headers: { authorization: `Bearer ${login.jwt}` },
  })).json() as { userId: string; authKey: string };
  // A creator has no session on this back end: their key names none, which chatKeys accepts for creators only.
  const keys = createChatKeys(secret, () => new Date());
  const client = (userId: string, authKey: string) => new PubNub({ ...EMBEDDED_PUBNUB_KEYS, origin, ssl: false, userId, authKey, logLevel: PubNub.LogLevel.None });
  const brand = client(config.userId, config.authKey);
  const creatorId = `creator-${talk.recipient_creator_id}`;
  const creator = client(creatorId, keys.issue(creatorId));
  try {
    // Baseline: a bare loopback HTTP round trip to the same server.
    const baseline: number[] = [];
    for (let i = 0; i < ROUND_TRIPS; i++) {
      const started = performance.now();
      await (await fetch(`http://${origin}/health`)).arrayBuffer();
      baseline.push(performance.now() - started);
    }

    const waiting = new Map<string, (at: number) => void>();
    brand.addListener({ message: (event) => waiting.get((event.message as { id: string }).id)?.(performance.now()) });
    await new Promise<void>((resolve, reject) => {
      // A refused subscribe fails the bench instead of waiting for a connection that never comes.
      brand.addListener({
        status: (event) => {
          if (!('category' in event)) return;
          if (event.category === 'PNConnectedCategory') resolve();
          else if (event.error) reject(new Error(`subscribe failed: ${JSON.stringify(event)}`));
        },
      });
      brand.subscribe({ channels: [talk.pubnub_id] });
    });
    const trips: number[] = [];
    for (let i = 0; i < ROUND_TRIPS; i++) {
      const id = `bench-${i}`;
      const received = new Promise<number>((resolve) => waiting.set(id, resolve));
      const started = performance.now();
      await creator.publish({ channel: talk.pubnub_id, message: { id, text: `round trip ${i}` } });
      trips.push((await received) - started);
      waiting.delete(id);
    }

    const open = async (pubnubId: string) => {
      const times: number[] = [];
      for (let i = 0; i < OPENS; i++) {
        const started = performance.now();
        const page = await brand.fetchMessages({ channels: [pubnubId], count: 25, includeUUID: true });
        if ((page.channels[pubnubId] ?? []).length !== 25) throw new Error('the newest page is not 25 messages');
        times.push(performance.now() - started);
      }
      return percentile(times, 95);
    };
    await open(small.pubnub_id);
    const smallP95 = await open(small.pubnub_id);
    const bigP95 = await open(big.pubnub_id);

    const tripP95 = percentile(trips, 95);
    const baseP95 = percentile(baseline, 95);
    console.log(`  message round trip (publish → other client's subscribe), p95: ${tripP95.toFixed(1)} ms (target ≤ 50 ms) ${tripP95 <= 50 ? 'PASS' : 'MISS'}`);
    console.log(`  baseline loopback HTTP GET /health, p95: ${baseP95.toFixed(1)} ms (round trip = ${(tripP95 / baseP95).toFixed(1)}× it)`);
    console.log(`  open a channel of 10,000 messages (newest 25), p95: ${bigP95.toFixed(1)} ms (target ≤ 150 ms) ${bigP95 <= 150 ? 'PASS' : 'MISS'}`);
    console.log(`  open a channel of 100 messages, p95: ${smallP95.toFixed(1)} ms; 10,000 vs 100: ${(bigP95 / smallP95).toFixed(2)}× (target ≤ 1.5×) ${bigP95 / smallP95 <= 1.5 ? 'PASS' : 'MISS'}`);
  } finally {
    brand.destroy(true);
    creator.destroy(true);
    await app.close();
    db.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
