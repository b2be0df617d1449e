import type { AssistantFigure, AssistantToolCall, AssistantToolResult } from '../../../shared/assistant/assistantTools.schemas';
import { ASSISTANT_TOOLS } from '../../../shared/assistant/assistantTools.schemas';
import { DEFAULT_REPORT_DURATION } from '../../../shared/constants';
import { HttpError } from '../../http/httpError';
import type { Acting } from '../../routes/main/videos/videoAccess';
import type { AssistantEngine, Ask, EngineAnswer } from './assistantEngine';
import { foldText } from './understanding/lexicon';

/** The first day a window from a start-less tool call begins (before any video). */
const EARLIEST_DAY = '2000-01-01';

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

/** The window a tool call names, as the engine takes it (none named: the default window). */
function windowOf(args: { start_date?: string; end_date?: string }, today: string): Pick<Ask, 'duration' | 'start_date' | 'end_date'> {
  if (args.start_date === undefined && args.end_date === undefined) return { duration: DEFAULT_REPORT_DURATION };
  return { duration: 'custom' as const, start_date: args.start_date ?? EARLIEST_DAY, end_date: args.end_date ?? today };
}

/** A name as the model wrote it, matched against the brand's ("glow serum" names "Lumina Glow Serum"). */
const named = <T>(asked: string, candidates: readonly T[], nameOf: (candidate: T) => string): T | undefined => {
  const wanted = foldText(asked).trim();
  return candidates.find((c) => foldText(nameOf(c)) === wanted) ?? candidates.find((c) => foldText(nameOf(c)).includes(wanted));
};

/**
 * The generative mode's tools (issue 30), each one the embedded engine answering the question the tool stands for,
 * so a model reads the same figures and lines as the built-in answer: its text (figures exact, reading first) and the
 * lines it quoted, which are the only ones the model may cite. A product or creator the brand does not have is said
 * so, with the names it has, rather than answered about something else.
 */
export function createAssistantTools(engine: AssistantEngine) {
  return async (acting: Acting, call: AssistantToolCall, today: string): Promise<AssistantToolResult> => {
    const parsed = ASSISTANT_TOOLS[call.tool].args.safeParse(call.arguments);
    if (!parsed.success) throw new HttpError(400, `The arguments of ${call.tool} are not valid: ${parsed.error.issues[0]?.message ?? 'unknown problem'}.`);
    const args = parsed.data as { figure?: AssistantFigure; query?: string; product?: string; creator?: string; start_date?: string; end_date?: string };
    const ask = async (question: string) => engine({ acting, question, avoid: new Set(), ...windowOf(args, today) });
    const result = (answer: EngineAnswer, text = answer.content): AssistantToolResult => ({
      text, lines: answer.supporting_data.map((line, at) => ({ ...line, title: answer.quoted[at]?.title ?? '', language: answer.quoted[at]?.language ?? '' })),
    });
    switch (call.tool) {
      case 'figures': return result(await ask(FIGURE_QUESTIONS[args.figure ?? 'sentiment']));
      case 'search_transcripts': return result(await ask(`What do people say about ${args.query ?? ''}?`));
      case 'product_summary': {
        const { products } = await engine.names(acting);
        const product = named(args.product ?? '', products, (p) => p.name);
        if (!product) return { text: `The brand has no product named “${args.product ?? ''}”. Its products: ${products.map((p) => p.name).join(', ')}.`, lines: [] };
        const [count, said] = await Promise.all([ask(`How many videos mention the ${product.name}?`), ask(`What do people say about the ${product.name}?`)]);
        return result(said, `${count.content}\n${said.content}`);
      }
      default: {
        const { creators } = await engine.names(acting);
        const creator = named(args.creator ?? '', creators, (c) => c.folded);
        if (!creator) return { text: `No creator named “${args.creator ?? ''}” has a video of the brand's.`, lines: [] };
        return result(await ask(`Summarise what ${creator.folded} said`));
      }
    }
  };
}
