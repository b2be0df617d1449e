/**
 * Runs every `bench/*.bench.ts` in name order (`npm run bench`), or only those whose file name contains one of the
 * arguments (`npm run bench -- listRender download`). Each bench module exports `run(): Promise<void>` and prints its
 * own figures; timings live here, never in tests. Each bench runs in a process of its own, so its figures do not depend
 * on the heap and caches the benches before it left behind. A bench that fails is reported and the next one still
 * runs; the process then exits non-zero, listing the failures.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

interface BenchModule {
  run: () => Promise<void>;
}

const here = dirname(fileURLToPath(import.meta.url));
const CHILD_FLAG = '--bench-file';

/** In a child: runs one bench file, exits 1 when it throws. */
async function runOne(file: string): Promise<never> {
  try {
    const module = (await import(pathToFileURL(join(here, file)).href)) as BenchModule;
    await module.run();
  } catch (error) {
    console.error('\n  FAILED:');
    console.error(error instanceof Error ? (error.stack ?? error.message) : error);
    process.exit(1);
  }
  // Exit explicitly: a bench may have left a timer or socket open that would keep the process alive.
  process.exit(0);
}

const childAt = process.argv.indexOf(CHILD_FLAG);
if (childAt >= 0) await runOne(process.argv[childAt + 1] ?? '');

const filters = process.argv.slice(2).map((arg) => arg.toLowerCase());
const all = readdirSync(here).filter((file) => file.endsWith('.bench.ts')).sort();
const files = filters.length === 0 ? all : all.filter((file) => filters.some((filter) => file.toLowerCase().includes(filter)));
if (files.length === 0) {
  console.error(`No bench matches ${filters.map((filter) => `"${filter}"`).join(', ')}. Benches: ${all.join(', ')}`);
  process.exit(2);
}

const failures: string[] = [];
for (const file of files) {
  console.log(`\n=== ${file} ===`);
  const started = performance.now();
  // The same node flags as this process (--expose-gc, the tsx loader).
  const child = spawnSync(process.execPath, [...process.execArgv, fileURLToPath(import.meta.url), CHILD_FLAG, file], { stdio: 'inherit' });
  if (child.status !== 0) {
    failures.push(file);
    console.error(`  ${file} failed after ${((performance.now() - started) / 1000).toFixed(1)} s (exit ${child.status ?? child.signal}).`);
  }
}

console.log(`\n${files.length - failures.length} of ${files.length} bench${files.length === 1 ? '' : 'es'} completed.`);
if (failures.length > 0) console.error(`Failed: ${failures.join('; ')}`);
process.exit(failures.length > 0 ? 1 : 0);
