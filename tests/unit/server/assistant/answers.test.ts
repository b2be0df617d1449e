import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AssistantMessage } from '../../../../src/shared/assistant/assistant.schemas';
import * as ops from '../../../../src/shared/assistant/operations';
import { openVideoWorkspace, type VideoWorkspace } from '../videos/support/videoWorkspace';
import { QUESTION_SET } from './questionSet';

let w: VideoWorkspace;
let conversationId: string;
beforeAll(async () => {
  w = await openVideoWorkspace(1);
  conversationId = (await gql<{ createConversation: { _id: string } }>(ops.CREATE_CONVERSATION, { brandId: w.brandId })).createConversation._id;
}, 120_000);
afterAll(async () => w.close());

async function gql<T>(query: string, variables: Record<string, unknown>): Promise<T> {
  const response = await w.app.inject({ method: 'POST', url: '/graphql', headers: { authorization: `Bearer ${w.jwt}` }, payload: { query, variables } });
  const body = response.json() as { data?: T; errors?: { message: string }[] };
  if (body.errors) throw new Error(body.errors.map((e) => e.message).join('; '));
  return body.data as T;
}

describe('the assistant test set: answers derived from the data', () => {
  it('has at least 30 questions', () => expect(QUESTION_SET.length).toBeGreaterThanOrEqual(30));

  for (const item of QUESTION_SET) {
    it(`${item.question} (${item.duration})`, async () => {
      const { askReelscope: answer } = await gql<{ askReelscope: AssistantMessage }>(ops.ASK_REELSCOPE, {
        brandId: w.brandId, conversationId, duration: item.duration, userMessage: { content: item.question, role: 'user' },
      });
      const verdict = await item.check(w.sql, w.brandId, answer);
      expect(verdict.problems, answer.content).toEqual([]);
      // Every answer names the window it covers (in the question's language: a question in another script is answered in it).
      if (/\p{Script=Latin}/u.test(item.question)) expect(answer.content).toMatch(/^(Between \d{1,2} \w{3} \d{4} and|Up to) \d{1,2} \w{3} \d{4}/);
      else expect(answer.content).toMatch(/2026/);
      if (verdict.precision !== undefined) {
        expect(answer.supporting_data.length, answer.content).toBeGreaterThan(0);
        expect(verdict.precision).toBeGreaterThan(0);
      }
    });
  }
});
