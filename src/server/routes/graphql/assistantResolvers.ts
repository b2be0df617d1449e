import { GraphQLError } from 'graphql';
import { z } from 'zod';
import type { AssistantMessage, AssistantVideo, Conversation, Prompt, SupportingData } from '../../../shared/assistant/assistant.schemas';
import { MESSAGES } from '../../../shared/messages';
import { AskInputSchema, LIKE_VALUES, TITLE_MAX_CHARS } from '../../../shared/assistant/assistant.schemas';
import type { AuthContext } from '../../auth/authContext';
import type { ServerContext } from '../../context';
import { HttpError } from '../../http/httpError';
import { createAssistantEngine, type EngineAnswer } from '../../assistant/engine/assistantEngine';
import { readingView } from '../../assistant/engine/understanding/readingChange';
import { lineCitation } from '../../assistant/engine/lineCitation';
import { toVideoView } from '../../repositories/videos/videoRows';
import type { Acting } from '../main/videos/videoAccess';

type Args = Record<string, unknown>;

const NOT_FOUND = 'NOT_FOUND';
const BAD_INPUT = 'BAD_USER_INPUT';
const FORBIDDEN = 'FORBIDDEN';
const fail = (message: string, code: string): never => {
  throw new GraphQLError(message, { extensions: { code } });
};

/** Arguments checked by a schema; the first problem is the message a person reads. */
function parsed<T extends z.ZodType>(schema: T, args: Args): z.output<T> {
  const result = schema.safeParse(args);
  if (!result.success) fail(result.error.issues[0]?.message ?? 'The arguments are not valid.', BAD_INPUT);
  return (result as { data: z.output<T> }).data;
}

const id = z.string({ message: 'An id is a string.' }).min(1).max(100);
const title = z.string().transform((text) => text.replace(/\s+/g, ' ').trim())
  .pipe(z.string().min(1, 'A title cannot be blank.').max(TITLE_MAX_CHARS, `A title is at most ${TITLE_MAX_CHARS} characters.`));
const FIRST_TITLE_CHARS = 60;
/** Longest generated answer kept (characters). */
const GENERATED_MAX_CHARS = 20_000;
/** Earlier questions a follow-up is read against ("and the month before?" after "… only on TikTok" after "… last month"). */
const FOLLOW_UP_QUESTIONS = 5;
/** A conversation's title until its first question names it. */
const NEW_TITLE = 'New conversation';

/**
 * The assistant's operations (spec §7, issue 13) for one caller: every id is looked up among the caller's own brands,
 * so another brand's conversation, message or video is "not found", with no data.
 */
