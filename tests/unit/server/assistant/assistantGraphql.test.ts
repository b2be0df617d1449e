import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AssistantMessage, Conversation, Prompt } from '../../../../src/shared/assistant/assistant.schemas';
import { QUESTION_MAX_CHARS } from '../../../../src/shared/assistant/assistant.schemas';
import * as ops from '../../../../src/shared/assistant/operations';
import { SAMPLE_QUESTIONS } from '../../../../src/shared/assistant/sampleQuestions';
import { createTestUser, signIn } from '../support/testServer';
import { openVideoWorkspace, type VideoWorkspace } from '../videos/support/videoWorkspace';
import { assistantClient, listen } from './assistantClient';
import { MAX_QUERY_DEPTH } from '../../../../src/server/routes/graphql/queryLimits';
import { firstValue } from '../support/testEngine';

let w: VideoWorkspace;
let origin: string;
let maya: ReturnType<typeof assistantClient>;
let stranger: ReturnType<typeof assistantClient>;
let strangerJwt: string;

beforeAll(async () => {
  w = await openVideoWorkspace(0.2);
  origin = await listen(w.app);
  maya = assistantClient(origin, w.jwt);
  const other = await createTestUser(w.sql, { email: 'rival@example.com', brands: [{ name: 'Rival Labs' }] });
  strangerJwt = (await signIn(w.app, other)).jwt;
  stranger = assistantClient(origin, strangerJwt);
}, 120_000);
afterAll(async () => w.close());

type Ask = { askReelscope: AssistantMessage };
const newConversation = async () => (await maya.mutate<{ createConversation: Conversation }>(ops.CREATE_CONVERSATION, { brandId: w.brandId })).data!.createConversation;
const ask = (conversationId: string, content: string, extra: Record<string, unknown> = {}) =>
  maya.mutate<Ask>(ops.ASK_REELSCOPE, { brandId: w.brandId, conversationId, duration: '1y', userMessage: { content, role: 'user' }, ...extra });
const messages = async (conversationId: string) => (await maya.query<{ getMessages: AssistantMessage[] }>(ops.GET_MESSAGES, { conversationId })).data?.getMessages ?? [];

describe('assistant GraphQL over HTTP (Apollo Client)', () => {
  it('offers the sample questions among its prompts', async () => {
    const { data, errors } = await maya.query<{ getAllPrompts: Prompt[] }>(ops.GET_ALL_PROMPTS);
    expect(errors).toEqual([]);
    expect(data!.getAllPrompts.map((p) => p.prompt)).toEqual(expect.arrayContaining([...SAMPLE_QUESTIONS]));
  });

  it('keeps a conversation: ask, list, like, regenerate, rename, delete', async () => {
    const conversation = await newConversation();
    const listed = (await maya.query<{ getConversations: Conversation[] }>(ops.GET_CONVERSATIONS, { brandId: w.brandId })).data!.getConversations;
    expect(listed[0]?._id).toBe(conversation._id);

    const answer = (await ask(conversation._id, 'What do people say about the price?')).data!.askReelscope;
    expect(answer.role).toBe('assistant');
    expect(answer.supporting_data.length).toBeGreaterThan(0);
    const thread = await messages(conversation._id);
    expect(thread.map((m) => m.role)).toEqual(['user', 'assistant']);
    expect(answer.question_id).toBe(thread[0]?._id);
    const titled = (await maya.query<{ getConversations: Conversation[] }>(ops.GET_CONVERSATIONS, { brandId: w.brandId })).data!.getConversations[0]!;
    expect(titled.title).toBe('What do people say about the price?');
    expect(titled.working_messages.map((m) => m.role)).toEqual(['user', 'assistant']);

    expect((await maya.mutate<{ likeMessage: AssistantMessage }>(ops.LIKE_MESSAGE, { like: 1, messageId: answer._id })).data!.likeMessage.like).toBe(1);
    expect((await messages(conversation._id))[1]?.like).toBe(1);
    expect((await maya.mutate<{ likeMessage: AssistantMessage }>(ops.LIKE_MESSAGE, { like: 0, messageId: answer._id })).data!.likeMessage.like).toBe(0);

    const again = (await maya.mutate<{ regenerate: AssistantMessage }>(ops.REGENERATE, { conversationId: conversation._id, questionId: answer.question_id, responseId: answer._id })).data!.regenerate;
    expect(again._id).not.toBe(answer._id);
    expect(again.question_id).toBe(answer.question_id);
    const firstLines = new Set(answer.supporting_data.map((d) => d.db_id));
    expect(again.supporting_data.filter((d) => firstLines.has(d.db_id))).toEqual([]);
    expect((await messages(conversation._id)).map((m) => m._id)).toEqual([answer.question_id, answer._id, again._id]);

    const renamed = await maya.mutate<{ updateConversation: Conversation }>(ops.UPDATE_CONVERSATION, { conversationId: conversation._id, title: '  Pricing   notes ' });
    expect(renamed.data!.updateConversation.title).toBe('Pricing notes');
    expect((await maya.mutate<{ deleteConversation: boolean }>(ops.DELETE_CONVERSATION, { conversationId: conversation._id })).data!.deleteConversation).toBe(true);
    const gone = await maya.query<{ getMessages: AssistantMessage[] }>(ops.GET_MESSAGES, { conversationId: conversation._id });
    expect(gone.errors[0]).toMatch(/does not exist/);
    expect(gone.data).toBeUndefined();
    expect((await ask(conversation._id, 'Anything?')).codes).toEqual(['NOT_FOUND']);
  });

  it('opens a cited video with getVideo', async () => {
    const conversation = await newConversation();
    const cited = (await ask(conversation._id, 'Which videos complain about the pump?')).data!.askReelscope.supporting_data[0]!;
    const video = await maya.query<{ getVideo: { _id: string; title: string; analysis_stage: string; manufacturer_ids: string[] } }>(ops.GET_VIDEO, { queryVideo: { _id: cited.transcript_id_video_id } });
    expect(video.data!.getVideo).toMatchObject({ _id: cited.transcript_id_video_id, analysis_stage: 'completed', manufacturer_ids: [w.brandId] });
    const title = await firstValue(w.sql, 'SELECT title FROM videos WHERE id = ?', [cited.transcript_id_video_id]);
    expect(video.data!.getVideo.title).toBe(title);
  });

  it('gives another brand nothing: conversations, messages and videos are not found', async () => {
    const conversation = await newConversation();
    const answer = (await ask(conversation._id, 'What do people say about the texture?')).data!.askReelscope;
    const videoId = answer.supporting_data[0]!.transcript_id_video_id;
    const attempts = await Promise.all([
      stranger.query(ops.GET_CONVERSATIONS, { brandId: w.brandId }),
      stranger.query(ops.GET_MESSAGES, { conversationId: conversation._id }),
      stranger.query(ops.GET_VIDEO, { queryVideo: { _id: videoId } }),
      stranger.mutate(ops.CREATE_CONVERSATION, { brandId: w.brandId }),
      stranger.mutate(ops.LIKE_MESSAGE, { like: 1, messageId: answer._id }),
      stranger.mutate(ops.REGENERATE, { conversationId: conversation._id, questionId: answer.question_id, responseId: answer._id }),
      stranger.mutate(ops.UPDATE_CONVERSATION, { conversationId: conversation._id, title: 'mine now' }),
      stranger.mutate(ops.DELETE_CONVERSATION, { conversationId: conversation._id }),
    ]);
    for (const attempt of attempts) {
      expect(attempt.codes).toEqual(['NOT_FOUND']);
      expect(attempt.data).toBeUndefined();
    }
    const untouched = await messages(conversation._id);
    expect(untouched.map((m) => [m.like, m.content])).toEqual([[0, 'What do people say about the texture?'], [0, answer.content]]);
    expect((await maya.query<{ getConversations: Conversation[] }>(ops.GET_CONVERSATIONS, { brandId: w.brandId })).data!.getConversations.find((c) => c._id === conversation._id)?.title).toBe('What do people say about the texture?');
  });
});

