import { utilityProcess } from 'electron';
import type { ProcessSpawner, SpawnedProcess } from '../services/ports';

const STDERR_TAIL_CHARS = 4000;

/**
 * Runs the back end in an Electron utility process (a Node child managed by Electron, no ELECTRON_RUN_AS_NODE
 * needed, so the runAsNode fuse can stay off). Messages arrive through the child's parentPort.
 */
export function createUtilityProcessSpawner(log: (text: string) => void): ProcessSpawner {
  return {
    fork(entry, env) {
      const child = utilityProcess.fork(entry, [], {
        env: { ...process.env, ...env },
        stdio: 'pipe',
        serviceName: 'Reelscope back end',
      });
      let tail = '';
      let exited = false;
      let exitCode: number | null = null;
      const exitListeners: ((code: number | null) => void)[] = [];
      child.stdout?.setEncoding('utf8').on('data', (text: string) => log(text));
      child.stderr?.setEncoding('utf8').on('data', (text: string) => {
        log(text);
        tail = (tail + text).slice(-STDERR_TAIL_CHARS);
      });
      child.once('exit', (code) => {
        exited = true;
        exitCode = code;
        for (const listener of exitListeners) listener(code);
      });
      const spawned: SpawnedProcess = {
        onMessage: (listener) => void child.on('message', (message: unknown) => listener(message)),
        onExit: (listener) => {
          if (exited) listener(exitCode);
          else exitListeners.push(listener);
        },
        stderrTail: () => tail,
        kill: () => {
          // utilityProcess.kill() is already forceful enough on every platform (SIGTERM, then the process is reaped).
          if (!exited) child.kill();
        },
      };
      return spawned;
    },
  };
}
