/**
 * The messages between the analysis worker pool (workerPool.ts, in the back end) and a worker child
 * (childRuntime.ts), checked with zod on both sides: a child is separate code that may be broken or half-written,
 * and the back end never acts on a message it cannot read. They live here rather than in src/shared/ipc because
 * that folder is the renderer ↔ host contract; these never leave the back end's own processes.
 *
 * The channel is child_process's IPC with `serialization: 'advanced'` (structured clone), so a job or a result may
 * carry typed arrays, Maps and Dates; class instances arrive as plain objects (hence a fault's fields, not an Error).
 */
import { z } from 'zod';
import { ANALYSIS_STEPS } from '../engines';

/** Pool → child: the one job this child runs (a fresh child per job, see workerPool.ts). */
export const JobMessageSchema = z.object({ type: z.literal('job'), job: z.unknown() });
export type JobMessage = z.infer<typeof JobMessageSchema>;

/** Child → pool: how far a step is (0..1). Throttled by the child to a few a second. */
export const ProgressMessageSchema = z.object({
  type: z.literal('progress'),
  step: z.enum(ANALYSIS_STEPS),
  fraction: z.number().min(0).max(1),
});

/** Child → pool: the job's answer; the child exits after sending it. */
export const ResultMessageSchema = z.object({ type: z.literal('result'), value: z.unknown() });

/** Child → pool: the job failed with a sentence a person can read (an AnalysisFault thrown in the child). */
export const FaultMessageSchema = z.object({
  type: z.literal('fault'),
  sentence: z.string().min(1).max(2000),
  retryable: z.boolean(),
  retryAfterSeconds: z.number().nonnegative().nullable(),
});

/** Child → pool: the child's peak resident memory so far, in bytes (sent every second and before the answer). */
export const RssMessageSchema = z.object({ type: z.literal('rss'), bytes: z.number().int().nonnegative() });

export const ChildMessageSchema = z.discriminatedUnion('type', [ProgressMessageSchema, ResultMessageSchema, FaultMessageSchema, RssMessageSchema]);
export type ChildMessage = z.infer<typeof ChildMessageSchema>;
export type ProgressMessage = z.infer<typeof ProgressMessageSchema>;
export type FaultMessage = z.infer<typeof FaultMessageSchema>;
