import type { AssistantToolName, AssistantToolResult, ToolLine } from '../../../shared/assistant/assistantTools.schemas';
import { ASSISTANT_TOOL_NAMES, ASSISTANT_TOOLS } from '../../../shared/assistant/assistantTools.schemas';
import type { GenerateInput } from '../../../shared/ipc/assistantModel.schemas';
import { formatTime } from '../../../shared/rules/mediaTime';
import { z } from 'zod';
import { ModelServerError } from './modelStream';

/** Rounds of tool calls a model may make before it must answer (a model that keeps calling is stopped). */
export const TOOL_ROUNDS_MAX = 4;

type LoopMessage =
  | { role: 'system' | 'user'; content: string }
  | { role: 'assistant'; content: string | null; tool_calls?: ToolCall[] }
  | { role: 'tool'; tool_call_id: string; content: string };
interface ToolCall { id: string; type: 'function'; function: { name: string; arguments: string } }

export interface ToolLoopRequest {
  url: string;
  model: string;
  key: string | null;
  input: GenerateInput;
  /** Runs one tool in the back end (POST /assistant/tools); rejects with a reason a person can read. */
  callTool: (tool: AssistantToolName, args: Record<string, unknown>) => Promise<AssistantToolResult>;
  signal: AbortSignal;
  /** One model request's bound. */
  roundMs: number;
  rounds?: number;
}

/** A tool line the answer cites, numbered as the model cited it. */
export type CitedToolLine = ToolLine & { n: number };
export type ToolLoopResult = { status: 'generated'; content: string; cited: number[]; toolLines: CitedToolLine[] } | { status: 'failed'; reason: string };

const SYSTEM = `You are Reelscope's assistant for a brand team. Answer the question from the brand's data only: the
built-in answer given, and what the tools return. Call the tools for the figures and lines you need. Repeat figures
exactly as given; never estimate or invent one. Cite each transcript line you use as [n] with its number; cite only
numbers you were given. Answer in the language of the question. Be concise: plain text, short paragraphs or a list.`;

const MessageSchema = z.object({
  content: z.string().nullish(),
  tool_calls: z.array(z.object({ id: z.string(), type: z.literal('function').optional(), function: z.object({ name: z.string(), arguments: z.string() }) })).nullish(),
});
const CompletionSchema = z.object({ choices: z.array(z.object({ message: MessageSchema })).min(1) });

/** The tools in the OpenAI `tools` format, their parameters from the same schemas the back end checks. */
export const OPENAI_TOOLS = ASSISTANT_TOOL_NAMES.map((name) => ({
  type: 'function' as const,
  function: { name, description: ASSISTANT_TOOLS[name].description, parameters: z.toJSONSchema(ASSISTANT_TOOLS[name].args) },
}));

/** A failure the loop answers as the embedded answer's note (not an exception). */
class Refused extends Error {}

const lineText = (line: { n: number; text: string; title: string; time: string; language?: string }) =>
  `[${line.n}] “${line.text}” (${line.title}${line.language ? `, ${line.language}` : ''}, at ${line.time})`;

/**
 * The generative mode with tools (issue 30), plain Node so it is tested without Electron: the model gets the engine's
 * operations as function-calling tools, each call runs in the back end, and its lines are numbered on from the
 * embedded answer's. The answer may cite only numbers it was given; a bad or unknown tool call, a citation of a line
 * it was not given, too many rounds or a server that fails end the loop with a reason, and the embedded answer stands.
 */
