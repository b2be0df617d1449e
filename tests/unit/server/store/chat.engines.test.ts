import { describe, expect, it } from 'vitest';
import type { ChatMember } from '../../../../src/server/chat/chatKeys';
import { createChatService } from '../../../../src/server/chat/chatService';
import { createChatChannels } from '../../../../src/server/repositories/chat/chatChannels';
import { createChatStore, type ChannelRow } from '../../../../src/server/repositories/chat/chatStore';
import { BASE_ROWS, useBothEngines } from './support/bothEngines';

/** Besides Ana (u1, of Glow): Ben (u2, no brand), the creator Maya (c1 of Glow, account u3). */
const ROWS = `${BASE_ROWS}
INSERT INTO users (id, email, password_hash, first_name, last_name, created_at) VALUES ('u2', 'ben@example.com', 'x', 'Ben', 'Ng', '2026-11-01T00:00:00.000Z');
INSERT INTO users (id, email, password_hash, first_name, last_name, created_at) VALUES ('u3', 'maya@example.com', 'x', 'Maya', 'Cruz', '2026-11-01T00:00:00.000Z');
INSERT INTO creators (id, brand_id, user_id, name, handle, platform, country, language, subscribers, video_count, creator_type, created_at)
  VALUES ('c1', 'b1', 'u3', 'Maya Cruz', '@maya', 'tiktok', 'US', 'en', 1000, 10, 'fan', '2026-11-01T00:00:00.000Z');`;

const both = useBothEngines(ROWS);
const ana: ChatMember = { kind: 'user', id: 'u1', userId: 'user-u1' };
const ben: ChatMember = { kind: 'user', id: 'u2', userId: 'user-u2' };
const maya: ChatMember = { kind: 'creator', id: 'c1', userId: 'creator-c1' };
const at = (second: number) => new Date(Date.UTC(2026, 10, 26, 9, 0, second));
/** Timetokens of whole seconds (17 digits), counting up from `second`. */
const clockFrom = (second: number) => () => String(at(second++).getTime() * 10_000);

