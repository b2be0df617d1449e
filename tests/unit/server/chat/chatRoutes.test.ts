import { describe, expect, it } from 'vitest';
import type { ChatChannel } from '../../../../src/shared/http/chat.schemas';
import { createTestUser } from '../support/testServer';
import { useChatWorkspace } from './chatWorkspace';
import { firstValue } from '../support/testEngine';

const workspace = useChatWorkspace();
const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  workspace.w.app.inject({ method, url, headers: { authorization: `Bearer ${workspace.w.jwt}` }, ...(payload ? { payload: { brand_id: workspace.w.brandId, ...payload } } : {}) });

describe('chat routes', () => {
  it('hands out a key for the signed-in user that the PubNub endpoints accept, and lists channels newest activity first', async () => {
    const { config } = workspace.w;
    expect(config).toMatchObject({ publishKey: 'pub-c-reelscope-embedded', subscribeKey: 'sub-c-reelscope-embedded', secure: false, origin: expect.stringMatching(/^127\.0\.0\.1:\d+$|^localhost/) });
    const { channels } = (await call('GET', `/jwt_api/chats?brand_id=${workspace.w.brandId}`)).json() as { channels: ChatChannel[] };
    expect(channels.length).toBeGreaterThan(1);
    const times = channels.map((c) => c.last_message_at ?? c.created_at);
    expect(times).toEqual([...times].sort().reverse());
    const withCreator = channels.find((c) => c.recipient.influencer)!;
    expect(withCreator.last_message).toMatchObject({ text: expect.any(String), timetoken: expect.stringMatching(/^\d{17}$/) });
    expect(channels.some((c) => c.recipient.user?.pubnub_user_id.startsWith('user-'))).toBe(true);
  });

  it('opens a channel with a creator once (POST twice answers the same), finds it by the video author, and marks it read', async () => {
    const creator = (await firstValue(workspace.w.sql, 'SELECT id FROM creators WHERE brand_id = ? ORDER BY id DESC LIMIT 1', [workspace.w.brandId])) as string;
    await workspace.w.sql.run('DELETE FROM chat_channels WHERE recipient_creator_id = ?', [creator]);
    const first = (await call('POST', '/jwt_api/chats', { recipient_id: creator })).json() as { channel: ChatChannel; created: boolean };
    expect(first).toMatchObject({ created: true, channel: { recipient: { influencer: { _id: creator, pubnub_user_id: `creator-${creator}` } }, last_message: null } });
    const second = (await call('POST', '/jwt_api/chats', { recipient_id: creator })).json() as { channel: ChatChannel; created: boolean };
    expect([second.created, second.channel._id]).toEqual([false, first.channel._id]);
    const byAuthor = (await call('GET', `/jwt_api/chats/${creator}?brand_id=${workspace.w.brandId}&is_video_author_id=true`)).json() as { channel: ChatChannel };
    expect(byAuthor.channel._id).toBe(first.channel._id);
    const updated = await call('PUT', `/jwt_api/channels/${first.channel._id}`, { data: { read_up_to: '17999999999999999' } });
    expect(updated.statusCode).toBe(200);
    expect((await call('PUT', `/jwt_api/channels/${first.channel._id}`, { data: { read_up_to: 'soon' } })).statusCode).toBe(400);
  });

  it('keeps another brand\'s channels and creators out', async () => {
    const foreign = (await firstValue(workspace.w.sql, 'SELECT id FROM chat_channels WHERE brand_id <> ? LIMIT 1', [workspace.w.brandId])) as string;
    expect((await call('GET', `/jwt_api/chats/${foreign}?brand_id=${workspace.w.brandId}`)).statusCode).toBe(404);
    expect((await call('PUT', `/jwt_api/channels/${foreign}`, { data: {} })).statusCode).toBe(404);
    const otherCreator = (await firstValue(workspace.w.sql, `SELECT c.id FROM creators c JOIN brands b ON b.id = c.brand_id WHERE c.brand_id <> ? AND b.competitor_of IS NULL LIMIT 1`, [workspace.w.brandId])) as string;
    expect((await call('POST', '/jwt_api/chats', { recipient_id: otherCreator })).statusCode).toBe(404);
  });

  it('opens a direct chat only with a person who shares the brand or is one of its creators; anyone else is not found, as an unknown id is', async () => {
    const { sql, brandId } = workspace.w;
    const openWith = (recipient_id: string) => call('POST', '/jwt_api/chats', { recipient_id, recipient_kind: 'user' });
    const stranger = await createTestUser(sql, { email: 'stranger@elsewhere.test', firstName: 'Quentin', brands: [{ name: 'Elsewhere' }] });
    const unknown = await openWith('no-such-user-id');
    expect(unknown.statusCode).toBe(404);
    const refused = await openWith(stranger.id);
    expect([refused.statusCode, refused.body]).toEqual([404, unknown.body]);
    expect(await firstValue(sql, 'SELECT COUNT(*) FROM chat_channels WHERE recipient_user_id = ?', [stranger.id])).toBe(0);

    // The account of a competitor's creator is a stranger too.
    await sql.run('UPDATE creators SET user_id = ? WHERE id = (SELECT c.id FROM creators c JOIN brands b ON b.id = c.brand_id WHERE b.competitor_of = ? LIMIT 1)', [stranger.id, brandId]);
    expect((await openWith(stranger.id)).body).toBe(unknown.body);

    const colleague = await createTestUser(sql, { email: 'colleague@reelscope.test', firstName: 'Ines' });
    await sql.run('INSERT INTO brand_members (user_id, brand_id) VALUES (?, ?)', [colleague.id, brandId]);
    const opened = await openWith(colleague.id);
    expect(opened.statusCode, opened.body).toBe(200);
    expect((opened.json() as { channel: ChatChannel }).channel.recipient.user).toMatchObject({ _id: colleague.id, first_name: 'Ines' });

    const creatorAccount = (await firstValue(sql, 'SELECT user_id FROM creators WHERE brand_id = ? AND user_id IS NOT NULL LIMIT 1', [brandId])) as string;
    expect((await openWith(creatorAccount)).statusCode).toBe(200);
  });
});