export async function runToolLoop(request: ToolLoopRequest): Promise<ToolLoopResult> {
  const { input } = request;
  const given = new Set(input.lines.map((line) => line.n));
  const toolLines: CitedToolLine[] = [];
  let next = Math.max(0, ...input.lines.map((line) => line.n)) + 1;
  const window = input.window ? `The question's window: ${input.window.start_date ?? 'all dates'} to ${input.window.end_date}.\n\n` : '';
  const messages: LoopMessage[] = [
    { role: 'system', content: SYSTEM },
    { role: 'user', content: `Question: ${input.question}\n\n${window}Built-in answer:\n${input.facts}\n\nTranscript lines:\n${input.lines.map(lineText).join('\n') || '(none)'}` },
  ];
  try {
    for (let round = 0; ; round += 1) {
      const reply = await complete(request, messages);
      const calls = reply.tool_calls ?? [];
      if (calls.length === 0) return answered(reply.content ?? '', given, toolLines);
      if (round >= (request.rounds ?? TOOL_ROUNDS_MAX)) throw new Refused(`the model still asked for tools after ${request.rounds ?? TOOL_ROUNDS_MAX} rounds`);
      messages.push({ role: 'assistant', content: reply.content ?? null, tool_calls: calls.map((call) => ({ id: call.id, type: 'function', function: call.function })) });
      for (const call of calls) {
        const name = toolName(call.function.name);
        const result = await request.callTool(name, toolArgs(name, call.function.arguments, input.window)).catch((error: unknown) => {
          if (request.signal.aborted) throw error;
          throw new Refused(`the ${name} tool failed: ${error instanceof Error ? error.message : String(error)}`);
        });
        const numbered = result.lines.map((line) => ({ ...line, n: next++ }));
        for (const line of numbered) given.add(line.n);
        toolLines.push(...numbered);
        const shown = numbered.map((line) => lineText({ n: line.n, text: line.source_doc, title: line.title, time: formatTime(line.start_ts), language: line.language }));
        messages.push({ role: 'tool', tool_call_id: call.id, content: `${result.text}${shown.length > 0 ? `\n\nLines you may cite:\n${shown.join('\n')}` : ''}` });
      }
    }
  } catch (error) {
    if (error instanceof Refused || error instanceof ModelServerError) return { status: 'failed', reason: error.message };
    throw error;
  }
}

function toolName(name: string): AssistantToolName {
  if (!(ASSISTANT_TOOL_NAMES as string[]).includes(name)) throw new Refused(`the model asked for a tool that does not exist (“${name.slice(0, 60)}”)`);
  return name as AssistantToolName;
}

/** The call's arguments checked as the back end will; no window named is the question's own. */
function toolArgs(name: AssistantToolName, raw: string, window: GenerateInput['window']): Record<string, unknown> {
  let args: unknown;
  try {
    args = JSON.parse(raw === '' ? '{}' : raw);
  } catch {
    throw new Refused(`the model called ${name} with arguments that are not JSON`);
  }
  const checked = ASSISTANT_TOOLS[name].args.safeParse(args);
  if (!checked.success) {
    const issue = checked.error.issues[0];
    throw new Refused(`the model called ${name} with arguments that are not valid (${issue?.path.join('.') || 'arguments'}: ${issue?.message ?? 'invalid'})`);
  }
  const data = checked.data as Record<string, unknown>;
  const ownWindow = data.start_date !== undefined || data.end_date !== undefined;
  return ownWindow || !window ? data : { ...data, ...(window.start_date ? { start_date: window.start_date.slice(0, 10) } : {}), end_date: window.end_date.slice(0, 10) };
}

/** The final text, when every [n] it cites was given; a citation of any other line refuses the whole answer. */
function answered(text: string, given: ReadonlySet<number>, toolLines: readonly CitedToolLine[]): ToolLoopResult {
  const content = text.trim();
  if (content === '') throw new Refused('the model answered with no text');
  const cited: number[] = [];
  for (const [, digits] of content.matchAll(/\[(\d{1,4})\]/g)) {
    const n = Number(digits);
    if (!given.has(n)) throw new Refused(`the model cited a line it was not given ([${n}])`);
    if (!cited.includes(n)) cited.push(n);
  }
  return { status: 'generated', content, cited, toolLines: toolLines.filter((line) => cited.includes(line.n)) };
}

/** One chat completion (not streamed: a tool round is a whole message). */
async function complete(request: ToolLoopRequest, messages: readonly LoopMessage[]): Promise<z.infer<typeof MessageSchema>> {
  const signal = AbortSignal.any([request.signal, AbortSignal.timeout(request.roundMs)]);
  const response = await fetch(`${request.url.replace(/\/+$/, '')}/chat/completions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json', ...(request.key ? { authorization: `Bearer ${request.key}` } : {}) },
    body: JSON.stringify({ model: request.model, messages, tools: OPENAI_TOOLS, tool_choice: 'auto', stream: false, temperature: 0.2 }),
    signal,
  }).catch((error: unknown) => {
    if (request.signal.aborted) throw error;
    if (signal.aborted) throw new ModelServerError(`it took longer than ${request.roundMs / 1000} s`);
    throw new ModelServerError(`it could not be reached (${error instanceof Error ? (error.cause as Error | undefined)?.message ?? error.message : String(error)})`);
  });
  if (!response.ok) throw new ModelServerError(`it answered ${response.status}${(await response.text().catch(() => '')).slice(0, 200).replace(/^(?=.)/, ': ')}`);
  const body = CompletionSchema.safeParse(await response.json().catch(() => null));
  if (!body.success) throw new ModelServerError('its answer was not a chat completion');
  return body.data.choices[0]?.message ?? {};
}
