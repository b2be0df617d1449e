import { spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../../..');
const SCRIPT = join(ROOT, 'scripts/system-deps.sh');

const tmp: string[] = [];
afterAll(() => tmp.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

function run(mode: string, path: string): { status: number | null; out: string } {
  const result = spawnSync('/bin/bash', [SCRIPT, mode], { encoding: 'utf8', env: { PATH: path, HOME: tmpdir() } });
  return { status: result.status, out: result.stdout + result.stderr };
}

/** The commands the list names (its entries that are not absolute paths). */
function listedCommands(): string[] {
  const text = readFileSync(SCRIPT, 'utf8');
  return [...text.matchAll(/^ {2}"[\w.+-]+ ([\w.+-]+)"/gm)].map((match) => match[1] as string);
}

/** A folder of links to this machine's tools, leaving out `without`; with the shell's own helpers the script uses. */
function pathWithout(without: string[]): string {
  const bin = mkdtempSync(join(tmpdir(), 'reelscope-deps-'));
  tmp.push(bin);
  for (const tool of [...listedCommands(), 'awk', 'id']) {
    if (without.includes(tool)) continue;
    const found = spawnSync('/bin/bash', ['-c', `PATH="$PATH:/usr/sbin:/sbin" command -v ${tool}`], { encoding: 'utf8' }).stdout.trim();
    if (found) symlinkSync(found, join(bin, tool));
  }
  return bin;
}

describe('the system packages CI installs and the tests need (scripts/system-deps.sh)', () => {
  it('names the load balancer, PostgreSQL and every tool of the suite among the packages .ci/run installs', () => {
    const packages = run('packages', process.env.PATH ?? '').out.trim().split('\n');
    expect(packages).toEqual(expect.arrayContaining(['nginx', 'postgresql', 'chromium', 'zbar-tools', 'poppler-utils', 'ffmpeg', 'gnome-keyring', 'libsecret-tools', 'nodejs']));
    // .ci/run names the packages it installs; they are exactly the ones whose tools `check` requires.
    const ciRun = readFileSync(join(ROOT, '.ci/run'), 'utf8');
    const named = /^PACKAGES=\(([^)]*)\)/m.exec(ciRun)?.[1]?.split(/\s+/).filter(Boolean) ?? [];
    expect([...named].sort()).toEqual([...packages].sort());
    expect(ciRun).toMatch(/system-deps\.sh install "\$\{PACKAGES\[@\]\}"\n.*system-deps\.sh check/s);
  });

  it('passes on a machine that has every tool', () => {
    const result = run('check', pathWithout([]));
    expect(result.out).toBe('');
    expect(result.status).toBe(0);
  });

  it('fails naming a missing tool and the package that brings it, instead of letting its tests skip', () => {
    const result = run('check', pathWithout(['zbarimg', 'secret-tool']));
    expect(result.status).toBe(1);
    expect(result.out).toContain('zbarimg (Debian package zbar-tools)');
    expect(result.out).toContain('secret-tool (Debian package libsecret-tools)');
    expect(result.out).toMatch(/apt-get install libsecret-tools zbar-tools$/m);
  });

  it('counts a tool whose file is left but cannot run as missing', () => {
    const bin = pathWithout(['zbarimg']);
    writeFileSync(join(bin, 'zbarimg'), '');
    chmodSync(join(bin, 'zbarimg'), 0o644);
    const result = run('check', bin);
    expect(result.status).toBe(1);
    expect(result.out).toContain('zbarimg (Debian package zbar-tools)');
  });

  it('installs a package that was removed but not purged (its settings left behind, its programs gone)', () => {
    // dpkg and apt-get stand-ins: every package installed but nginx, which `apt-get remove` left as config files.
    const bin = pathWithout([]);
    const log = join(bin, 'apt.log');
    const stub = (name: string, body: string) => {
      rmSync(join(bin, name), { force: true });
      writeFileSync(join(bin, name), `#!/bin/bash\n${body}\n`);
      chmodSync(join(bin, name), 0o755);
    };
    stub('dpkg-query', 'if [ "${@: -1}" = nginx ]; then printf "deinstall ok config-files"; else printf "install ok installed"; fi');
    stub('apt-get', `echo "$*" >>${log}`);
    stub('npm', 'true');
    stub('sudo', '"$@"');
    const result = run('install', bin);
    expect(result.status).toBe(0);
    expect(result.out).toContain('installing nginx');
    expect(readFileSync(log, 'utf8')).toMatch(/^install -y -qq nginx$/m);
  });
});
