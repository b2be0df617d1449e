import { atom } from 'jotai';
import type { UploadProgress } from '../../../shared/ipc/uploads.schemas';

/** The upload modal is open; `file` pre-fills own storage (a file dropped onto the window). */
export const uploadModalAtom = atom<{ open: boolean; files: File[] }>({ open: false, files: [] });
/** Uploads of this run by id, as the host reports them (uploads.progress). */
export const uploadsAtom = atom<Record<string, UploadProgress>>({});
