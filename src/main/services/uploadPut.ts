/**
 * One streamed PUT of a file body to the back end's one-time upload target: Node streams end to end (never a
 * whole-file buffer), Content-Length declared so the back end can refuse an oversized file before reading it.
 */
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { Transform } from 'node:stream';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

export interface PutOptions {
  url: string;
  body: Readable;
  size: number;
  contentType: string;
  signal: AbortSignal;
  /** Bytes handed to the socket so far. */
  onBytes: (sent: number) => void;
}

export interface PutAnswer {
  status: number;
  body: unknown;
}

function readJson(res: NodeJS.ReadableStream): Promise<unknown> {
  return new Promise((resolve) => {
    let text = '';
    res.setEncoding('utf8');
    res.on('data', (chunk: string) => {
      if (text.length < 65536) text += chunk;
    });
    res.on('end', () => {
      try {
        resolve(JSON.parse(text) as unknown);
      } catch {
        resolve(null);
      }
    });
    res.on('error', () => resolve(null));
  });
}

/** Sends the body; answers the status and the parsed JSON answer (null when none). Rejects on abort or lost connection. */
export function putStream(options: PutOptions): Promise<PutAnswer> {
  const send = options.url.startsWith('https:') ? httpsRequest : httpRequest;
  return new Promise<PutAnswer>((resolve, reject) => {
    let answered = false;
    const req = send(options.url, {
      method: 'PUT',
      signal: options.signal,
      headers: { 'content-type': options.contentType, 'content-length': String(options.size) },
    });
    req.on('response', (res) => {
      answered = true;
      void readJson(res).then((body) => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', (error) => {
      if (!answered) reject(error);
    });
    let sent = 0;
    const counter = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        sent += chunk.length;
        options.onBytes(sent);
        done(null, chunk);
      },
    });
    // A refusal (415/413/410) closes the connection early: the pipeline then fails, but the answer still counts.
    pipeline(options.body, counter, req, { signal: options.signal }).catch((error: unknown) => {
      if (!answered) setTimeout(() => reject(error instanceof Error ? error : new Error(String(error))), 50);
    });
  });
}
