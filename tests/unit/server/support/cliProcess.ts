import { fork } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, beforeEach } from 'vitest';

const CLI = resolve(import.meta.dirname, '../../../../src/server/cli.ts');

/** `npm run server` as a child process (tsx), its output collected. */
export interface Started {
  child: ChildProcess;
  output: () => { stdout: string; stderr: string };
  exited: Promise<number | null>;
}

/** Starts the back end's command line with these variables (the demo is not seeded unless REELSCOPE_SEED says so). */
export function startCli(env: Record<string, string>): Started {
  const child = fork(CLI, [], { execArgv: ['--import', 'tsx'], env: { ...process.env, REELSCOPE_SEED: '0', ...env }, stdio: ['ignore', 'pipe', 'pipe', 'ipc'] });
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
