// `npm start`: builds and launches the Electron app when Electron's binary is installed; otherwise runs the very
// same app in the browser (`npm run web`), saying so plainly.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { createRequire } from 'node:module';
import { assertNode } from './check-node.mjs';

// Before anything else: on an old Node the back end dies after the page's URL is printed, which reads as success.
assertNode();

const require = createRequire(import.meta.url);

/**
 * The Electron executable, or null when it is not installed. Found the way node_modules/electron/index.js does,
 * but without requiring that file: it tries to download the binary when missing.
 */
function electronBinary() {
  let pkgDir;
  try {
    pkgDir = dirname(require.resolve('electron/package.json'));
  } catch {
    return null;
  }
  const pathFile = join(pkgDir, 'path.txt');
  if (!existsSync(pathFile)) return null;
  const relative = readFileSync(pathFile, 'utf8').trim();
  const dist = process.env.ELECTRON_OVERRIDE_DIST_PATH || join(pkgDir, 'dist');
  const binary = join(dist, relative);
  return existsSync(binary) ? binary : null;
}

function run(command, args) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: 'inherit', shell: process.platform === 'win32' });
    for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const binary = electronBinary();
if (binary) {
  const built = await run(npm, ['run', 'build']);
  if (built !== 0) process.exit(built);
  process.exit(await run(binary, ['.']));
} else {
  console.log("Electron's binary is not installed here (ELECTRON_SKIP_BINARY_DOWNLOAD); starting the same app in your browser instead: npm run web");
  process.exit(await run(npm, ['run', 'web']));
}
