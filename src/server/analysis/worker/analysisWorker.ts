/**
 * The analysis worker process: hears and reads one video file and answers what it found (see media/analyseMedia.ts).
 * Started by the worker pool; its one job arrives as a message, validated here as the pool validates the answer.
 */
import { analyseMedia } from '../media/analyseMedia';
import { MediaJobSchema } from '../media/mediaJob';
import { serveWorker } from './childRuntime';

serveWorker(async (message, { signal, progress }) => analyseMedia(MediaJobSchema.parse(message), progress, signal));
