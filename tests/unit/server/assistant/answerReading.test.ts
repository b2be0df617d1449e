import { describe, expect, it } from 'vitest';
import type { AssistantMessage, ReadingChange } from '../../../../src/shared/assistant/assistant.schemas';
import * as ops from '../../../../src/shared/assistant/operations';
import { useVideoWorkspace } from '../videos/support/videoWorkspace';
import { graphqlCall } from './graphqlCall';

/**
 * What an answer read (issue 30 item 4): every answer carries its reading (window, subject, filters) for the chips the
 * person changes and asks again; a regenerated follow-up keeps the context its first answer was read in. The
 * workspace's clock is 22 Nov 2026.
 */
const ws = useVideoWorkspace(0.2);

const call = <T>(query: string, variables: Record<string, unknown>): Promise<T> => graphqlCall<T>(ws.w, query, variables);
async function conversation() {
  const { createConversation } = await call<{ createConversation: { _id: string } }>(ops.CREATE_CONVERSATION, { brandId: ws.w.brandId });
  const conversationId = createConversation._id;
  return {
    ask: async (question: string, more: { duration?: string; reading?: ReadingChange } = {}) => (await call<{ askReelscope: AssistantMessage }>(ops.ASK_REELSCOPE, {
      brandId: ws.w.brandId, conversationId, duration: 'all_dates', userMessage: { content: question, role: 'user' }, ...more,
    })).askReelscope,
    regenerate: async (answer: AssistantMessage) => (await call<{ regenerate: AssistantMessage }>(ops.REGENERATE, { conversationId, questionId: answer.question_id, responseId: answer._id })).regenerate,
    messages: async () => (await call<{ getMessages: AssistantMessage[] }>(ops.GET_MESSAGES, { conversationId })).getMessages,
  };
}
const glowSerum = async () => (await ws.w.sql.get<{ id: string }>("SELECT id FROM products WHERE name = 'Lumina Glow Serum' AND brand_id = ?", [ws.w.brandId]))?.id ?? '';
const OCTOBER = ['2026-10-01T00:00:00.000Z', '2026-10-31T23:59:59.999Z'];

describe('the reading an answer used', () => {
  it('names the window, the subject and the filters, and is kept with the answer', async () => {
    const chat = await conversation();
    const answer = await chat.ask('How many TikTok videos mention the Glow Serum in October?');
    expect([answer.start_date, answer.end_date]).toEqual(OCTOBER);
    expect(answer.reading).toMatchObject({ window_said: 'in October', products: [{ id: await glowSerum(), name: 'Lumina Glow Serum' }], platform: 'Tiktok', understood: true, answer_language: 'en' });
    expect((await chat.messages()).find((m) => m._id === answer._id)?.reading).toEqual(answer.reading);
  });

  it('a regenerated follow-up keeps the subject and window of the question before it', async () => {
    const chat = await conversation();
    await chat.ask('How many videos mention the Glow Serum in October?');
    const followUp = await chat.ask('Only on TikTok');
    expect(followUp.reading).toMatchObject({ products: [{ name: 'Lumina Glow Serum' }], platform: 'Tiktok' });
    const again = await chat.regenerate(followUp);
    expect([again.start_date, again.end_date]).toEqual(OCTOBER);
    expect(again.reading).toMatchObject({ products: [{ name: 'Lumina Glow Serum' }], platform: 'Tiktok' });
    expect(again.content).toContain('on TikTok mentioning the Lumina Glow Serum');
  });

  it('asked again with changed chips, the answer uses the changed reading, and so does its regeneration', async () => {
    const chat = await conversation();
    const first = await chat.ask('How many TikTok videos mention the Glow Serum in October?');
    const changed = await chat.ask('How many TikTok videos mention the Glow Serum in October?', { duration: '1y', reading: { products: [await glowSerum()], competitor: null, platform: 'Instagram', creator: null, language: null } });
    expect(changed.reading).toMatchObject({ window_said: null, products: [{ name: 'Lumina Glow Serum' }], platform: 'Instagram' });
    expect(changed.content).toContain('on Instagram mentioning the Lumina Glow Serum');
    expect(changed.start_date).not.toBe(first.start_date);
    const again = await chat.regenerate(changed);
    expect(again.reading).toEqual(changed.reading);
    expect([again.start_date, again.end_date]).toEqual([changed.start_date, changed.end_date]);
  });

  it('a question that cannot be read says so and offers the closest questions it can answer', async () => {
    const chat = await conversation();
    const answer = await chat.ask('¿Y qué?');
    expect(answer.reading?.understood).toBe(false);
    expect(answer.reading?.suggestions.length).toBeGreaterThan(0);
    expect(answer.content).toContain(answer.reading?.suggestions[0] ?? '—');
  });
});
