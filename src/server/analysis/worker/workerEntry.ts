/**
 * Where a worker child's script is, in each way the back end runs:
 * - built (the server bundle dist/server/server.js, the desktop app's out/main/backend.js): `<name>.js` beside the
 *   bundle — electron.vite.config.ts builds it as an entry of its own next to server/backend; the code asking may
 *   sit in a chunk one folder below, so the folder above is tried too;
 * - from source (`npm run server` and `npm run web` under tsx, vitest, the bench): `<name>.ts` in this folder,
 *   run by plain Node with tsx's loader (`--import <tsx>`, as tsx itself starts Node; a bare `--import tsx` would
 *   be resolved from the working folder, so the loader's file URL is passed).
 */
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export interface WorkerEntry {
  entry: string;
  execArgv: string[];
}

/** The Node flags that let plain Node run a TypeScript entry (tsx's ESM + CJS loader). */
export function tsxExecArgv(): string[] {
  const loader = createRequire(import.meta.url).resolve('tsx');
  return ['--import', pathToFileURL(loader).href];
}

/**
 * The entry of worker `name` (e.g. 'analysisWorker'). `here` is the folder of the code asking (default: this
 * module's, which is the bundle's folder once built). Throws when neither the built nor the source file is there.
 */
export function resolveWorkerEntry(name: string, here: string = dirname(fileURLToPath(import.meta.url))): WorkerEntry {
  for (const dir of [here, dirname(here)]) {
    const built = join(dir, `${name}.js`);
    if (existsSync(built)) return { entry: built, execArgv: [] };
  }
  const source = join(here, `${name}.ts`);
  if (existsSync(source)) return { entry: source, execArgv: tsxExecArgv() };
  throw new Error(`The analysis worker's script (${name}.js or ${name}.ts) is not in ${here}: the build is incomplete.`);
}

/** The analysis worker (analysisWorker.ts, built as analysisWorker.js). */
export const analysisWorkerEntry = (): WorkerEntry => resolveWorkerEntry('analysisWorker');
