/**
 * PLACEHOLDER — the lead replaces this file with the real analysis worker (serveWorker around analyseMedia).
 * It exists because electron.vite.config.ts builds it as an entry of its own (dist/server/analysisWorker.js,
 * out/main/analysisWorker.js) and a build entry must be a file.
 */
import { AnalysisFault } from '../engines';
import { serveWorker } from './childRuntime';

serveWorker(async () => {
  throw new AnalysisFault('The analysis engine is not wired yet.');
});
