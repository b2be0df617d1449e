import { randomBytes } from 'node:crypto';
import { inList, type SqlClient } from '../../db/sqlClient';
import type { AssistantMessage, Conversation, Prompt, Reading, ReadingChange, SupportingData } from '../../../shared/assistant/assistant.schemas';
import { ReadingChangeSchema, ReadingSchema, SupportingDataSchema } from '../../../shared/assistant/assistant.schemas';
import { parse } from '../../search/columnValues';
import type { DateRange } from '../videos/videoDates';
import { DATE_RANGES } from '../../../shared/constants';

/** Exchanges a conversation hands the next answer as context (spec §3 working_messages). */
const WORKING_MESSAGES = 6;

interface ConversationRow { id: string; brand_id: string; title: string; created_at: string; updated_at: string }
interface MessageRow {
  id: string; conversation_id: string; role: 'user' | 'assistant'; content: string; like: number; start_date: string | null;
  end_date: string | null; question_id: string | null; supporting_data: string; created_at: string; asked_window: string | null;
}

/**
 * The window as a question asked for it, and the reading the person changed on an answer's chips if they did (kept
 * with the question, so a regenerated answer covers the same window and reading).
 */
export interface AskedWindow { duration: DateRange; start_date?: string | null; end_date?: string | null; reading?: ReadingChange | null }

export interface NewMessage {
  role: 'user' | 'assistant';
  content: string;
  start_date: string | null;
  end_date: string | null;
  question_id: string | null;
  supporting_data: SupportingData[];
  asked_window?: AskedWindow;
  /** An answer's reading (issue 30): kept in the answer row's asked_window column, which a question's window uses. */
  reading?: Reading;
}

const newId = (prefix: string) => `${prefix}_${randomBytes(9).toString('base64url')}`;

function toMessage(row: MessageRow): AssistantMessage {
  const cited = SupportingDataSchema.array().safeParse(parse(row.supporting_data) ?? []);
  const reading = row.role === 'assistant' ? ReadingSchema.safeParse((parse(row.asked_window ?? 'null') as { reading?: unknown } | null)?.reading) : null;
  return {
    _id: row.id, content: row.content, conversation_id: row.conversation_id, role: row.role, like: row.like,
    start_date: row.start_date, end_date: row.end_date, question_id: row.question_id,
    supporting_data: cited.success ? cited.data : [], created_at: row.created_at, reading: reading?.success ? reading.data : null,
  };
}

/**
 * Conversations and messages (issue 13) of the brands a caller owns: every read and write names the brands, so a
 * conversation or message of another brand is simply not found. Writes of one answer are one transaction.
 */
