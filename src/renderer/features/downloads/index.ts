export { DownloadsTray } from './DownloadsTray';
export { ExportDialog } from './ExportDialog';
export type { ExportDialogProps } from './ExportDialog';
export { ProgressBar } from './ProgressBar';
export { useStartDownloads, useVideoDownload } from './useVideoDownload';
export type { VideoToDownload } from './useVideoDownload';
