import type PubNub from 'pubnub';
import { describe, expect, it } from 'vitest';
import { PUBNUB_MESSAGE_MAX_BYTES } from '../../../../src/shared/http/pubnub.schemas';
import { useChatWorkspace } from './chatWorkspace';
import { firstValue } from '../support/testEngine';

const workspace = useChatWorkspace();

interface Channel { id: string; pubnub_id: string; recipient_creator_id: string | null }
const creatorChannels = () => workspace.w.sql.all<Channel>(
  'SELECT id, pubnub_id, recipient_creator_id FROM chat_channels WHERE brand_id = ? AND recipient_creator_id IS NOT NULL ORDER BY id',
  [workspace.w.brandId],
);
const storedCount = async (channelId: string) => (await firstValue<number>(workspace.w.sql, 'SELECT COUNT(*) FROM chat_messages WHERE channel_id = ?', [channelId])) ?? 0;

/** The next message event on a client (a live delivery through subscribe). */
function nextMessage(client: PubNub): Promise<PubNub.Subscription.Message> {
  return new Promise((resolve) => {
    const listener = {
      message: (event: PubNub.Subscription.Message) => {
        client.removeListener(listener);
        resolve(event);
      },
    };
    client.addListener(listener);
  });
}
/** Resolves once the client's subscribe is connected. */
function connected(client: PubNub): Promise<void> {
  return new Promise((resolve) => {
    const listener = {
      status: (event: PubNub.Status | PubNub.StatusEvent) => {
        if ('category' in event && event.category === 'PNConnectedCategory') {
          client.removeListener(listener);
          resolve();
        }
      },
    };
    client.addListener(listener);
  });
}
const statusOf = (error: unknown) => (error as { status?: { statusCode?: number } }).status?.statusCode;

