/**
 * Runs every `bench/*.bench.ts` in name order (`npm run bench`). Each bench module exports `run(): Promise<void>`
 * and prints its own figures; timings live here, never in tests.
 */
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

interface BenchModule {
  run: () => Promise<void>;
}

const here = dirname(fileURLToPath(import.meta.url));
const files = readdirSync(here).filter((file) => file.endsWith('.bench.ts')).sort();
for (const file of files) {
  console.log(`\n=== ${file} ===`);
  const module = (await import(pathToFileURL(join(here, file)).href)) as BenchModule;
  await module.run();
}
