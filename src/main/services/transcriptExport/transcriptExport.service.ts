/**
 * Bulk transcript export (issue 4): batches of ≤50 from the back end, one file per video (pdf, txt or csv) with a
 * safe, unique name, written to `<name>.part` and renamed when complete. Yields to the event loop between files;
 * cancel stops between files and removes a partly written one. Exports are indexed in the offline library.
 */
import { randomUUID } from 'node:crypto';
import { mkdir, rm, stat, writeFile } from 'node:fs/promises';
import { isAbsolute } from 'node:path';
import type { ExportFileType, ExportProgress } from '../../../shared/ipc/desktop.schemas';
import { HostError } from '../../../shared/ipc/handlers';
import type { BackendClient } from '../backendClient';
import { freeFileName, publishFile, safeFileBase } from '../fileNames';
import type { HostFolders } from '../hostFolders';
import type { NewLibraryItem, OfflineLibrary } from '../offlineLibrary.service';
import { renderTranscriptPdf } from './pdfWriter';
import type { ParsedFont } from './fonts';
import type { FontKey } from './scripts';
import { transcriptCsv, transcriptText } from './textWriters';
import type { TranscriptDocument } from './transcriptDocument';
import { batches, fetchTranscriptBatch } from './transcriptSource';

/** Said when the folder was not chosen with the picker (nor is one of the app's own). */
export const EXPORT_FOLDER_NOT_PICKED = 'Reelscope only saves transcripts into a folder you chose with "Choose folder" or into its own folders. Choose the folder again.';

export interface TranscriptExportService {
  /** Starts an export in the background; progress arrives through `emit`. */
  start(input: { videoIds: string[]; directory: string; fileType: ExportFileType }): Promise<{ exportId: string }>;
  /** Stops an export between files; resolves once it has stopped. */
  cancel(exportId: string): Promise<void>;
  /** Resolves with the last progress when an export ends (tests, quitting). */
  settled(exportId: string): Promise<ExportProgress>;
}

export interface TranscriptExportDeps {
  client: BackendClient;
  folders: HostFolders;
  library: OfflineLibrary;
  font: (key: FontKey) => ParsedFont;
  emit: (progress: ExportProgress) => void;
  log: (message: string) => void;
}

const MIME: Readonly<Record<ExportFileType, string>> = { pdf: 'application/pdf', txt: 'text/plain; charset=utf-8', csv: 'text/csv; charset=utf-8' };
const yieldToLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Writes one document to `path` in the given format. */
export async function writeTranscriptFile(doc: TranscriptDocument, path: string, fileType: ExportFileType, font: (key: FontKey) => ParsedFont): Promise<void> {
  const content = fileType === 'pdf' ? await renderTranscriptPdf(doc, font) : fileType === 'csv' ? transcriptCsv(doc) : transcriptText(doc);
  await writeFile(path, content, { flag: 'wx' });
}

function plain(error: unknown): string {
  if (error instanceof HostError) return error.message;
  const code = (error as NodeJS.ErrnoException | null)?.code;
  if (code === 'ENOSPC') return 'There is not enough free space on the disk to save the transcripts.';
  if (code === 'EACCES' || code === 'EPERM' || code === 'EROFS') return 'Reelscope may not write to the chosen folder.';
  if (code === 'ENOENT' || code === 'ENOTDIR') return 'The chosen folder does not exist any more.';
  return 'The transcripts could not be exported. Please try again.';
}

export function createTranscriptExportService(deps: TranscriptExportDeps): TranscriptExportService {
  const runs = new Map<string, { canceled: boolean; done: Promise<ExportProgress> | null }>();

  async function run(exportId: string, input: { videoIds: string[]; directory: string; fileType: ExportFileType }, state: { canceled: boolean }): Promise<ExportProgress> {
    const files: string[] = [];
    const progress: ExportProgress = { exportId, done: 0, total: input.videoIds.length, state: 'running', directory: input.directory };
    const report = (patch: Partial<ExportProgress>) => deps.emit(Object.assign(progress, patch, { files: [...files] }));
    let partPath: string | null = null;
    try {
      await mkdir(input.directory, { recursive: true });
      for (const ids of batches(input.videoIds)) {
        if (state.canceled) break;
        const docs = await fetchTranscriptBatch(deps.client, ids);
        const indexed: NewLibraryItem[] = [];
        for (const doc of docs) {
          if (state.canceled) break;
          const base = safeFileBase(doc.title, 'transcript');
          partPath = `${await freeFileName(input.directory, base, input.fileType)}.part`;
          await writeTranscriptFile(doc, partPath, input.fileType, deps.font);
          if (state.canceled) break;
          const filePath = await publishFile(partPath, input.directory, base, input.fileType);
          partPath = null;
          files.push(filePath);
          const size = (await stat(filePath)).size;
          indexed.push({ kind: 'transcript', videoId: doc.videoId, title: doc.title, platform: doc.platform, creator: doc.creator, size, fileType: input.fileType, mime: MIME[input.fileType], filePath, lines: doc.lines });
          report({ done: progress.done + 1 });
          // Keep the host responsive (IPC, other downloads) between files.
          await yieldToLoop();
        }
        if (indexed.length > 0) await deps.library.add(indexed);
      }
      if (partPath) await rm(partPath, { force: true });
      report({ state: state.canceled ? 'canceled' : 'completed' });
    } catch (error) {
      if (partPath) await rm(partPath, { force: true }).catch(() => undefined);
      deps.log(`transcript export failed: ${error instanceof Error ? error.message : String(error)}`);
      report({ state: 'failed', error: plain(error) });
    }
    return { ...progress };
  }

  return {
    async start(input) {
      if (!isAbsolute(input.directory)) throw new HostError('failed', 'Choose a folder for the transcripts first.');
      if (!(await deps.folders.mayWrite(input.directory))) throw new HostError('forbidden', EXPORT_FOLDER_NOT_PICKED);
      const exportId = randomUUID();
      await deps.folders.remember({ exportDirectory: input.directory });
      const entry: { canceled: boolean; done: Promise<ExportProgress> | null } = { canceled: false, done: null };
      runs.set(exportId, entry);
      entry.done = run(exportId, input, entry);
      return { exportId };
    },
    async cancel(exportId) {
      const entry = runs.get(exportId);
      if (!entry) return;
      entry.canceled = true;
      await entry.done;
    },
    settled(exportId) {
      const entry = runs.get(exportId);
      if (!entry?.done) throw new HostError('failed', 'Unknown export.');
      return entry.done;
    },
  };
}
