import { describe, expect, it } from 'vitest';
import type { ChatConfig } from '../../../../src/shared/http/chat.schemas';
import type { TeamResponse } from '../../../../src/shared/http/team.schemas';
import { MESSAGES } from '../../../../src/shared/messages';
import { useChatWorkspace } from '../chat/chatWorkspace';
import { firstValue } from '../support/testEngine';
import { as, invite, signUpInvited } from './teamSupport';

const workspace = useChatWorkspace();

/** The status a PubNub history call with the member's chat key gets on a brand channel. */
async function chatHistoryStatus(config: ChatConfig): Promise<number> {
  const { app, sql, brandId } = workspace.w;
  const channel = (await firstValue(sql, 'SELECT pubnub_id FROM chat_channels WHERE brand_id = ? ORDER BY id LIMIT 1', [brandId])) as string;
  const who = `uuid=${encodeURIComponent(config.userId)}&auth=${encodeURIComponent(config.authKey)}`;
  return (await app.inject({ method: 'GET', url: `/v3/history/sub-key/${config.subscribeKey}/channel/${channel}?max=5&${who}` })).statusCode;
}

describe('removing a teammate (issue 29)', () => {
  it("ends their token, their chat key and their app key with the removal, not when they expire", async () => {
    const { app, jwt, brandId, liveMail } = workspace.w;
    const member = await signUpInvited(app, liveMail, await invite(app, jwt, brandId, 'leaving@lumina.test'));
    const config = (await as(app, member.jwt, 'GET', `/jwt_api/chats/config?brand_id=${brandId}`)).json() as ChatConfig;
    const appKey = await as(app, member.jwt, 'POST', `/jwt_api/brands/${brandId}/app_key`);
    expect(appKey.statusCode, appKey.body).toBe(200);
    const metricsCall = () => app.inject({ method: 'GET', url: `/metrics/widgets/`, headers: { 'x-api-key': (appKey.json() as { app_key: string }).app_key } });
    expect((await metricsCall()).statusCode).toBe(200);
    expect(await chatHistoryStatus(config)).toBe(200);

    const team = (await as(app, jwt, 'GET', `/jwt_api/brands/${brandId}/team`)).json() as TeamResponse;
    const leaving = team.members.find((person) => person.email === 'leaving@lumina.test')?._id ?? '';
    expect((await as(app, jwt, 'DELETE', `/jwt_api/brands/${brandId}/team/members/${leaving}`)).statusCode).toBe(200);

    expect(await chatHistoryStatus(config)).toBe(403);
    const refused = await as(app, member.jwt, 'GET', `/jwt_api/videos?brand_id=${brandId}`);
    expect([refused.statusCode, refused.json().message]).toEqual([401, MESSAGES.teamRemoved]);
    expect((await metricsCall()).statusCode).toBe(401);
  });
});
