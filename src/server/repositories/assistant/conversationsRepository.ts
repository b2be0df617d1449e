import { randomBytes } from 'node:crypto';
import type Database from 'better-sqlite3';
import type { AssistantMessage, Conversation, Prompt, SupportingData } from '../../../shared/assistant/assistant.schemas';
import { SupportingDataSchema } from '../../../shared/assistant/assistant.schemas';
import { parse } from '../../search/columnValues';
import type { DateRange } from '../videos/videoDates';
import { DATE_RANGES } from '../../../shared/constants';

/** Exchanges a conversation hands the next answer as context (spec §3 working_messages). */
const WORKING_MESSAGES = 6;

interface ConversationRow { id: string; brand_id: string; title: string; created_at: string; updated_at: string }
interface MessageRow {
  id: string; conversation_id: string; role: 'user' | 'assistant'; content: string; like: number; start_date: string | null;
  end_date: string | null; question_id: string | null; supporting_data: string; created_at: string;
}

/** The window as a question asked for it (kept with the question, so a regenerated answer covers the same one). */
export interface AskedWindow { duration: DateRange; start_date?: string | null; end_date?: string | null }

export interface NewMessage {
  role: 'user' | 'assistant';
  content: string;
  start_date: string | null;
  end_date: string | null;
  question_id: string | null;
  supporting_data: SupportingData[];
  asked_window?: AskedWindow;
}

const newId = (prefix: string) => `${prefix}_${randomBytes(9).toString('base64url')}`;

function toMessage(row: MessageRow): AssistantMessage {
  const cited = SupportingDataSchema.array().safeParse(parse(row.supporting_data) ?? []);
  return {
    _id: row.id, content: row.content, conversation_id: row.conversation_id, role: row.role, like: row.like,
    start_date: row.start_date, end_date: row.end_date, question_id: row.question_id,
    supporting_data: cited.success ? cited.data : [], created_at: row.created_at,
  };
}

/**
 * Conversations and messages (issue 13) of the brands a caller owns: every read and write names the brands, so a
 * conversation or message of another brand is simply not found. Writes of one answer are one transaction.
 */
