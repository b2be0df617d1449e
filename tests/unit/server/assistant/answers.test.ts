import { beforeAll, describe, expect, it } from 'vitest';
import type { AssistantMessage } from '../../../../src/shared/assistant/assistant.schemas';
import * as ops from '../../../../src/shared/assistant/operations';
import { useAssistantWorkspace } from './support/assistantWorkspace';
import { QUESTION_SET } from './questionSet';

const { workspace, gql } = useAssistantWorkspace();
let conversationId: string;
beforeAll(async () => {
  conversationId = (await gql<{ createConversation: { _id: string } }>(ops.CREATE_CONVERSATION, { brandId: workspace().brandId })).createConversation._id;
});

describe('the assistant test set: answers derived from the data', () => {
  it('has at least 30 questions', () => expect(QUESTION_SET.length).toBeGreaterThanOrEqual(30));

  for (const item of QUESTION_SET) {
    it(`${item.question} (${item.duration})`, async () => {
      const { askReelscope: answer } = await gql<{ askReelscope: AssistantMessage }>(ops.ASK_REELSCOPE, {
        brandId: workspace().brandId, conversationId, duration: item.duration, userMessage: { content: item.question, role: 'user' },
      });
      const verdict = await item.check(workspace().sql, workspace().brandId, answer);
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
