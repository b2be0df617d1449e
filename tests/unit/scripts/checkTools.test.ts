import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../../..');
const SCRIPT = join(ROOT, 'scripts', 'check-tools.sh');
const tmp: string[] = [];
afterAll(() => tmp.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

/** A PATH holding only bash and the coreutils the script itself needs, plus `present` linked from the real machine. */
function narrowPath(present: string[]): string {
  const bin = mkdtempSync(join(tmpdir(), 'reelscope-tools-'));
  tmp.push(bin);
  for (const tool of ['bash', ...present]) {
    const found = spawnSync('bash', ['-c', `command -v ${tool}`], { encoding: 'utf8' }).stdout.trim();
    if (found) symlinkSync(found, join(bin, tool));
  }
  return bin;
}

function checkTools(path: string, pgLib = '/usr/lib/postgresql') {
  return spawnSync(join(path, 'bash'), [SCRIPT], { encoding: 'utf8', env: { PATH: path, PG_LIB: pgLib } });
}

describe('scripts/check-tools.sh (run by .ci/run after the packages are installed)', () => {
  it('stops a machine without nginx, naming it, and names nothing that is there', () => {
    const everythingButNginx = ['chromium', 'ffmpeg', 'ffprobe', 'pdftotext', 'pdftoppm', 'zbarimg', 'gnome-keyring-daemon', 'dbus-run-session', 'secret-tool', 'Xvfb', 'openssl', 'python3', 'make', 'g++'];
    const run = checkTools(narrowPath(everythingButNginx));
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('missing nginx');
    expect(run.stderr).not.toContain('ffmpeg');
  });

  it('names PostgreSQL when its programs are not where Debian keeps them', () => {
    const run = checkTools(narrowPath([]), join(tmpdir(), 'no-postgresql-here'));
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('initdb (postgresql)');
    expect(run.stderr).toContain('chromium');
  });

  it('passes on this machine, where .ci/run installed every package', () => {
    const run = spawnSync('bash', [SCRIPT], { encoding: 'utf8' });
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
  });
});