export function createConversationsRepository(db: Database.Database, now: () => Date) {
  const conversationCols = 'id, brand_id, title, created_at, updated_at';
  const messageCols = 'm.id, m.conversation_id, m.role, m.content, m.like, m.start_date, m.end_date, m.question_id, m.supporting_data, m.created_at';
  const byBrand = db.prepare(`SELECT ${conversationCols} FROM assistant_conversations WHERE brand_id = ? ORDER BY updated_at DESC, id DESC`);
  const findConversation = db.prepare(`SELECT ${conversationCols} FROM assistant_conversations WHERE id = ? AND brand_id IN (SELECT value FROM json_each(?))`);
  const insertConversation = db.prepare('INSERT INTO assistant_conversations (id, brand_id, user_id, title, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)');
  const rename = db.prepare('UPDATE assistant_conversations SET title = ?, updated_at = ? WHERE id = ?');
  const touch = db.prepare('UPDATE assistant_conversations SET updated_at = ? WHERE id = ?');
  const remove = db.prepare('DELETE FROM assistant_conversations WHERE id = ?');
  const messagesOf = db.prepare(`SELECT ${messageCols} FROM assistant_messages m WHERE m.conversation_id = ? ORDER BY m.seq`);
  const lastMessages = db.prepare(`SELECT ${messageCols} FROM assistant_messages m WHERE m.conversation_id = ? ORDER BY m.seq DESC LIMIT ?`);
  const findMessage = db.prepare(`SELECT ${messageCols} FROM assistant_messages m JOIN assistant_conversations c ON c.id = m.conversation_id
    WHERE m.id = ? AND c.brand_id IN (SELECT value FROM json_each(?))`);
  const lastQuestion = db.prepare("SELECT content FROM assistant_messages WHERE conversation_id = ? AND role = 'user' ORDER BY seq DESC LIMIT 1").pluck();
  const answersTo = db.prepare(`SELECT ${messageCols} FROM assistant_messages m WHERE m.question_id = ? ORDER BY m.seq`);
  const nextSeq = db.prepare('SELECT COALESCE(MAX(seq), 0) + 1 FROM assistant_messages WHERE conversation_id = ?').pluck();
  const insertMessage = db.prepare(`INSERT INTO assistant_messages (id, conversation_id, seq, role, content, like, start_date, end_date, question_id, supporting_data, asked_window, created_at)
    VALUES (@id, @conversation_id, @seq, @role, @content, 0, @start_date, @end_date, @question_id, @supporting_data, @asked_window, @created_at)`);
  const askedWindow = db.prepare('SELECT asked_window FROM assistant_messages WHERE id = ?').pluck();
  const setLike = db.prepare('UPDATE assistant_messages SET like = ? WHERE id = ?');
  const setContent = db.prepare('UPDATE assistant_messages SET content = ?, supporting_data = ? WHERE id = ?');
  const prompts = db.prepare('SELECT id AS _id, prompt, created_at, updated_at FROM assistant_prompts ORDER BY created_at, rowid');

  const toConversation = (row: ConversationRow): Conversation => ({
    _id: row.id, brand_id: row.brand_id, created_at: row.created_at, updated_at: row.updated_at, title: row.title,
    working_messages: (lastMessages.all(row.id, WORKING_MESSAGES) as MessageRow[]).reverse().map((m) => ({ content: m.content, role: m.role })),
  });

  const appendOne = (conversationId: string, message: NewMessage): AssistantMessage => {
    const at = now().toISOString();
    const { asked_window: asked, ...fields } = message;
    const row: MessageRow = { ...fields, id: newId('msg'), conversation_id: conversationId, like: 0, supporting_data: JSON.stringify(message.supporting_data), created_at: at };
    insertMessage.run({ ...row, asked_window: asked ? JSON.stringify(asked) : null, seq: nextSeq.get(conversationId) as number });
    touch.run(at, conversationId);
    return toMessage(row);
  };

  return {
    prompts: (): Prompt[] => prompts.all() as Prompt[],
    list: (brandId: string): Conversation[] => (byBrand.all(brandId) as ConversationRow[]).map(toConversation),
    find(id: string, brandIds: readonly string[]): Conversation | null {
      const row = findConversation.get(id, JSON.stringify(brandIds)) as ConversationRow | undefined;
      return row ? toConversation(row) : null;
    },
    create(brandId: string, userId: string, title: string): Conversation {
      const at = now().toISOString();
      const row: ConversationRow = { id: newId('conv'), brand_id: brandId, title, created_at: at, updated_at: at };
      insertConversation.run(row.id, brandId, userId, title, at, at);
      return toConversation(row);
    },
    rename(id: string, title: string): void {
      rename.run(title, now().toISOString(), id);
    },
    remove: (id: string): void => void remove.run(id),
    messages: (conversationId: string): AssistantMessage[] => (messagesOf.all(conversationId) as MessageRow[]).map(toMessage),
    message(id: string, brandIds: readonly string[]): AssistantMessage | null {
      const row = findMessage.get(id, JSON.stringify(brandIds)) as MessageRow | undefined;
      return row ? toMessage(row) : null;
    },
    /** The conversation's latest question (a follow-up's subject), or null before the first. */
    lastQuestion: (conversationId: string): string | null => (lastQuestion.get(conversationId) as string | undefined) ?? null,
    answersTo: (questionId: string): AssistantMessage[] => (answersTo.all(questionId) as MessageRow[]).map(toMessage),
    /** A question and its answer, in one transaction: both land or neither does. */
    exchange: db.transaction((conversationId: string, question: NewMessage, reply: NewMessage): [AssistantMessage, AssistantMessage] => {
      const asked = appendOne(conversationId, question);
      return [asked, appendOne(conversationId, { ...reply, question_id: asked._id })];
    }),
    /** One more answer to a question already asked. */
    answer: (conversationId: string, reply: NewMessage): AssistantMessage => appendOne(conversationId, reply),
    /** The window a question asked for (all dates for one stored without it). */
    askedWindow(questionId: string): AskedWindow {
      const stored = parse((askedWindow.get(questionId) as string | null) ?? 'null') as Partial<AskedWindow> | null;
      const duration = DATE_RANGES.find((range) => range === stored?.duration) ?? 'all_dates';
      return { duration, start_date: stored?.start_date ?? null, end_date: stored?.end_date ?? null };
    },
    like(id: string, like: number): void {
      setLike.run(like, id);
    },
    /** Replaces an answer's text and citations (a generated answer grounded in the embedded one's lines). */
    revise(id: string, content: string, supporting: readonly SupportingData[]): void {
      setContent.run(content, JSON.stringify(supporting), id);
    },
  };
}
export type ConversationsRepository = ReturnType<typeof createConversationsRepository>;
