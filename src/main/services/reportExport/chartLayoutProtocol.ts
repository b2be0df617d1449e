/** What the chart layout thread and the PDF writer say to each other (both sides are this app's own code). */
import type { DrawnItem } from './chartLayout';

/** Who lays out a chart: not yet taken, the thread, or the writer itself. */
export const CLAIM = { free: 0, thread: 1, writer: 2 } as const;

export type LayoutAnswer =
  | { batch: number; index: number; items: DrawnItem[] }
  | { batch: number; index: number; error: string }
  | { batch: number; done: true };
