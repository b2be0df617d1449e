import { z } from 'zod';
import { SupportingDataSchema } from './assistant.schemas';

/**
 * The embedded engine's operations as tools a model may call in the generative mode (issue 30): the host's tool loop
 * offers them in the OpenAI `tools` format and runs each call through POST /assistant/tools. One schema per tool
 * checks the model's arguments in the host and again in the back end.
 */
export const ASSISTANT_FIGURES = ['sentiment', 'topics', 'products', 'creators', 'competitors', 'change', 'demographics'] as const;
export type AssistantFigure = (typeof ASSISTANT_FIGURES)[number];

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Dates are written YYYY-MM-DD.');
const name = z.string().trim().min(1).max(200);
/** The window a tool reads: first and last days (inclusive); none of them means the question's own window. */
const windowArgs = {
  start_date: day.optional().describe('First day of the window (YYYY-MM-DD); omit for the window of the question.'),
  end_date: day.optional().describe('Last day of the window (YYYY-MM-DD), inclusive.'),
};

export const ASSISTANT_TOOLS = {
  figures: {
    description: 'The brand\'s figures over a window, computed from its videos (the same numbers as its dashboards), with lines quoted from them.',
    args: z.strictObject({ figure: z.enum(ASSISTANT_FIGURES).describe('Which figure.'), ...windowArgs }),
  },
  search_transcripts: {
    description: 'Transcript lines of the brand\'s videos that say something, in any language, and how many videos say it.',
    args: z.strictObject({ query: name.describe('What to look for, e.g. "price" or "sticky texture".'), ...windowArgs }),
  },
  product_summary: {
    description: 'What the videos say about one of the brand\'s products: its mentions, sentiment and clearest lines.',
    args: z.strictObject({ product: name.describe('The product\'s name, e.g. "Glow Serum".'), ...windowArgs }),
  },
  creator_summary: {
    description: 'What one creator said in the brand\'s videos: their videos, sentiment and clearest lines.',
    args: z.strictObject({ creator: name.describe('The creator\'s name.'), ...windowArgs }),
  },
} as const;
export type AssistantToolName = keyof typeof ASSISTANT_TOOLS;
export const ASSISTANT_TOOL_NAMES = Object.keys(ASSISTANT_TOOLS) as AssistantToolName[];
export type AssistantToolArgs<T extends AssistantToolName> = z.infer<(typeof ASSISTANT_TOOLS)[T]['args']>;

/** POST /assistant/tools: one call of a tool for the acting brand. */
export const AssistantToolCallSchema = z.object({
  brand_id: z.string().min(1).max(100).optional(),
  tool: z.enum(ASSISTANT_TOOL_NAMES as [AssistantToolName, ...AssistantToolName[]]),
  arguments: z.record(z.string(), z.unknown()),
});
export type AssistantToolCall = z.infer<typeof AssistantToolCallSchema>;

/** A line a tool returned: a citation as an answer stores it, with its video's title and language for the model. */
export const ToolLineSchema = SupportingDataSchema.extend({ title: z.string(), language: z.string() });
export type ToolLine = z.infer<typeof ToolLineSchema>;

export const AssistantToolResultSchema = z.object({
  /** The engine's answer to the call: its figures are exact, in the words the model must not change. */
  text: z.string(),
  lines: z.array(ToolLineSchema),
});
export type AssistantToolResult = z.infer<typeof AssistantToolResultSchema>;
