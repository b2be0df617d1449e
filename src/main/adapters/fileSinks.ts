import { closeSync, openSync, writeSync } from 'node:fs';
import { Worker } from 'node:worker_threads';
import type { FileSink, FileSinks } from '../services/desktopPorts';

/**
 * The writer thread: opens one file and writes what it is sent with blocking writes, answering each. Plain JavaScript
 * evaluated in the worker, so it needs no bundler entry of its own (the same in Electron and the web host).
 */
const WRITER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const fs = require('node:fs');
let fd = null;
try {
  fd = fs.openSync(workerData.path, workerData.append ? 'r+' : 'w');
  parentPort.postMessage({ id: 0 });
} catch (error) {
  parentPort.postMessage({ id: 0, error: { message: error.message, code: error.code } });
}
parentPort.on('message', (message) => {
  if (message.close) {
    try { if (fd !== null) fs.closeSync(fd); parentPort.postMessage({ id: message.id }); }
    catch (error) { parentPort.postMessage({ id: message.id, error: { message: error.message, code: error.code } }); }
    fd = null;
    return;
  }
  try {
    const view = new Uint8Array(message.buffer, message.offset, message.length);
    let done = 0;
    while (done < message.length) done += fs.writeSync(fd, view, done, message.length - done, message.position + done);
    parentPort.postMessage({ id: message.id });
  } catch (error) {
    parentPort.postMessage({ id: message.id, error: { message: error.message, code: error.code } });
  }
});
`;

interface Reply {
  id: number;
  error?: { message: string; code?: string };
}

/**
 * A file written by a thread of its own (blocking writes there, the caller never waits on the disk). Data in a
 * SharedArrayBuffer (the download client's buffers) reaches the thread without a copy; other data is copied.
 */
function openOnWriterThread(path: string, append: boolean): Promise<FileSink> {
  return new Promise<FileSink>((resolveOpen, rejectOpen) => {
    const worker = new Worker(WRITER_SOURCE, { eval: true, workerData: { path, append } });
    const waiting = new Map<number, { resolve: () => void; reject: (error: Error) => void }>();
    let nextId = 1;
    let opened = false;
    const fail = (error: Error) => {
      if (!opened) rejectOpen(error);
      for (const entry of waiting.values()) entry.reject(error);
      waiting.clear();
    };
    worker.on('error', fail);
    worker.on('exit', () => fail(new Error('The file writer stopped.')));
    worker.on('message', (reply: Reply) => {
      const error = reply.error ? Object.assign(new Error(reply.error.message), { code: reply.error.code }) : null;
      if (reply.id === 0) {
        opened = error === null;
        if (error) {
          rejectOpen(error);
          void worker.terminate();
        } else resolveOpen(sink);
        return;
      }
      const entry = waiting.get(reply.id);
      waiting.delete(reply.id);
      if (error) entry?.reject(error);
      else entry?.resolve();
    });
    const send = (message: Record<string, unknown>, transfer: ArrayBuffer[] = []) =>
      new Promise<void>((resolve, reject) => {
        const id = nextId++;
        waiting.set(id, { resolve, reject });
        worker.postMessage({ ...message, id }, transfer);
      });
    const sink: FileSink = {
      write(data, offset, length, position) {
        if (data.buffer instanceof SharedArrayBuffer) return send({ buffer: data.buffer, offset: data.byteOffset + offset, length, position });
        const copy = data.slice(offset, offset + length);
        return send({ buffer: copy.buffer, offset: copy.byteOffset, length, position }, [copy.buffer as ArrayBuffer]);
      },
      async close() {
        try {
          await send({ close: true });
        } finally {
          worker.removeAllListeners('exit');
          await worker.terminate();
        }
      },
    };
  });
}

/** A write slower than this means a slow or stalling medium (network share, USB stick): move off the main thread. */
const SLOW_WRITE_MS = 50;

/**
 * Download files. Writes are blocking, on the calling thread, while the disk keeps up: Node's asynchronous writes go
 * through the shared thread pool, and on a two-core machine a gigabyte download then ran at 0.35×–1× curl's speed from
 * one run to the next, where blocking writes ran at curl's speed every time (bench/download.bench.ts). A page-cache
 * write of 1 MiB takes well under a millisecond; the first write that takes longer than SLOW_WRITE_MS hands the rest
 * of the file to a writer thread, so a slow medium never holds the main process for more than one write.
 */
export function createFileSinks(options: { slowWriteMs?: number } = {}): FileSinks {
  const slowWriteMs = options.slowWriteMs ?? SLOW_WRITE_MS;
  return {
    async open(path, { append }) {
      let fd: number | null = openSync(path, append ? 'r+' : 'w');
      let thread: Promise<FileSink> | null = null;
      const handOver = (): Promise<FileSink> => {
        if (fd !== null) closeSync(fd);
        fd = null;
        thread ??= openOnWriterThread(path, true);
        return thread;
      };
      return {
        async write(data, offset, length, position) {
          if (fd === null) return (await handOver()).write(data, offset, length, position);
          const started = performance.now();
          let done = 0;
          while (done < length) done += writeSync(fd, data, offset + done, length - done, position + done);
          if (performance.now() - started > slowWriteMs) void handOver().catch(() => undefined);
        },
        async close() {
          if (fd !== null) closeSync(fd);
          fd = null;
          // A writer thread that could not open the file has nothing to close (its writes reported the error).
          if (thread) await thread.then((sink) => sink.close(), () => undefined);
        },
      };
    },
  };
}
