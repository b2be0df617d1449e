import { fork } from 'node:child_process';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import type { ProcessSpawner, SpawnedProcess } from '../services/ports';

/** Enough stderr to show a stack trace, not so much that a chatty child grows memory without bound. */
const STDERR_TAIL_CHARS = 4000;

/** execArgv that lets plain Node run a TypeScript entry (src/server/cli.ts) through tsx's loader. */
function execArgvFor(entry: string): string[] {
  if (!/\.[cm]?tsx?$/.test(entry)) return [];
  const loader = createRequire(import.meta.url).resolve('tsx');
  return ['--import', pathToFileURL(loader).href];
}

/**
 * Forks Node scripts with an IPC channel (child_process.fork). The child's stdout goes to `onOutput`
 * (the console by default); stderr is both forwarded and kept as a tail for error reports.
 */
export function createNodeProcessSpawner(options: { onOutput?: (text: string) => void; cwd?: string } = {}): ProcessSpawner {
  const output = options.onOutput ?? ((text: string) => process.stdout.write(text));
  return {
    fork(entry, env) {
      const child = fork(entry, [], {
        env: { ...process.env, ...env },
        execArgv: execArgvFor(entry),
        cwd: options.cwd,
        stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
      });
      let tail = '';
      child.stdout?.setEncoding('utf8').on('data', (text: string) => output(text));
      child.stderr?.setEncoding('utf8').on('data', (text: string) => {
        output(text);
        tail = (tail + text).slice(-STDERR_TAIL_CHARS);
      });
      let exited = false;
      const exitListeners: ((code: number | null) => void)[] = [];
      // 'exit' can fire before the stderr pipe is drained; 'close' waits for both, so the tail is complete.
      child.once('close', (code) => {
        exited = true;
        for (const listener of exitListeners) listener(code);
      });
      child.on('error', (error) => {
        tail = (tail + String(error.message)).slice(-STDERR_TAIL_CHARS);
      });
      const spawned: SpawnedProcess = {
        onMessage: (listener) => void child.on('message', (message) => listener(message)),
        onExit: (listener) => {
          if (exited) listener(child.exitCode);
          else exitListeners.push(listener);
        },
        stderrTail: () => tail,
        kill: (force) => {
          if (!exited) child.kill(force ? 'SIGKILL' : 'SIGTERM');
        },
      };
      return spawned;
    },
  };
}