describe('the embedded PubNub endpoints, driven by the pubnub SDK', () => {
  it('pages back through a channel\'s history, newest page first, each page oldest first, none twice', async () => {
    const [channel] = await creatorChannels();
    const brand = workspace.w.client(workspace.w.config.userId, workspace.w.config.authKey);
    const seen: string[] = [];
    let start: string | undefined;
    for (;;) {
      const page = await brand.fetchMessages({ channels: [channel!.pubnub_id], count: 3, ...(start ? { start } : {}) });
      const messages = page.channels[channel!.pubnub_id] ?? [];
      if (messages.length === 0) break;
      const tokens = messages.map((m) => String(m.timetoken));
      expect(tokens).toEqual([...tokens].sort());
      if (seen.length > 0) expect(tokens.at(-1)! < seen[0]!).toBe(true);
      seen.unshift(...tokens);
      start = tokens[0];
    }
    expect(seen).toHaveLength(await storedCount(channel!.id));
    expect(new Set(seen).size).toBe(seen.length);
  });

  it('delivers a creator\'s message live to the brand, counts it as unread, and stores a retried publish once', async () => {
    const [channel] = await creatorChannels();
    const brand = workspace.w.client(workspace.w.config.userId, workspace.w.config.authKey);
    const creator = workspace.w.client(`creator-${channel!.recipient_creator_id}`);
    const before = (await brand.fetchMessages({ channels: [channel!.pubnub_id], count: 1 })).channels[channel!.pubnub_id]![0]!.timetoken;
    const ready = connected(brand);
    brand.subscribe({ channels: [channel!.pubnub_id] });
    await ready;
    const arriving = nextMessage(brand);
    const text = '<b>Hi!</b> مرحبا 👋 — 日本語';
    const sent = await creator.publish({ channel: channel!.pubnub_id, message: { id: 'creator-msg-1', text } });
    const event = await arriving;
    expect(event).toMatchObject({ channel: channel!.pubnub_id, publisher: `creator-${channel!.recipient_creator_id}`, message: { id: 'creator-msg-1', text } });
    expect(String(event.timetoken)).toBe(String(sent.timetoken));

    const again = await creator.publish({ channel: channel!.pubnub_id, message: { id: 'creator-msg-1', text } });
    expect(String(again.timetoken)).toBe(String(sent.timetoken));
    const counts = await brand.messageCounts({ channels: [channel!.pubnub_id], channelTimetokens: [String(before)] });
    expect(counts.channels[channel!.pubnub_id]).toBe(1);
    brand.unsubscribeAll();
  });

  it('resumes from a timetoken: what was published while away arrives on the next subscribe', async () => {
    const [, channel] = await creatorChannels();
    const brand = workspace.w.client(workspace.w.config.userId, workspace.w.config.authKey);
    const creator = workspace.w.client(`creator-${channel!.recipient_creator_id}`);
    const last = (await brand.fetchMessages({ channels: [channel!.pubnub_id], count: 1 })).channels[channel!.pubnub_id]![0]!.timetoken;
    await creator.publish({ channel: channel!.pubnub_id, message: { id: 'away-1', text: 'sent while you were away' } });
    const arriving = nextMessage(brand);
    brand.subscribe({ channels: [channel!.pubnub_id], timetoken: String(last) });
    expect((await arriving).message).toEqual({ id: 'away-1', text: 'sent while you were away' });
    brand.unsubscribeAll();
  });

  it('follows every channel of the brand in one subscribe (a path longer than a router\'s default segment)', async () => {
    const channels = await creatorChannels();
    const names = channels.map((c) => c.pubnub_id);
    expect(names.join(',').length).toBeGreaterThan(100);
    const brand = workspace.w.client(workspace.w.config.userId, workspace.w.config.authKey);
    const ready = connected(brand);
    brand.subscribe({ channels: names });
    await ready;
    const last = channels.at(-1)!;
    const arriving = nextMessage(brand);
    await workspace.w.client(`creator-${last.recipient_creator_id}`).publish({ channel: last.pubnub_id, message: { id: 'many-1', text: 'on the last channel' } });
    expect(await arriving).toMatchObject({ channel: last.pubnub_id, message: { text: 'on the last channel' } });
    brand.unsubscribeAll();
  });

  it('refuses a channel the caller is not a member of, a forged key and a missing one (403)', async () => {
    const [mine, other] = await creatorChannels();
    const creator = workspace.w.client(`creator-${mine!.recipient_creator_id}`);
    await expect(creator.fetchMessages({ channels: [other!.pubnub_id], count: 5 }).catch(statusOf)).resolves.toBe(403);
    await expect(creator.publish({ channel: other!.pubnub_id, message: { id: 'x', text: 'not mine' } }).catch(statusOf)).resolves.toBe(403);
    const forged = workspace.w.client(workspace.w.config.userId, `${workspace.w.config.authKey.slice(0, -2)}xx`);
    await expect(forged.fetchMessages({ channels: [mine!.pubnub_id], count: 5 }).catch(statusOf)).resolves.toBe(403);
    const borrowed = workspace.w.client(`creator-${other!.recipient_creator_id}`, workspace.w.config.authKey);
    await expect(borrowed.fetchMessages({ channels: [other!.pubnub_id], count: 5 }).catch(statusOf)).resolves.toBe(403);
    const bare = await fetch(`http://${workspace.w.origin}/v3/history/sub-key/sub-c-reelscope-embedded/channel/${mine!.pubnub_id}?uuid=${workspace.w.config.userId}`);
    expect(bare.status).toBe(403);
  });

  it('refuses empty, oversized and control-character messages and a timetoken from the future, storing nothing', async () => {
    const [channel] = await creatorChannels();
    const brand = workspace.w.client(workspace.w.config.userId, workspace.w.config.authKey);
    const stored = await storedCount(channel!.id);
    const publish = (text: string) => brand.publish({ channel: channel!.pubnub_id, message: { id: `bad-${text.length}`, text }, sendByPost: true }).catch(statusOf);
    await expect(publish('')).resolves.toBe(400);
    await expect(publish('   ')).resolves.toBe(400);
    await expect(publish('bell\u0007')).resolves.toBe(400);
    await expect(publish('x'.repeat(PUBNUB_MESSAGE_MAX_BYTES))).resolves.toBe(413);
    expect(await storedCount(channel!.id)).toBe(stored);
    const { config, origin } = workspace.w;
    const future = await fetch(`http://${origin}/v2/subscribe/sub-c-reelscope-embedded/${channel!.pubnub_id}/0?tt=99999999999999999&uuid=${config.userId}&auth=${encodeURIComponent(config.authKey)}`);
    expect([future.status, ((await future.json()) as { message: string }).message]).toEqual([400, expect.stringContaining('later than the back end')]);
  });
});