describe('chat answers alike on SQLite and PostgreSQL', () => {
  it('opens a channel, lists it with its last message and who read what, and tells who may chat', async () => {
    const answers = [];
    for (const { name, sql } of both.engines()) {
      const channels = createChatChannels(sql);
      const store = createChatStore(sql);
      expect(await channels.userReachable('b1', 'u3'), name).toBe(true); // a creator's account
      expect(await channels.userReachable('b1', 'u1'), name).toBe(true); // a member
      expect(await channels.userReachable('b1', 'u2'), name).toBe(false);
      const id = await channels.create('b1', 'u1', 'influencer', 'c1', at(0));
      expect((await channels.withRecipient('b1', 'influencer', 'c1'))?._id, name).toBe(id);
      expect(await channels.withRecipient('b1', 'user', 'u3'), name).toBeNull();
      expect(await channels.find(id, 'b2'), name).toBeNull();
      const row = (await store.channel((await channels.find(id, 'b1'))!.pubnub_id))!;
      const next = clockFrom(1);
      await store.publish(row, ana, 'Hello Maya', 'a1', next);
      await store.publish(row, maya, 'Hi!', 'm1', next);
      const [listed] = await channels.list('b1');
      expect(listed?.last_message, name).toMatchObject({ text: 'Hi!', publisher: 'creator-c1' });
      expect(listed?.recipient.influencer?.name, name).toBe('Maya Cruz');
      // Ana's own message counts as read; Maya's is read once Ana marks it.
      const ownOnly = listed?.read_up_to;
      expect(await channels.markRead(id, listed!.last_message!.timetoken, 'user-u1', at(9)), name).toBe(1);
      const read = (await channels.find(id, 'b1'))?.read_up_to;
      expect(read, name).toBe(listed!.last_message!.timetoken);
      expect(await channels.list('b2'), name).toEqual([]);
      answers.push({ ownOnly, read, listed: { ...listed, _id: '', pubnub_id: '' } });
    }
    expect(answers[1]).toEqual(answers[0]);
  });

  it('stores a publish once per client id, delivers and pages the history in timetoken order, and admits only members', async () => {
    const answers = [];
    for (const { name, sql } of both.engines()) {
      const channels = createChatChannels(sql);
      const store = createChatStore(sql);
      const id = await channels.create('b1', 'u1', 'influencer', 'c1', at(0));
      const row: ChannelRow = (await store.channel((await channels.find(id, 'b1'))!.pubnub_id))!;
      expect(await store.isMember(row, ana), name).toBe(true);
      expect(await store.isMember(row, maya), name).toBe(true);
      expect(await store.isMember(row, ben), name).toBe(false);
      expect(await store.channel('rs-nope'), name).toBeNull();
      expect(await store.newestTimetoken(), name).toBe('0');

      const next = clockFrom(1);
      const first = await store.publish(row, ana, 'one', 'client-1', next);
      const retried = await store.publish(row, ana, 'one again', 'client-1', next);
      expect(retried, name).toEqual({ timetoken: first.timetoken, stored: false });
      for (const text of ['two', 'three', 'four']) await store.publish(row, maya, text, null, next);
      const newest = await store.newestTimetoken();

      const all = await store.after([row.id], '0', newest, 100);
      expect(all.map((m) => m.content), name).toEqual(['one', 'two', 'three', 'four']);
      expect((await store.after([row.id], all[0]!.timetoken, all[2]!.timetoken, 100)).map((m) => m.content), name).toEqual(['two', 'three']);
      // History: the newest `max` before start, oldest first.
      expect((await store.history(row.id, null, null, 2)).map((m) => m.content), name).toEqual(['three', 'four']);
      expect((await store.history(row.id, all[2]!.timetoken, null, 10)).map((m) => m.content), name).toEqual(['one', 'two']);
      expect(await store.countAfter(row.id, all[1]!.timetoken), name).toBe(2);
      expect((await channels.find(id, 'b1'))?.last_message_at, name).toBe(at(4).toISOString());
      answers.push(all.map(({ id: _id, channel_id: _channel, pubnub_id: _pubnub, ...message }) => message));
    }
    expect(answers[1]).toEqual(answers[0]);
  });

  it('stores a message once when the same publish arrives twice at the same moment', async () => {
    for (const { name, sql } of both.engines()) {
      const channels = createChatChannels(sql);
      const store = createChatStore(sql);
      const id = await channels.create('b1', 'u1', 'influencer', 'c1', at(0));
      const row = (await store.channel((await channels.find(id, 'b1'))!.pubnub_id))!;
      const next = clockFrom(1);
      const twins = await Promise.all([store.publish(row, ana, 'once', 'same', next), store.publish(row, ana, 'once', 'same', next)]);
      expect(twins.filter((t) => t.stored), name).toHaveLength(1);
      expect(twins[0]?.timetoken, name).toBe(twins[1]?.timetoken);
      expect(await store.countAfter(row.id, '0'), name).toBe(1);
    }
  });

  it('never gives a subscriber a cursor past a publish still being stored (PostgreSQL commits concurrent publishes in any order)', async () => {
    const pg = both.engines().find((engine) => engine.name === 'postgres')!.sql;
    const channels = createChatChannels(pg);
    const store = createChatStore(pg);
    const chat = await createChatService(store, new Uint8Array(32), () => at(30), 1000, () => true);
    const slowId = await channels.create('b1', 'u1', 'influencer', 'c1', at(0));
    const quickId = await channels.create('b1', 'u1', 'user', 'u3', at(0));
    const slow = (await store.channel((await channels.find(slowId, 'b1'))!.pubnub_id))!;
    const quick = (await store.channel((await channels.find(quickId, 'b1'))!.pubnub_id))!;

    // Another connection holds the slow channel's row, so the first publish stays uncommitted until it lets go.
    let release = (): void => undefined;
    const held = pg.transaction(async (tx) => {
      await tx.run('UPDATE chat_channels SET last_message_at = last_message_at WHERE id = ?', [slow.id]);
      await new Promise<void>((resolve) => (release = resolve));
    });
    const first = chat.publish(slow, ana, 'first', 'f1');
    let cursor: string;
    let second: string;
    let early: unknown[];
    try {
      while (Number((await pg.get<{ n: number }>('SELECT COUNT(*) AS n FROM pg_locks WHERE NOT granted'))?.n) === 0) await new Promise((r) => setImmediate(r));
      second = await chat.publish(quick, ana, 'second', 's1');
      cursor = chat.settledTimetoken();
      // What a subscribe would deliver now: not the second message alone, which would move its cursor past the first.
      early = await store.after([slow.id, quick.id], '0', cursor, 100);
    } finally {
      release();
      await held;
    }
    expect(cursor < second).toBe(true);
    expect(early).toEqual([]);
    const firstToken = await first;
    expect(firstToken < second).toBe(true);
    const delivered = await store.after([slow.id, quick.id], '0', chat.settledTimetoken(), 100);
    expect(delivered.map((m) => m.content)).toEqual(['first', 'second']);
  });
});
