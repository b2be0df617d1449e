import type { GenerateInput } from '../../../shared/ipc/assistantModel.schemas';
import type { ChatMessage } from './modelStream';

const SYSTEM = `You are Reelscope's assistant for a brand team. Answer the question using ONLY the facts and the numbered
transcript lines given. The facts were computed from the brand's data: repeat their figures exactly, never estimate
or invent one. Quote or paraphrase lines and cite each one you use as [n] with its number. If the lines do not answer
the question, say so plainly. Be concise; plain text, short paragraphs or a numbered list.`;

/** The chat that grounds a model in the embedded engine's answer: its facts and the lines it retrieved, numbered. */
export function groundedMessages(input: GenerateInput): ChatMessage[] {
  const lines = input.lines.map((line) => `[${line.n}] “${line.text}” (${line.title}, at ${line.time})`).join('\n');
  return [
    { role: 'system', content: SYSTEM },
    { role: 'user', content: `Question: ${input.question}\n\nFacts:\n${input.facts}\n\nTranscript lines:\n${lines || '(none)'}` },
  ];
}

/**
 * The citations of a generated answer: the [n] it names that are among the given lines, in first-use order. A marker
 * naming any other number is removed from the text, so every citation a person sees is a retrieved line.
 */
export function checkedCitations(text: string, given: readonly number[]): { content: string; cited: number[] } {
  const allowed = new Set(given);
  const cited: number[] = [];
  const content = text.replace(/\s*\[(\d{1,3})\]/g, (marker, digits: string) => {
    const n = Number(digits);
    if (!allowed.has(n)) return '';
    if (!cited.includes(n)) cited.push(n);
    return marker;
  });
  return { content: content.trim(), cited };
}
