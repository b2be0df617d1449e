/**
 * Runs every `bench/*.bench.ts` in name order (`npm run bench`), or only those whose file name contains one of the
 * arguments (`npm run bench -- listRender download`). Each bench module exports `run(): Promise<void>` and prints its
 * own figures; timings live here, never in tests. A bench that throws is reported and the next one still runs; the
 * process then exits non-zero, listing the failures.
 */
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

interface BenchModule {
  run: () => Promise<void>;
}

const here = dirname(fileURLToPath(import.meta.url));
const filters = process.argv.slice(2).map((arg) => arg.toLowerCase());
const all = readdirSync(here).filter((file) => file.endsWith('.bench.ts')).sort();
const files = filters.length === 0 ? all : all.filter((file) => filters.some((filter) => file.toLowerCase().includes(filter)));
if (files.length === 0) {
  console.error(`No bench matches ${filters.map((filter) => `"${filter}"`).join(', ')}. Benches: ${all.join(', ')}`);
  process.exit(2);
}

const failures: { file: string; error: unknown }[] = [];
for (const file of files) {
  console.log(`\n=== ${file} ===`);
  const started = performance.now();
  try {
    const module = (await import(pathToFileURL(join(here, file)).href)) as BenchModule;
    await module.run();
  } catch (error) {
    failures.push({ file, error });
    console.error(`\n  FAILED after ${((performance.now() - started) / 1000).toFixed(1)} s:`);
    console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  }
}

console.log(`\n${files.length - failures.length} of ${files.length} bench${files.length === 1 ? '' : 'es'} completed.`);
if (failures.length > 0) {
  console.error(`Failed: ${failures.map(({ file, error }) => `${file} (${error instanceof Error ? error.message.split('\n')[0] : String(error)})`).join('; ')}`);
}
// Exit explicitly: a failed bench may have left a timer or socket open that would keep the process alive.
process.exit(failures.length > 0 ? 1 : 0);
