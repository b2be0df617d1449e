import { execFileSync, spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
// @ts-expect-error -- a plain .mjs script without types: it must run on any old Node that reaches it
import { nodeSatisfies, requiredNode } from '../../../scripts/check-node.mjs';

const ROOT = resolve(import.meta.dirname, '../../..');
const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { engines: { node: string }; scripts: Record<string, string> };

/** The first Node on the system PATH that is older than the floor (Debian's Node 20 on these machines), or null. */
function oldSystemNode(): { bin: string; version: string } | null {
  for (const bin of ['/usr/bin/node', '/usr/local/bin/node']) {
    try {
      const version = execFileSync(bin, ['-v'], { encoding: 'utf8' }).trim();
      if (!nodeSatisfies(version, requiredNode().parts)) return { bin, version };
    } catch {
      // not installed there
    }
  }
  return null;
}

const tmp: string[] = [];
afterAll(() => tmp.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

describe('the Node floor', () => {
  it('is the floor the dependencies need (jsdom: ^22.22.2) and is read from package.json once', () => {
    expect(pkg.engines.node).toBe('>=22.22.2');
    expect(requiredNode().text).toBe('22.22.2');
  });

  it('compares versions part by part, not as text', () => {
    const floor = [22, 22, 2];
    expect(nodeSatisfies('v20.20.2', floor)).toBe(false);
    expect(nodeSatisfies('v22.12.0', floor)).toBe(false);
    expect(nodeSatisfies('v22.22.1', floor)).toBe(false);
    expect(nodeSatisfies('v22.22.2', floor)).toBe(true);
    expect(nodeSatisfies('v22.23.3', floor)).toBe(true);
    expect(nodeSatisfies('v24.0.0', floor)).toBe(true);
    expect(nodeSatisfies('v100.1.0', floor)).toBe(true);
  });

  const found = oldSystemNode();
  // The test needs an old Node to exist; Debian's own does here, and CI installs it (scripts/system-deps.sh), so there
  // a missing one fails by name. On a person's machine whose system Node is new it says so in its title and skips.
  const needed = Boolean(found) || Boolean(process.env.CI);
  const oldNode = (): { bin: string; version: string } => {
    if (!found) throw new Error('No Node older than 22.22.2 in /usr/bin or /usr/local/bin: install Debian\'s nodejs (scripts/system-deps.sh install)');
    return found;
  };
  it.runIf(needed)(`npm install on an old Node (${found?.version ?? 'none found'}) stops, naming the Node needed and how to get it`, () => {
    // The project's own package.json and check, without its dependencies: the preinstall is what is under test,
    // and npm runs it whatever the dependency tree.
    const old = oldNode();
    const dir = mkdtempSync(join(tmpdir(), 'reelscope-oldnode-'));
    tmp.push(dir);
    mkdirSync(join(dir, 'scripts'));
    copyFileSync(join(ROOT, 'scripts/check-node.mjs'), join(dir, 'scripts/check-node.mjs'));
    writeFileSync(
      join(dir, 'package.json'),
      JSON.stringify({ name: 'reelscope-check', version: '0.0.0', type: 'module', engines: pkg.engines, scripts: { preinstall: pkg.scripts.preinstall } }),
    );
    const path = [dirname(old.bin), ...(process.env.PATH ?? '').split(delimiter)].join(delimiter);
    const result = spawnSync('npm', ['install', '--no-audit', '--no-fund', '--offline'], { cwd: dir, encoding: 'utf8', env: { ...process.env, PATH: path } });
    const said = `${result.stdout}\n${result.stderr}`;
    expect(result.status).not.toBe(0);
    expect(said).toContain('Reelscope needs Node 22.22.2 or newer');
    expect(said).toContain(old.version);
    expect(said).toContain('source scripts/ensure-node.sh');
  });

  it.runIf(needed)('npm start on an old Node stops before it prints a URL', () => {
    const old = oldNode();
    const result = spawnSync(old.bin, [join(ROOT, 'scripts/start.mjs')], { cwd: ROOT, encoding: 'utf8' });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('Reelscope needs Node 22.22.2 or newer');
    expect(result.stdout).not.toContain('http://');
  });
});
