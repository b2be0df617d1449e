import { z } from 'zod';
import { QUESTION_MAX_CHARS } from '../assistant/assistant.schemas';
import { ToolLineSchema } from '../assistant/assistantTools.schemas';

/** Lines an answer may hand the model as grounding (the embedded engine quotes at most 5; regenerations too). */
export const GROUNDING_LINES_MAX = 10;

/**
 * The optional generative mode (issue 13): an OpenAI-compatible chat-completions endpoint (Ollama, llama.cpp, LM
 * Studio or a hosted one) and its model. The key is never here: it lives in the keychain.
 */
export const AssistantModelSettingsSchema = z.object({
  /** Base URL of the API, e.g. http://127.0.0.1:11434/v1 (…/chat/completions is appended); null: embedded engine only. */
  url: z.url({ protocol: /^https?$/, message: 'The model server address starts with http:// or https://.' }).max(2000).nullable(),
  model: z.string().trim().max(200),
});
export type AssistantModelSettings = z.infer<typeof AssistantModelSettingsSchema>;
export const DEFAULT_ASSISTANT_MODEL: AssistantModelSettings = { url: null, model: '' };

export const AssistantModelStatusSchema = AssistantModelSettingsSchema.extend({
  hasKey: z.boolean(),
  /** Why the key is not kept across restarts (keychain locked or missing), or null. */
  keyWarning: z.string().nullable(),
});
export type AssistantModelStatus = z.infer<typeof AssistantModelStatusSchema>;

/** assistant.setModel: key undefined keeps the stored one, null removes it. */
export const AssistantModelInputSchema = AssistantModelSettingsSchema.extend({
  key: z.string().trim().max(1000).nullable().optional(),
}).superRefine((input, ctx) => {
  if (input.url !== null && input.model === '') ctx.addIssue({ code: 'custom', path: ['model'], message: 'Name the model the server should use.' });
});

export const RequestIdSchema = z.object({ requestId: z.string().min(1).max(100) });

/** One line of grounding: what the embedded engine quoted, numbered as the model must cite it ([n]). */
export const GroundingLineSchema = z.object({
  n: z.number().int().min(1).max(GROUNDING_LINES_MAX),
  text: z.string().max(4000),
  title: z.string().max(500),
  time: z.string().max(12),
});

export const GenerateInputSchema = RequestIdSchema.extend({
  question: z.string().min(1).max(QUESTION_MAX_CHARS),
  /** The embedded engine's answer: its figures are exact and the model must not change them. */
  facts: z.string().max(20_000),
  lines: z.array(GroundingLineSchema).max(GROUNDING_LINES_MAX),
  /** The embedded answer's window (its message's start_date and end_date): the model's tools read it unless told otherwise. */
  window: z.object({ start_date: z.string().max(40).nullable(), end_date: z.string().max(40) }).optional(),
});
export type GenerateInput = z.infer<typeof GenerateInputSchema>;

export const GenerateResultSchema = z.object({
  /** generated: content is the model's; failed or stopped: keep the embedded answer (reason says why); off: no model set. */
  status: z.enum(['generated', 'failed', 'stopped', 'off']),
  content: z.string(),
  /** The grounding lines the answer cites (their n), only ever among those given. */
  cited: z.array(z.number().int()),
  /** With tools (issue 30): the lines the model's tools returned that the answer cites, numbered as cited (n above the given lines'). */
  tool_lines: z.array(ToolLineSchema.extend({ n: z.number().int() })).optional(),
  reason: z.string().nullable(),
});
export type GenerateResult = z.infer<typeof GenerateResultSchema>;

export const GenerateChunkSchema = RequestIdSchema.extend({ text: z.string() });
