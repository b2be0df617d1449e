/**
 * Ports of the desktop capabilities (issue 4): what downloads, transcript export and the offline library need from
 * the host. Electron fills them with native adapters (main/electron), the web host with plain Node ones or no-ops.
 */
import type { DirectoryPicker, FilePicker } from './ports';
import type { SaveFilePicker } from './csvExport.service';

/** The taskbar / dock progress of the main window. */
export interface WindowProgress {
  /** A fraction 0..1 of all running downloads, or null to clear the bar. Must never throw. */
  set(fraction: number | null): void;
}

/** Tells the person a file was saved: a download, a scheduled report (Electron: native notification with "Show in folder"). Must never throw. */
export interface DownloadNotifier {
  downloaded(title: string, filePath: string): void;
  /** A file written while the person may not be looking (a scheduled report); `heading` says what, `body` names it. */
  saved(heading: string, body: string, filePath: string): void;
}

/** The OS file manager. */
export interface FileShell {
  /** Shows the file selected in its folder. Throws a HostError('unavailable') where the host cannot (web host). */
  showItemInFolder(path: string): void;
}

/** A file open for positioned writes. */
export interface FileSink {
  /** Writes `length` bytes of `data` from `offset` at file `position`, all of them or a rejection. */
  write(data: Uint8Array, offset: number, length: number, position: number): Promise<void>;
  close(): Promise<void>;
}

/** Opens download files for writing; tests swap in one that fails like a full disk. */
export interface FileSinks {
  /** Opens `path`: `append` keeps what is there (a resumed download), otherwise the file is created or emptied. */
  open(path: string, options: { append: boolean }): Promise<FileSink>;
}

/** URLs through which the renderer plays or opens offline items (custom protocol or the web host's media route). */
export interface MediaUrls {
  item(itemId: string): string;
  thumbnail(itemId: string): string;
}

/** Everything the desktop services take from the host. */
export interface DesktopPorts {
  /** Folder of the host's own state: library index, transcripts, thumbnails, downloads state file. */
  stateDir: string;
  /** Where downloads go unless the person chose another folder (Electron: the OS Downloads folder). */
  defaultDownloadDir: string;
  /** Where the web host's "picker" points when no export folder was used yet. */
  defaultExportDir: string;
  /** The native folder chooser; null where there is none (web host): dialog.pickDirectory then answers the configured folder. */
  directoryPicker: DirectoryPicker | null;
  /** The native file chooser; null or absent where there is none (web host): dialog.pickFiles then answers HostError unavailable. */
  filePicker?: FilePicker | null;
  /** The native save dialog (creators CSV); null or absent in the web host, which writes <stateDir>/exports instead. */
  saveFilePicker?: SaveFilePicker | null;
  windowProgress: WindowProgress;
  downloadNotifier: DownloadNotifier;
  shell: FileShell;
  fileSinks: FileSinks;
  mediaUrls: MediaUrls;
}
