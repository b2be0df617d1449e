/**
 * The analysis worker process: hears and reads one video file and answers what it found (see media/analyseMedia.ts).
 * Started by the worker pool; its one job arrives as a message, checked against the job's schema before it runs.
 */
import { analyseMedia } from '../media/analyseMedia';
import { MediaJobSchema } from '../media/mediaJob';
import { serveWorker } from './childRuntime';

serveWorker((job, { signal, progress }) => analyseMedia(job, progress, signal), { schema: MediaJobSchema });
