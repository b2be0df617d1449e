/**
 * Chat across back-end instances (issue 28) on PostgreSQL: two chat services over one database, each with its own
 * pool and its own notice listener, as two instances behind a load balancer. (SQLite is one process per file: its
 * in-process wake-up is what the chat tests on one back end cover.)
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { ChatMember } from '../../../../src/server/chat/chatKeys';
import { createChatService, type ChatService } from '../../../../src/server/chat/chatService';
import { createPostgresNotifier, type ChangeNotifier } from '../../../../src/server/db/changeNotifier';
import { createPostgresClient } from '../../../../src/server/db/postgres/postgresClient';
import { openPostgresDatabase } from '../../../../src/server/db/postgres/database';
import type { PostgresPool } from '../../../../src/server/db/postgres/pool';
import { createChatChannels } from '../../../../src/server/repositories/chat/chatChannels';
import { createChatStore, payloadOf, type ChannelRow } from '../../../../src/server/repositories/chat/chatStore';
import { usePgTestCluster } from '../postgres/support/pgTestCluster';
import { BASE_ROWS } from './support/bothEngines';

const cluster = usePgTestCluster();
const ana: ChatMember = { kind: 'user', id: 'u1', userId: 'user-u1' };
const MESSAGES = 500;
const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close();
});

/** One back-end instance's chat over its own pool and notice listener. */
async function instance(url: string): Promise<{ chat: ChatService; pool: PostgresPool; notifier: ChangeNotifier }> {
  const pool = await openPostgresDatabase(url);
  const notifier = createPostgresNotifier(pool);
  closers.push(() => pool.end(), () => notifier.close());
  const chat = await createChatService(createChatStore(createPostgresClient(pool)), new Uint8Array(32), () => new Date(), 60_000, () => true, notifier);
  return { chat, pool, notifier };
}

const p95 = (values: number[]) => values.toSorted((a, b) => a - b)[Math.ceil(values.length * 0.95) - 1]!;

describe('chat across instances on PostgreSQL', () => {
  it(`${MESSAGES} messages published through one instance reach a subscriber long-polling through another, in order, none lost or doubled — also across a dropped listener`, async () => {
    const url = await cluster.createDatabase();
    const a = await instance(url);
    const b = await instance(url);
    const setup = createPostgresClient(a.pool);
    for (const statement of `${BASE_ROWS}
INSERT INTO creators (id, brand_id, name, handle, platform, country, language, subscribers, video_count, creator_type, created_at)
  VALUES ('c1', 'b1', 'Maya Cruz', '@maya', 'tiktok', 'US', 'en', 1000, 10, 'fan', '2026-11-01T00:00:00.000Z')`.split(';')) await setup.run(statement);
    const channelId = await createChatChannels(setup).create('b1', 'u1', 'influencer', 'c1', new Date());
    const pubnubId = (await createChatChannels(setup).find(channelId, 'b1'))!.pubnub_id;
    const channelOn = async (chat: ChatService): Promise<ChannelRow> => (await chat.store.channel(pubnubId))!;
    const [onA, onB] = [await channelOn(a.chat), await channelOn(b.chat)];

    const sentAt = new Map<string, number>();
    const received: { text: string; timetoken: string; latencyMs: number }[] = [];
    const stop = new AbortController();
    let cursor = await b.chat.readBound();
    const subscriber = (async () => {
      while (received.length < MESSAGES && !stop.signal.aborted) {
        const { rows, next } = await b.chat.longPoll([onB], cursor, stop.signal, async () => undefined);
        const at = performance.now();
        for (const row of rows) {
          const { text } = payloadOf(row);
          received.push({ text, timetoken: row.timetoken, latencyMs: at - (sentAt.get(text) ?? at) });
        }
        cursor = next;
      }
    })();

    try {
      for (let i = 0; i < MESSAGES; i += 1) {
        const text = `message ${String(i).padStart(3, '0')}`;
        if (i === MESSAGES / 2) {
          // The instances' listening connections drop (a network blip, their sessions ended by the database): each
          // listens again and its waiting subscribers read again, so the messages published meanwhile are not missed.
          await setup.run("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE query LIKE 'LISTEN%' AND pid <> pg_backend_pid()");
        }
        sentAt.set(text, performance.now());
        await a.chat.publish(onA, ana, text, `client-${i}`);
      }
      await subscriber;
    } finally {
      stop.abort();
    }

    expect(received.map((message) => message.text)).toEqual(Array.from({ length: MESSAGES }, (_, i) => `message ${String(i).padStart(3, '0')}`));
    expect(received.map((message) => message.timetoken)).toEqual(received.map((message) => message.timetoken).toSorted());
    const latencies = received.map((message) => message.latencyMs);
    console.log(`chat across two instances (PostgreSQL LISTEN/NOTIFY): ${MESSAGES} messages, delivery p95 ${p95(latencies.slice(0, MESSAGES / 2)).toFixed(1)} ms `
      + `(${p95(latencies).toFixed(1)} ms counting the messages published while the listeners were reconnecting)`);
  });
});
