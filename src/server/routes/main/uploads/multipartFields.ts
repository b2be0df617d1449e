import { randomBytes } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { nameBrandInForm } from '../../../auth/teamRoles';
import { HttpError, badRequest } from '../../../http/httpError';
import type { MediaStore } from '../../../media/mediaStore';

/** A file part stored by readMultipart. */
export interface SavedFile {
  field: string;
  fileName: string;
  mimeType: string;
  bytes: number;
}

/** A file part and the key it is stored under. */
export type StoredFile = SavedFile & { key: string };

export interface MultipartOptions {
  maxFileBytes: number;
  /** Decides where a file part goes (a store and a key in it), or throws (e.g. 415 for a wrong type) before any of it is read. */
  destination?: (field: string, fileName: string, mimeType: string) => { store: MediaStore; key: string };
  tooLargeMessage: string;
  /** Checks the text fields read so far as a file part begins, or throws, before any of the file is stored. */
  beforeFile?: (fields: Readonly<Record<string, string>>) => void;
  /** File parts accepted (default 2). */
  maxFiles?: number;
}

/**
 * Reads a multipart body: text fields into a record (the last value of a repeated name wins), file parts streamed to
 * the store and key `destination` names (never buffered whole). A file over the limit is deleted and answers 413.
 */
export async function readMultipart(request: FastifyRequest, options: MultipartOptions): Promise<{ fields: Record<string, string>; files: StoredFile[] }> {
  const fields: Record<string, string> = {};
  const files: StoredFile[] = [];
  const stored: { store: MediaStore; key: string }[] = [];
  try {
    for await (const part of request.parts({ limits: { fileSize: options.maxFileBytes, files: options.maxFiles ?? 2, fields: 20, fieldSize: 64 * 1024 } })) {
      if (part.type === 'field') {
        fields[part.fieldname] = String(part.value);
        // Read past the route guard, a form's brand must agree with the one the guard decided on (before any file is kept).
        if (part.fieldname === 'brand_id' && request.auth) nameBrandInForm(request, fields.brand_id);
        continue;
      }
      if (!options.destination) throw new HttpError(400, `Unexpected file field "${part.fieldname}".`);
      options.beforeFile?.(fields);
      const target = options.destination(part.fieldname, part.filename, part.mimetype);
      stored.push(target);
      const bytes = await target.store.put(target.key, part.file, part.mimetype);
      if (part.file.truncated) throw new HttpError(413, options.tooLargeMessage);
      files.push({ field: part.fieldname, fileName: part.filename, mimeType: part.mimetype, bytes, key: target.key });
    }
  } catch (error) {
    await Promise.all(stored.map(({ store, key }) => store.delete(key).catch(() => undefined)));
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
 * Where a picture upload goes: `<folder>/<name>.<ext>` in the media store (`name` random unless given), once its field
 * is the expected one and its name's extension and declared type agree with `mimeMap` (415 `typeMessage` otherwise) —
 * all before any of it is read.
 */
export function mediaDestination(options: {
  store: MediaStore | null; folder: string; field: string; mimeMap: Readonly<Record<string, string>>; typeMessage: string; what: string; name?: string;
}): NonNullable<MultipartOptions['destination']> {
  return (field, fileName, mimeType) => {
    const ext = fileName.slice(fileName.lastIndexOf('.') + 1).toLowerCase();
    if (field !== options.field) throw badRequest(`Unexpected file field "${field}": the file goes in "${options.field}".`);
    if (options.mimeMap[ext] !== mimeType) throw new HttpError(415, options.typeMessage);
    if (!options.store) throw new HttpError(503, `${options.what} cannot be stored: the back end runs without a data folder.`);
    return { store: options.store, key: `${options.folder}/${options.name ?? randomBytes(12).toString('hex')}.${ext}` };
  };
}

/** Removes stored file parts a request ends up not keeping (a form that failed its checks). */
export async function discardFiles(store: MediaStore | null, files: readonly StoredFile[]): Promise<void> {
  if (store) await Promise.all(files.map((file) => store.delete(file.key)));
}
