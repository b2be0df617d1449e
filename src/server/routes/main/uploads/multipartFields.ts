import { randomBytes } from 'node:crypto';
import { createWriteStream, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { rm } from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import { HttpError, badRequest } from '../../../http/httpError';

/** A file part saved to disk by readMultipart. */
export interface SavedFile {
  field: string;
  fileName: string;
  mimeType: string;
  bytes: number;
}

export interface MultipartOptions {
  maxFileBytes: number;
  /** Decides where a file part goes, or throws (e.g. 415 for a wrong type) before any of it is read. */
  destination?: (field: string, fileName: string, mimeType: string) => string;
  tooLargeMessage: string;
  /** Checks the text fields read so far as a file part begins, or throws, before any of the file is stored. */
  beforeFile?: (fields: Readonly<Record<string, string>>) => void;
  /** File parts accepted (default 2). */
  maxFiles?: number;
}

/**
 * Reads a multipart body: text fields into a record (the last value of a repeated name wins), file parts streamed to
 * the path `destination` names (never buffered whole). A file over the limit is deleted and answers 413.
 */
export async function readMultipart(request: FastifyRequest, options: MultipartOptions): Promise<{ fields: Record<string, string>; files: (SavedFile & { path: string })[] }> {
  const fields: Record<string, string> = {};
  const files: (SavedFile & { path: string })[] = [];
  try {
    for await (const part of request.parts({ limits: { fileSize: options.maxFileBytes, files: options.maxFiles ?? 2, fields: 20, fieldSize: 64 * 1024 } })) {
      if (part.type === 'field') {
        fields[part.fieldname] = String(part.value);
        continue;
      }
      if (!options.destination) throw new HttpError(400, `Unexpected file field "${part.fieldname}".`);
      options.beforeFile?.(fields);
      const path = options.destination(part.fieldname, part.filename, part.mimetype);
      files.push({ field: part.fieldname, fileName: part.filename, mimeType: part.mimetype, bytes: 0, path });
      let bytes = 0;
      part.file.on('data', (chunk: Buffer) => {
        bytes += chunk.length;
      });
      await pipeline(part.file, createWriteStream(path, { flags: 'wx' }));
      if (part.file.truncated) throw new HttpError(413, options.tooLargeMessage);
      files[files.length - 1]!.bytes = bytes;
    }
  } catch (error) {
    await Promise.all(files.map((file) => rm(file.path, { force: true })));
    throw unreadableBody(error) ? new HttpError(400, MULTIPART_UNREADABLE) : error;
  }
  return { fields, files };
}

export const MULTIPART_UNREADABLE = 'The form could not be read: its multipart/form-data body is cut short or malformed. Send it again.';

/**
 * A failure of the multipart parser itself (no boundary, a body cut short, a malformed part): plain errors without a
 * status. Errors with a status are already answered as they say, and file-system errors (a `syscall`) are ours.
 */
function unreadableBody(error: unknown): boolean {
  return error instanceof Error && !(error instanceof HttpError) && typeof (error as { statusCode?: unknown }).statusCode !== 'number' && !('syscall' in error);
}

/**
 * Where a picture upload goes: `<media>/<folder>/<random>.<ext>`, once its field is the expected one and its name's
 * extension and declared type agree with `mimeMap` (415 `typeMessage` otherwise) — all before any of it is read.
 */
export function mediaDestination(options: {
  mediaDir: string | null; folder: string; field: string; mimeMap: Readonly<Record<string, string>>; typeMessage: string; what: string;
}): NonNullable<MultipartOptions['destination']> {
  return (field, fileName, mimeType) => {
    const ext = fileName.slice(fileName.lastIndexOf('.') + 1).toLowerCase();
    if (field !== options.field) throw badRequest(`Unexpected file field "${field}": the file goes in "${options.field}".`);
    if (options.mimeMap[ext] !== mimeType) throw new HttpError(415, options.typeMessage);
    if (!options.mediaDir) throw new HttpError(503, `${options.what} cannot be stored: the back end runs without a data folder.`);
    mkdirSync(join(options.mediaDir, options.folder), { recursive: true });
    return join(options.mediaDir, options.folder, `${randomBytes(12).toString('hex')}.${ext}`);
  };
}
