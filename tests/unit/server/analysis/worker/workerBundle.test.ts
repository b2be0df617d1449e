/**
 * The worker entry in each way the back end runs: from source (tsx) and from the server bundle (the build of
 * `npm run build:server`, mode `server` of electron.vite.config.ts: analysisWorker.js beside server.js, found from the
 * bundle's folder or its chunks folder). Built into a folder of this run's own inside the repository (node_modules
 * resolves from there as from dist/server), so serverBundle.test.ts's dist/server is never rebuilt under it.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AnalysisFault } from '../../../../../src/server/analysis/engines';
import { analysisWorkerEntry, resolveWorkerEntry } from '../../../../../src/server/analysis/worker/workerEntry';
import { createWorkerPool } from '../../../../../src/server/analysis/worker/workerPool';

const ROOT = resolve(import.meta.dirname, '../../../../..');
const OUT = join(ROOT, 'dist', `.worker-bundle-test-${process.pid}`);
/** electron-vite puts the `main` build under <outDir>/main. */
const DIST = join(OUT, 'main');

describe('the analysis worker entry', () => {
  it('from source: analysisWorker.ts in the worker folder, run through tsx', () => {
    const found = analysisWorkerEntry();
    expect(found.entry).toBe(join(ROOT, 'src/server/analysis/worker/analysisWorker.ts'));
    expect(found.execArgv[0]).toBe('--import');
    expect(found.execArgv[1]).toMatch(/^file:.*\/tsx\//);
  });

  describe('in the server bundle', () => {
    beforeAll(() => {
      const built = spawnSync('npx', ['electron-vite', 'build', '--mode', 'server', '--outDir', OUT, '--logLevel', 'error'], { cwd: ROOT, encoding: 'utf8' });
      if (built.status !== 0) throw new Error(`the server build failed (${built.status ?? built.signal}): ${built.stderr}`);
    }, 120_000);
    afterAll(() => rmSync(OUT, { recursive: true, force: true }));

    it('is built beside server.js and found from the bundle folder and from its chunks', () => {
      expect(existsSync(join(DIST, 'server.js'))).toBe(true);
      expect(existsSync(join(DIST, 'analysisWorker.js'))).toBe(true);
      for (const here of [DIST, join(DIST, 'chunks')]) {
        expect(resolveWorkerEntry('analysisWorker', here)).toEqual({ entry: join(DIST, 'analysisWorker.js'), execArgv: [] });
      }
    });

    it('runs under plain node (no tsx) and answers in the pool protocol', async () => {
      const pool = createWorkerPool({ max: 1, entry: join(DIST, 'analysisWorker.js'), log: () => undefined });
      try {
        // Whatever the entry does with an empty job (the placeholder: "not wired yet"; the real one: a job it cannot
        // read), it answers with a fault of its own, not a crash.
        const error = await pool.run({}).catch((caught: unknown) => caught);
        expect(error).toBeInstanceOf(AnalysisFault);
        expect((error as AnalysisFault).message).not.toMatch(/stopped unexpectedly/);
        expect(pool.peakRssBytes()).toBeGreaterThan(0);
      } finally {
        await pool.close();
      }
    });
  });
});