export function createConversationsRepository(sql: SqlClient, now: () => Date) {
  const conversationCols = 'id, brand_id, title, created_at, updated_at';
  // "like" quoted: a reserved word in PostgreSQL (double quotes name a column on both engines).
  const messageCols = 'm.id, m.conversation_id, m.role, m.content, m."like", m.start_date, m.end_date, m.question_id, m.supporting_data, m.created_at, m.asked_window';
  // The prompts are written once, by their migration, in the order they are offered: SQLite keeps it in rowid, and
  // PostgreSQL (no rowid) in the rows' physical places, ctid, as nothing ever updates them.
  const promptOrder = sql.engine === 'postgres' ? 'ctid' : 'rowid';
  const messageRows = (where: string, params: string[]) => sql.all<MessageRow>(`SELECT ${messageCols} FROM assistant_messages m ${where}`, params);

  const toConversation = async (row: ConversationRow): Promise<Conversation> => {
    const last = await sql.all<MessageRow>(`SELECT ${messageCols} FROM assistant_messages m WHERE m.conversation_id = ? ORDER BY m.seq DESC LIMIT ?`, [row.id, WORKING_MESSAGES]);
    return {
      _id: row.id, brand_id: row.brand_id, created_at: row.created_at, updated_at: row.updated_at, title: row.title,
      working_messages: last.reverse().map((m) => ({ content: m.content, role: m.role })),
    };
  };

  const appendOne = async (tx: SqlClient, conversationId: string, message: NewMessage): Promise<AssistantMessage> => {
    const at = now().toISOString();
    const { asked_window: asked, reading, ...fields } = message;
    const window = asked ?? (reading ? { reading } : null);
    const row: MessageRow = {
      ...fields, id: newId('msg'), conversation_id: conversationId, like: 0, supporting_data: JSON.stringify(message.supporting_data), created_at: at,
      asked_window: window ? JSON.stringify(window) : null,
    };
    const seq = Number((await tx.get<{ seq: number }>('SELECT COALESCE(MAX(seq), 0) + 1 AS seq FROM assistant_messages WHERE conversation_id = ?', [conversationId]))?.seq);
    await tx.run(`INSERT INTO assistant_messages (id, conversation_id, seq, role, content, "like", start_date, end_date, question_id, supporting_data, asked_window, created_at)
      VALUES (?, ?, ?, ?, ?, 0, ?, ?, ?, ?, ?, ?)`,
    [row.id, conversationId, seq, row.role, row.content, row.start_date, row.end_date, row.question_id, row.supporting_data, row.asked_window, at]);
    await tx.run('UPDATE assistant_conversations SET updated_at = ? WHERE id = ?', [at, conversationId]);
    return toMessage(row);
  };

  return {
    prompts: (): Promise<Prompt[]> => sql.all<Prompt>(`SELECT id AS _id, prompt, created_at, updated_at FROM assistant_prompts ORDER BY created_at, ${promptOrder}`),
    list: async (brandId: string): Promise<Conversation[]> =>
      Promise.all((await sql.all<ConversationRow>(`SELECT ${conversationCols} FROM assistant_conversations WHERE brand_id = ? ORDER BY updated_at DESC, id DESC`, [brandId])).map(toConversation)),
    async find(id: string, brandIds: readonly string[]): Promise<Conversation | null> {
      const brands = inList(sql, 'brand_id', brandIds);
      const row = await sql.get<ConversationRow>(`SELECT ${conversationCols} FROM assistant_conversations WHERE id = ? AND ${brands.sql}`, [id, brands.param]);
      return row ? toConversation(row) : null;
    },
    async create(brandId: string, userId: string, title: string): Promise<Conversation> {
      const at = now().toISOString();
      const row: ConversationRow = { id: newId('conv'), brand_id: brandId, title, created_at: at, updated_at: at };
      await sql.run('INSERT INTO assistant_conversations (id, brand_id, user_id, title, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)', [row.id, brandId, userId, title, at, at]);
      return toConversation(row);
    },
    async rename(id: string, title: string): Promise<void> {
      await sql.run('UPDATE assistant_conversations SET title = ?, updated_at = ? WHERE id = ?', [title, now().toISOString(), id]);
    },
    async remove(id: string): Promise<void> {
      await sql.run('DELETE FROM assistant_conversations WHERE id = ?', [id]);
    },
    messages: async (conversationId: string): Promise<AssistantMessage[]> => (await messageRows('WHERE m.conversation_id = ? ORDER BY m.seq', [conversationId])).map(toMessage),
    async message(id: string, brandIds: readonly string[]): Promise<AssistantMessage | null> {
      const brands = inList(sql, 'c.brand_id', brandIds);
      const row = await sql.get<MessageRow>(`SELECT ${messageCols} FROM assistant_messages m JOIN assistant_conversations c ON c.id = m.conversation_id
        WHERE m.id = ? AND ${brands.sql}`, [id, brands.param]);
      return row ? toMessage(row) : null;
    },
    /** The conversation's latest question (a follow-up's subject), or null before the first. */
    lastQuestion: async (conversationId: string): Promise<string | null> =>
      (await sql.get<{ content: string }>("SELECT content FROM assistant_messages WHERE conversation_id = ? AND role = 'user' ORDER BY seq DESC LIMIT 1", [conversationId]))?.content ?? null,
    /** A conversation's latest questions, oldest first: a follow-up is read against them (issue 30). */
    recentQuestions: async (conversationId: string, limit: number): Promise<string[]> =>
      (await sql.all<{ content: string }>("SELECT content FROM assistant_messages WHERE conversation_id = ? AND role = 'user' ORDER BY seq DESC LIMIT ?", [conversationId, limit])).map((row) => row.content).reverse(),
    /** The questions asked before one, oldest first: a regenerated follow-up is read against the same ones. */
    questionsBefore: async (conversationId: string, questionId: string, limit: number): Promise<string[]> =>
      (await sql.all<{ content: string }>(`SELECT content FROM assistant_messages WHERE conversation_id = ? AND role = 'user'
        AND seq < (SELECT seq FROM assistant_messages WHERE id = ?) ORDER BY seq DESC LIMIT ?`, [conversationId, questionId, limit])).map((row) => row.content).reverse(),
    answersTo: async (questionId: string): Promise<AssistantMessage[]> => (await messageRows('WHERE m.question_id = ? ORDER BY m.seq', [questionId])).map(toMessage),
    /** A question and its answer, in one transaction: both land or neither does. */
    exchange: (conversationId: string, question: NewMessage, reply: NewMessage): Promise<[AssistantMessage, AssistantMessage]> => sql.transaction(async (tx) => {
      const asked = await appendOne(tx, conversationId, question);
      return [asked, await appendOne(tx, conversationId, { ...reply, question_id: asked._id })];
    }),
    /** One more answer to a question already asked. */
    answer: (conversationId: string, reply: NewMessage): Promise<AssistantMessage> => sql.transaction((tx) => appendOne(tx, conversationId, reply)),
    /** The window a question asked for (all dates for one stored without it). */
    async askedWindow(questionId: string): Promise<AskedWindow> {
      const row = await sql.get<{ asked_window: string | null }>('SELECT asked_window FROM assistant_messages WHERE id = ?', [questionId]);
      const stored = parse(row?.asked_window ?? 'null') as Partial<AskedWindow> | null;
      const duration = DATE_RANGES.find((range) => range === stored?.duration) ?? 'all_dates';
      const reading = ReadingChangeSchema.safeParse(stored?.reading);
      return { duration, start_date: stored?.start_date ?? null, end_date: stored?.end_date ?? null, ...(reading.success ? { reading: reading.data } : {}) };
    },
    async like(id: string, like: number): Promise<void> {
      await sql.run('UPDATE assistant_messages SET "like" = ? WHERE id = ?', [like, id]);
    },
    /** Replaces an answer's text and citations (a generated answer grounded in the embedded one's lines). */
    async revise(id: string, content: string, supporting: readonly SupportingData[]): Promise<void> {
      await sql.run('UPDATE assistant_messages SET content = ?, supporting_data = ? WHERE id = ?', [content, JSON.stringify(supporting), id]);
    },
  };
}
export type ConversationsRepository = ReturnType<typeof createConversationsRepository>;
