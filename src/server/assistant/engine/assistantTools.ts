import type { AssistantFigure, AssistantToolCall, AssistantToolResult } from '../../../shared/assistant/assistantTools.schemas';
import { ASSISTANT_TOOLS } from '../../../shared/assistant/assistantTools.schemas';
import { DEFAULT_REPORT_DURATION } from '../../../shared/constants';
import { HttpError } from '../../http/httpError';
import type { Acting } from '../../routes/main/videos/videoAccess';
import type { AssistantEngine } from './assistantEngine';

/** The question each figure is asked as (the engine's figure answers read these). */
const FIGURE_QUESTIONS: Readonly<Record<AssistantFigure, string>> = {
  sentiment: 'What is the overall sentiment expressed?',
  topics: 'What are the top 10 topics discussed?',
  products: 'Which products are mentioned most?',
  creators: 'Which creators drew the most views?',
  competitors: 'How do we compare with our competitors?',
  change: 'What changed against the previous period?',
  demographics: 'Which demographics are not represented?',
};

/**
 * The generative mode's tools (issue 30), each one the embedded engine answering the question the tool stands for,
 * so a model reads the same figures and lines as the built-in answer: its text (figures exact, reading first) and the
 * lines it quoted, which are the only ones the model may cite.
 */
export function createAssistantTools(engine: AssistantEngine) {
  const questionOf = (call: AssistantToolCall): { question: string; start_date?: string; end_date?: string } => {
    const tool = ASSISTANT_TOOLS[call.tool];
    const parsed = tool.args.safeParse(call.arguments);
    if (!parsed.success) throw new HttpError(400, `The arguments of ${call.tool} are not valid: ${parsed.error.issues[0]?.message ?? 'unknown problem'}.`);
    const args = parsed.data as { figure?: AssistantFigure; query?: string; product?: string; creator?: string; start_date?: string; end_date?: string };
    const window = { start_date: args.start_date, end_date: args.end_date };
    switch (call.tool) {
      case 'figures': return { question: FIGURE_QUESTIONS[args.figure ?? 'sentiment'], ...window };
      case 'search_transcripts': return { question: `What do people say about ${args.query ?? ''}?`, ...window };
      case 'product_summary': return { question: `What do people say about the ${args.product ?? ''}?`, ...window };
      default: return { question: `What did ${args.creator ?? ''} say?`, ...window };
    }
  };

  return async (acting: Acting, call: AssistantToolCall, today: string): Promise<AssistantToolResult> => {
    const { question, start_date, end_date } = questionOf(call);
    const custom = start_date !== undefined || end_date !== undefined;
    const answer = await engine({
      acting, question, avoid: new Set(),
      ...(custom ? { duration: 'custom' as const, start_date: start_date ?? '2000-01-01', end_date: end_date ?? today } : { duration: DEFAULT_REPORT_DURATION }),
    });
    return {
      text: answer.content,
      lines: answer.supporting_data.map((line, at) => ({ ...line, title: answer.quoted[at]?.title ?? '', language: answer.quoted[at]?.language ?? '' })),
    };
  };
}
