import { fork } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, beforeEach } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../../../..');
const CLI = resolve(ROOT, 'src/server/cli.ts');
/** What `npm run build:server` writes and `npm run start:server` runs with plain node. */
export const SERVER_BUNDLE = resolve(ROOT, 'dist/server/server.js');

/** `npm run server` as a child process (tsx), its output collected. */
export interface Started {
  child: ChildProcess;
  output: () => { stdout: string; stderr: string };
  exited: Promise<number | null>;
}

/**
 * Starts the back end's command line with these variables (the demo is not seeded unless REELSCOPE_SEED says so):
 * the source through tsx, or with `bundle` the built SERVER_BUNDLE with plain node.
 */
export function startCli(env: Record<string, string>, options: { bundle?: boolean } = {}): Started {
  const entry = options.bundle ? [SERVER_BUNDLE, []] as const : [CLI, ['--import', 'tsx']] as const;
  const child = fork(entry[0], [], { execArgv: [...entry[1]], env: { ...process.env, REELSCOPE_SEED: '0', ...env }, stdio: ['ignore', 'pipe', 'pipe', 'ipc'] });
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));
  return { child, output: () => ({ stdout, stderr }), exited };
}

/** The ready message the back end sends its parent. */
export function readyMessage(child: ChildProcess): Promise<{ type: string; port: number; url: string }> {
  return new Promise((done, fail) => {
    child.once('message', (message) => done(message as { type: string; port: number; url: string }));
    child.once('exit', (code) => fail(new Error(`exited with ${code} before ready`)));
  });
}

/** A fresh temporary folder for each test of the file (removed after it); read `.path` inside tests. */
export function useTempDir(prefix: string): { readonly path: string } {
  let path = '';
  beforeEach(() => {
    path = mkdtempSync(join(tmpdir(), prefix));
  });
  afterEach(() => rmSync(path, { recursive: true, force: true }));
  return {
    get path() {
      return path;
    },
  };
}
