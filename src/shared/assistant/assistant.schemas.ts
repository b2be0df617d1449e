import { z } from 'zod';
import { DATE_RANGES, DEFAULT_REPORT_DURATION, PLATFORMS } from '../constants';

/** Longest question the assistant takes (characters): a paragraph, not a pasted document. */
export const QUESTION_MAX_CHARS = 2000;
/** Longest conversation title (characters). */
export const TITLE_MAX_CHARS = 120;
/** The values of a message's `like` (spec §3, integer): 0 not liked, 1 liked. */
export const LIKE_VALUES = [0, 1] as const;
/** Lines an answer quotes at the most. */
export const ANSWER_CITATIONS = 5;

/** One quoted transcript line of an answer (spec §3 Message.supporting_data); times in seconds. */
export const SupportingDataSchema = z.object({
  collection_source: z.string(),
  db_id: z.string(),
  start_ts: z.number(),
  end_ts: z.number(),
  source_doc: z.string(),
  source_doc_type: z.string(),
  thumbnail_url: z.string().nullable(),
  transcript_id_video_id: z.string(),
});
export type SupportingData = z.infer<typeof SupportingDataSchema>;

export const MessageRoleSchema = z.enum(['user', 'assistant']);

const NamedThingSchema = z.object({ id: z.string(), name: z.string() });

/**
 * What an answer read in its question (issue 30), shown at its top as chips the person can change and ask again: the
 * window (the message's start_date and end_date; window_said: the question's words for it), the subject and the filters.
 * understood false: nothing in the question could be answered; suggestions are the closest questions that can.
 */
export const ReadingSchema = z.object({
  window_said: z.string().nullable(),
  products: z.array(NamedThingSchema),
  competitor: NamedThingSchema.nullable(),
  concepts: z.array(z.string()),
  platform: z.string().nullable(),
  creator: z.string().nullable(),
  language: z.string().nullable(),
  /** The language the answer is written in (a code: en, es, ar…). */
  answer_language: z.string(),
  understood: z.boolean(),
  suggestions: z.array(z.string()),
});
export type Reading = z.infer<typeof ReadingSchema>;

/**
 * A reading the person changed, asked again: it stands for what the question's words name (subject and filters), and
 * the window is the one the call names (duration and dates), whatever the question's words say.
 */
export const ReadingChangeSchema = z.object({
  products: z.array(z.string().min(1).max(100)).max(20),
  competitor: z.string().min(1).max(100).nullable(),
  platform: z.enum(PLATFORMS).nullable(),
  creator: z.string().min(1).max(200).nullable(),
  language: z.string().regex(/^[a-z]{2,3}$/, 'A language is a code such as "en".').nullable(),
});
export type ReadingChange = z.infer<typeof ReadingChangeSchema>;

/** A question or an answer (spec §3 Message); an answer's question_id names its question. */
export const MessageSchema = z.object({
  _id: z.string(),
  content: z.string(),
  conversation_id: z.string(),
  role: MessageRoleSchema,
  like: z.number().int(),
  start_date: z.string().nullable(),
  end_date: z.string().nullable(),
  question_id: z.string().nullable(),
  supporting_data: z.array(SupportingDataSchema),
  created_at: z.string(),
  /** An answer's reading (null for a question, and for answers stored before readings were). */
  reading: ReadingSchema.nullish(),
});
export type AssistantMessage = z.infer<typeof MessageSchema>;

export const WorkingMessageSchema = z.object({ content: z.string(), role: MessageRoleSchema });

/** A conversation (spec §3); working_messages: its last exchanges, the context of the next answer. */
export const ConversationSchema = z.object({
  _id: z.string(),
  brand_id: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
  title: z.string(),
  working_messages: z.array(WorkingMessageSchema),
});
export type Conversation = z.infer<typeof ConversationSchema>;

export const PromptSchema = z.object({ _id: z.string(), prompt: z.string(), created_at: z.string(), updated_at: z.string() });
export type Prompt = z.infer<typeof PromptSchema>;

/** The text without control characters other than tab and line breaks (a pasted terminal dump keeps its words). */
function withoutControls(text: string): string {
  return [...text].filter((char) => {
    const code = char.codePointAt(0) ?? 0;
    return code === 9 || code === 10 || code === 13 || (code >= 32 && code !== 127);
  }).join('');
}

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Dates are written YYYY-MM-DD.');

/** askReelscope's arguments (spec §7), checked before anything is stored. */
export const AskInputSchema = z.object({
  brandId: z.string().min(1).max(100),
  conversationId: z.string().min(1).max(100),
  // The window a question covers when none is named: the report default (spec §9).
  duration: z.enum(DATE_RANGES).default(DEFAULT_REPORT_DURATION),
  start_date: day.nullish(),
  end_date: day.nullish(),
  userMessage: z.object({
    content: z.string()
      .transform((text) => withoutControls(text).trim())
      .pipe(z.string().min(1, 'Type a question first.').max(QUESTION_MAX_CHARS, `A question is at most ${QUESTION_MAX_CHARS} characters.`)),
    role: z.literal('user', { message: 'A question is sent with role "user".' }),
  }),
  reading: ReadingChangeSchema.nullish(),
}).superRefine((input, ctx) => {
  if (input.duration !== 'custom') return;
  if (!input.start_date || !input.end_date) ctx.addIssue({ code: 'custom', message: 'A custom window needs a start and an end date.' });
  else if (input.start_date > input.end_date) ctx.addIssue({ code: 'custom', message: 'The start date is after the end date.' });
});
export type AskInput = z.infer<typeof AskInputSchema>;

/** The video a citation opens (spec §7 getVideo). */
export const AssistantVideoSchema = z.object({
  _id: z.string(),
  title: z.string(),
  platform: z.string(),
  video_url: z.string().nullable(),
  video_embedded_url: z.string().nullable(),
  manufacturer_ids: z.array(z.string()),
  analysis_stage: z.string(),
});
export type AssistantVideo = z.infer<typeof AssistantVideoSchema>;