describe('assistant bad input', () => {
  it('refuses empty, oversized and control-character questions and keeps the conversation', async () => {
    const conversation = await newConversation();
    await ask(conversation._id, 'What do people say about the price?');
    const before = await messages(conversation._id);
    expect((await ask(conversation._id, '   ')).errors).toEqual(['Type a question first.']);
    expect((await ask(conversation._id, '\u0000\u0007\u001b')).errors).toEqual(['Type a question first.']);
    expect((await ask(conversation._id, 'x'.repeat(100_000))).errors).toEqual([`A question is at most ${QUESTION_MAX_CHARS} characters.`]);
    expect((await ask(conversation._id, 'price', { duration: 'fortnight' })).codes).toEqual(['BAD_USER_INPUT']);
    expect((await ask(conversation._id, 'price', { duration: 'custom' })).errors).toEqual(['A custom window needs a start and an end date.']);
    expect((await ask(conversation._id, 'price', { duration: 'custom', start_date: '2026-05-01', end_date: '2026-04-01' })).errors).toEqual(['The start date is after the end date.']);
    expect((await maya.mutate(ops.LIKE_MESSAGE, { like: 7, messageId: before[1]!._id })).errors).toEqual(['like is 0 or 1.']);
    expect(await messages(conversation._id)).toEqual(before);
    // Control characters inside a question are dropped, the words kept.
    const cleaned = (await ask(conversation._id, 'What do people say\u0000 about the\u001b price?')).data!.askReelscope;
    expect((await messages(conversation._id)).find((m) => m._id === cleaned.question_id)?.content).toBe('What do people say about the price?');
  });

  it('answers unknown ids, malformed and over-deep queries with a message', async () => {
    expect((await maya.query(ops.GET_MESSAGES, { conversationId: 'conv_nope' })).errors[0]).toMatch(/does not exist/);
    expect((await maya.mutate(ops.LIKE_MESSAGE, { like: 1, messageId: 'msg_nope' })).codes).toEqual(['NOT_FOUND']);
    const raw = async (query: string) => (await fetch(`${origin}/graphql`, {
      method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${w.jwt}` }, body: JSON.stringify({ query }),
    })).json() as Promise<{ errors?: { message: string }[]; data?: unknown }>;
    expect((await raw('{ getAllPrompts { _id ')).errors?.[0]?.message).toMatch(/Syntax Error/);
    let deep = 'name';
    for (let i = 0; i < MAX_QUERY_DEPTH + 2; i++) deep = `ofType { ${deep} }`;
    const tooDeep = await raw(`{ __schema { types { fields { type { ${deep} } } } } }`);
    expect(tooDeep.errors?.[0]?.message).toMatch(/levels deep; at most 15/);
    expect(tooDeep.data).toBeUndefined();
    const wide = Array.from({ length: 500 }, (_, i) => `a${i}: getAllPrompts { _id }`).join(' ');
    expect((await raw(`{ ${wide} }`)).errors?.[0]?.message).toMatch(/fields; at most 400/);
  });
});
