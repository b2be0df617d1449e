// `npm run build:embed`: writes out/embed/embed.js, the bundle a packaged app serves (a checkout bundles from source).
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { EMBED_BUILD_OPTIONS, EMBED_BUNDLE, EMBED_SOURCE } from '../src/server/routes/metrics/embedScript';

const result = await build({ ...EMBED_BUILD_OPTIONS, target: [...EMBED_BUILD_OPTIONS.target], entryPoints: [EMBED_SOURCE], write: false });
const code = result.outputFiles[0]!.contents;
mkdirSync(dirname(EMBED_BUNDLE), { recursive: true });
writeFileSync(EMBED_BUNDLE, code);
console.log(`${EMBED_BUNDLE}: ${(code.length / 1024).toFixed(1)} KB, ${(gzipSync(code).length / 1024).toFixed(1)} KB gzipped`);
