/**
 * Entry of the utility process that runs the embedded back end (built by electron-vite as out/main/backend.js).
 * src/server/cli.ts reports readiness with process.send when forked; a utility process has no process.send but
 * a parentPort, so this shim maps one onto the other before loading the back end unchanged.
 */
import type {} from 'electron';

const parentPort = process.parentPort;
if (parentPort && typeof process.send !== 'function') {
  process.send = ((message: unknown) => {
    parentPort.postMessage(message);
    return true;
  }) as NonNullable<NodeJS.Process['send']>;
}

await import('../../server/cli');