export function createAssistantService(ctx: ServerContext) {
  const conversations = ctx.assistant.conversations;
  const engine = createAssistantEngine(ctx, ctx.home);

  const ownBrand = (auth: AuthContext, brandId: string): string => (auth.brandIds.includes(brandId) ? brandId : fail('That brand is not one of yours.', NOT_FOUND));
  const conversationOf = async (auth: AuthContext, conversationId: string): Promise<Conversation> =>
    (await conversations.find(conversationId, auth.brandIds)) ?? fail('That conversation does not exist (it may have been deleted).', NOT_FOUND);
  const acting = async (auth: AuthContext, brandId: string): Promise<Acting> => ({ userId: auth.userId, brandId, competitorIds: await ctx.home.competitorsOf(brandId) });

  /** These cited lines that exist in a video the conversation's brand may see, as citations. */
  async function toolLines(auth: AuthContext, conversationId: string, lineIds: readonly string[]): Promise<SupportingData[]> {
    const numeric = lineIds.filter((lineId) => /^\d{1,15}$/.test(lineId)).map(Number);
    if (numeric.length === 0) return [];
    const who = await acting(auth, (await conversationOf(auth, conversationId)).brand_id);
    const found = await ctx.assistant.lines.linesById(numeric);
    const seen = await Promise.all(found.map(async (line) => ((await ctx.videos.detail.find(who, line.videoId)) ? line : null)));
    return Promise.all(seen.flatMap((line) => (line ? [line] : [])).map(async (line) => {
      const { title: _title, language: _language, ...citation } = await lineCitation(ctx.assistant.lines, line);
      return citation;
    }));
  }

  /** The engine's answer, with an input problem of the window (a future start date…) as a readable error. */
  async function answer(run: () => Promise<EngineAnswer>): Promise<EngineAnswer> {
    try {
      return await run();
    } catch (error) {
      if (error instanceof HttpError) fail(error.message, error.statusCode === 404 ? NOT_FOUND : BAD_INPUT);
      throw error;
    }
  }

  return {
    getAllPrompts: (): Promise<Prompt[]> => conversations.prompts(),
    getConversations(auth: AuthContext, args: Args): Promise<Conversation[]> {
      return conversations.list(ownBrand(auth, parsed(z.object({ brandId: id }), args).brandId));
    },
    async getMessages(auth: AuthContext, args: Args): Promise<AssistantMessage[]> {
      return conversations.messages((await conversationOf(auth, parsed(z.object({ conversationId: id }), args).conversationId))._id);
    },
    async getVideo(auth: AuthContext, args: Args): Promise<AssistantVideo> {
      const { queryVideo } = parsed(z.object({ queryVideo: z.object({ _id: id }) }), args);
      for (const brandId of auth.brandIds) {
        const row = await ctx.videos.detail.find(await acting(auth, brandId), queryVideo._id);
        if (!row) continue;
        const view = toVideoView(row, brandId, (file) => ctx.media.signedUrl(file));
        return { _id: view._id, title: view.title, platform: view.platform, video_url: view.video_url, video_embedded_url: view.video_embedded_url, manufacturer_ids: view.manufacturer_ids, analysis_stage: view.analysis_stage };
      }
      return fail('That video does not exist or is not one you can see.', NOT_FOUND);
    },
    createConversation(auth: AuthContext, args: Args): Promise<Conversation> {
      const brandId = ownBrand(auth, parsed(z.object({ brandId: id }), args).brandId);
      return conversations.create(brandId, auth.userId, NEW_TITLE);
    },
    async askReelscope(auth: AuthContext, args: Args): Promise<AssistantMessage> {
      const input = parsed(AskInputSchema, args);
      const conversation = await conversationOf(auth, input.conversationId);
      if (conversation.brand_id !== ownBrand(auth, input.brandId)) fail('That conversation belongs to another of your brands.', BAD_INPUT);
      const earlierQuestions = await conversations.recentQuestions(conversation._id, FOLLOW_UP_QUESTIONS);
      const previousQuestion = earlierQuestions.at(-1) ?? null;
      const result = await answer(async () => engine({
        acting: await acting(auth, input.brandId), question: input.userMessage.content, duration: input.duration, start_date: input.start_date, end_date: input.end_date,
        avoid: new Set(), previousQuestion: previousQuestion ?? undefined, earlierQuestions, change: input.reading,
      }));
      const dates = { start_date: result.window.start, end_date: result.window.end };
      const asked_window = { duration: input.duration, start_date: input.start_date, end_date: input.end_date, reading: input.reading ?? null };
      const [, reply] = await conversations.exchange(conversation._id,
        { role: 'user', content: input.userMessage.content, ...dates, question_id: null, supporting_data: [], asked_window },
        { role: 'assistant', content: result.content, ...dates, question_id: null, supporting_data: result.supporting_data, reading: readingView(result.reading, result.suggestions) });
      if (previousQuestion === null && conversation.title === NEW_TITLE) await conversations.rename(conversation._id, firstTitle(input.userMessage.content));
      return reply;
    },
    async regenerate(auth: AuthContext, args: Args): Promise<AssistantMessage> {
      const input = parsed(z.object({ conversationId: id, questionId: id, responseId: id }), args);
      const conversation = await conversationOf(auth, input.conversationId);
      const question = await conversations.message(input.questionId, auth.brandIds);
      const response = await conversations.message(input.responseId, auth.brandIds);
      if (!question || question.conversation_id !== conversation._id || question.role !== 'user') return fail('That question is not in this conversation.', NOT_FOUND);
      if (!response || response.question_id !== question._id) return fail('That answer does not answer this question.', NOT_FOUND);
      const earlier = await conversations.answersTo(question._id);
      const avoid = new Set(earlier.flatMap((m) => m.supporting_data.map((d) => Number(d.db_id))));
      const { reading: change, ...asked } = await conversations.askedWindow(question._id);
      // A regenerated follow-up is read against the questions asked before it, as its first answer was.
      const earlierQuestions = await conversations.questionsBefore(conversation._id, question._id, FOLLOW_UP_QUESTIONS);
      const result = await answer(async () => engine({
        acting: await acting(auth, conversation.brand_id), question: question.content, avoid, ...asked, change, earlierQuestions, previousQuestion: earlierQuestions.at(-1),
      }));
      return conversations.answer(conversation._id, {
        role: 'assistant', content: result.content, start_date: result.window.start, end_date: result.window.end, question_id: question._id, supporting_data: result.supporting_data,
        reading: readingView(result.reading, result.suggestions),
      });
    },
    async updateConversation(auth: AuthContext, args: Args): Promise<Conversation> {
      const input = parsed(z.object({ conversationId: id, title }), args);
      await conversationOf(auth, input.conversationId);
      await conversations.rename(input.conversationId, input.title);
      return conversationOf(auth, input.conversationId);
    },
    async deleteConversation(auth: AuthContext, args: Args): Promise<boolean> {
      const { conversationId } = parsed(z.object({ conversationId: id }), args);
      const conversation = await conversationOf(auth, conversationId);
      // The rule of the REST routes: deleting for good (there is no trash for conversations) is a manager's.
      if (auth.roles[conversation.brand_id] !== 'manager') fail(MESSAGES.teamManagerOnly, FORBIDDEN);
      await conversations.remove(conversation._id);
      return true;
    },
    async likeMessage(auth: AuthContext, args: Args): Promise<AssistantMessage> {
      const input = parsed(z.object({ like: z.number().int().refine((v) => (LIKE_VALUES as readonly number[]).includes(v), `like is ${LIKE_VALUES.join(' or ')}.`), messageId: id }), args);
      const message = (await conversations.message(input.messageId, auth.brandIds)) ?? fail('That message does not exist.', NOT_FOUND);
      if (message.role !== 'assistant') fail('Only answers can be liked.', BAD_INPUT);
      await conversations.like(message._id, input.like);
      return { ...message, like: input.like };
    },
    async reviseAnswer(auth: AuthContext, args: Args): Promise<AssistantMessage> {
      const input = parsed(z.object({ messageId: id, content: z.string().trim().min(1, 'A generated answer cannot be blank.').max(GENERATED_MAX_CHARS, `A generated answer is at most ${GENERATED_MAX_CHARS} characters.`), cited: z.array(id).max(50) }), args);
      const message = (await conversations.message(input.messageId, auth.brandIds)) ?? fail('That message does not exist.', NOT_FOUND);
      if (message.role !== 'assistant') fail('Only answers can be revised.', BAD_INPUT);
      const byId = new Map(message.supporting_data.map((d) => [d.db_id, d]));
      // A line the model's tools returned (issue 30) is cited when it is a real line of a video the brand may see.
      for (const line of await toolLines(auth, message.conversation_id, input.cited.filter((lineId) => !byId.has(lineId)))) byId.set(line.db_id, line);
      const unknown = input.cited.filter((lineId) => !byId.has(lineId));
      if (unknown.length > 0) fail(`An answer may only cite the lines it was given; ${unknown.join(', ')} ${unknown.length === 1 ? 'is' : 'are'} not among them.`, BAD_INPUT);
      // Citing none keeps every retrieved line: they were the answer's grounding.
      const supporting = input.cited.length > 0 ? input.cited.flatMap((lineId) => byId.get(lineId) ?? []) : message.supporting_data;
      await conversations.revise(message._id, input.content, supporting);
      return { ...message, content: input.content, supporting_data: supporting };
    },
  };
}
export type AssistantService = ReturnType<typeof createAssistantService>;

/** A conversation's first title: its first question, cut at a word near 60 characters. */
function firstTitle(question: string): string {
  const flat = question.replace(/\s+/g, ' ').trim();
  if (flat.length <= FIRST_TITLE_CHARS) return flat;
  const cut = flat.slice(0, FIRST_TITLE_CHARS);
  const space = cut.lastIndexOf(' ');
  return `${(space > 30 ? cut.slice(0, space) : cut).trimEnd()}…`;
}
