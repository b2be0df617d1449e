import { describe, expect, it } from 'vitest';
import type { ChatConfig } from '../../../../src/shared/http/chat.schemas';
import { hashOpaqueToken } from '../../../../src/server/auth/opaqueTokens';
import { createTestUser, send, signIn } from '../support/testServer';
import { useChatWorkspace } from './chatWorkspace';
import { firstValue } from '../support/testEngine';

const workspace = useChatWorkspace();

/** A colleague of the demo brand signed in on their own, with their chat key (a session of their own to end). */
async function colleagueSession(email: string) {
  const { app, sql, brandId } = workspace.w;
  const user = await createTestUser(sql, { email });
  await sql.run('INSERT INTO brand_members (user_id, brand_id) VALUES (?, ?)', [user.id, brandId]);
  const session = await signIn(app, user);
  return { user, session, config: await chatConfig(session.jwt) };
}

async function chatConfig(jwt: string): Promise<ChatConfig> {
  const response = await workspace.w.app.inject({ method: 'GET', url: `/jwt_api/chats/config?brand_id=${workspace.w.brandId}`, headers: { authorization: `Bearer ${jwt}` } });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

/** The PubNub REST calls a client makes with the key: history of a brand channel and a subscribe handshake. */
async function chatStatuses(config: ChatConfig): Promise<{ history: number; subscribe: number }> {
  const { app, sql, brandId } = workspace.w;
  const channel = (await firstValue(sql, 'SELECT pubnub_id FROM chat_channels WHERE brand_id = ? ORDER BY id LIMIT 1', [brandId])) as string;
  const who = `uuid=${encodeURIComponent(config.userId)}&auth=${encodeURIComponent(config.authKey)}`;
  const history = await app.inject({ method: 'GET', url: `/v3/history/sub-key/${config.subscribeKey}/channel/${channel}?max=5&${who}` });
  const subscribe = await app.inject({ method: 'GET', url: `/v2/subscribe/${config.subscribeKey}/${channel}/0?tt=0&${who}` });
  return { history: history.statusCode, subscribe: subscribe.statusCode };
}

const OPEN = { history: 200, subscribe: 200 };
const ENDED = { history: 403, subscribe: 403 };

describe('the chat auth key lives with the session it was issued in (issue 26, item 7)', () => {
  it('signing out ends it: history and subscribe answer 403', async () => {
    const { session, config } = await colleagueSession('signs-out@reelscope.test');
    expect(await chatStatuses(config)).toEqual(OPEN);
    expect((await send(workspace.w.app, 'POST', '/jwt_api/logout', { refresh_token: session.refresh_token })).statusCode).toBe(200);
    expect(await chatStatuses(config)).toEqual(ENDED);
  });

  it('a refresh and a brand switch keep it; signing out after them still ends it', async () => {
    const { app } = workspace.w;
    const { session, config } = await colleagueSession('keeps-going@reelscope.test');
    const rotated = (await send(app, 'PUT', '/jwt_api/session', { refresh_token: session.refresh_token })).json() as { jwt: string; refresh_token: string };
    expect(await chatStatuses(config)).toEqual(OPEN);
    const switched = await send(app, 'PUT', '/jwt_api/session', { brand_id: workspace.w.brandId }, rotated.jwt);
    expect(switched.statusCode, switched.body).toBe(200);
    expect(await chatStatuses(config)).toEqual(OPEN);
    // Signing out with the token from before the switch ends the whole sign-in, the switch's tokens included.
    await send(app, 'POST', '/jwt_api/logout', { refresh_token: rotated.refresh_token });
    expect(await chatStatuses(config)).toEqual(ENDED);
    // The switch's access token ended with the sign-in too: it cannot fetch a chat key any more.
    const afterSignOut = await app.inject({ method: 'GET', url: `/jwt_api/chats/config?brand_id=${workspace.w.brandId}`, headers: { authorization: `Bearer ${(switched.json() as { jwt: string }).jwt}` } });
    expect(afterSignOut.statusCode).toBe(401);
  });

  it('a reused refresh token (the family revoked) ends it', async () => {
    const { app } = workspace.w;
    const { session, config } = await colleagueSession('copied@reelscope.test');
    await send(app, 'PUT', '/jwt_api/session', { refresh_token: session.refresh_token });
    // Replayed after the retry grace, not within it (the rotation is dated a minute back rather than waiting a minute).
    await workspace.w.sql.run('UPDATE refresh_tokens SET rotated_at = ? WHERE token_hash = ?', [new Date(Date.now() - 60_000).toISOString(), hashOpaqueToken(session.refresh_token)]);
    expect((await send(app, 'PUT', '/jwt_api/session', { refresh_token: session.refresh_token })).statusCode).toBe(401);
    expect(await chatStatuses(config)).toEqual(ENDED);
  });

  it('removing the user ends it', async () => {
    const { user, config } = await colleagueSession('removed@reelscope.test');
    await workspace.w.sql.run('DELETE FROM users WHERE id = ?', [user.id]);
    expect(await chatStatuses(config)).toEqual(ENDED);
  });

  it('another session of the same person keeps its own key', async () => {
    const { app } = workspace.w;
    const { user, session, config } = await colleagueSession('two-windows@reelscope.test');
    const second = await signIn(app, user);
    const secondConfig = await chatConfig(second.jwt);
    await send(app, 'POST', '/jwt_api/logout', { refresh_token: session.refresh_token });
    expect(await chatStatuses(config)).toEqual(ENDED);
    expect(await chatStatuses(secondConfig)).toEqual(OPEN);
  });
});
