// Rebuilds smart-whisper's whisper.cpp with this CPU's vector units (AVX2/FMA on x86-64, NEON on arm64): its own
// install compiles without them, about 10× slower (docs/notes/2026-12-02-speech-binding.md). Runs after `npm install`
// (postinstall); offline, it needs only the toolchain the install already used. A failure keeps the portable build and
// says so: speech to text still works, slower. REELSCOPE_WHISPER_TUNE=0 skips it (a release build for other CPUs sets
// its own flags, see docs/architecture.md).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

if (process.env.REELSCOPE_WHISPER_TUNE === '0') process.exit(0);
let folder;
try {
  folder = dirname(createRequire(import.meta.url).resolve('smart-whisper/package.json'));
} catch {
  process.exit(0);
}
const gyp = join(dirname(createRequire(import.meta.url).resolve('node-gyp/package.json')), 'bin', 'node-gyp.js');
if (!existsSync(gyp)) process.exit(0);
const flags = process.env.REELSCOPE_WHISPER_CFLAGS ?? (process.arch === 'x64' ? '-march=native' : '-mcpu=native');
const started = Date.now();
const built = spawnSync(process.execPath, [gyp, 'rebuild', '--jobs', 'max'], {
  cwd: folder, stdio: ['ignore', 'ignore', 'pipe'], env: { ...process.env, CFLAGS: flags, CXXFLAGS: flags },
});
if (built.status === 0) {
  console.log(`smart-whisper rebuilt with ${flags} in ${Math.round((Date.now() - started) / 1000)} s.`);
} else {
  console.warn(`smart-whisper could not be rebuilt with ${flags} (speech to text stays on the slower portable build):\n${String(built.stderr).slice(-2000)}`);
}
