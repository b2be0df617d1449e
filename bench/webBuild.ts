/** The built web renderer the Chromium benches open (`out/web`), rebuilt when its sources changed. */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '..');

/** Newest modification time under a folder (files only). */
function newest(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let latest = 0;
  for (const entry of readdirSync(path)) latest = Math.max(latest, newest(join(path, entry)));
  return latest;
}

/** Builds out/web (`npm run build:web`) when it is missing or older than the renderer sources it is built from. */
export function ensureWebBuild(): void {
  const built = join(ROOT, 'out/web/index.html');
  const sources = Math.max(newest(join(ROOT, 'src/renderer')), newest(join(ROOT, 'src/shared')), newest(join(ROOT, 'vite.web.config.ts')));
  if (existsSync(built) && statSync(built).mtimeMs >= sources) return;
  console.log('  out/web is missing or older than src/renderer: npm run build:web ...');
  const result = spawnSync('npm', ['run', 'build:web'], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'], encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`npm run build:web failed:\n${result.stdout}\n${result.stderr}`);
}

