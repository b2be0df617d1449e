import { useEffect, useRef, useState } from 'react';
import { useAtomValue } from 'jotai';
import { UPLOAD_MESSAGES } from '../../../shared/http/uploads.schemas';
import { isSubtitleFile, uploadRefusal } from '../../../shared/rules/uploads';
import { host } from '../../host/hostClient';
import { FormAlert } from '../../ui/form';
import { UploadProgressRow } from './UploadProgressRow';
import type { LocalFile } from './uploads.api';
import { localFile, pickedPath, uploadOwnFile } from './uploads.api';
import { uploadsAtom } from './uploads.atoms';

interface Props {
  /** Files dropped onto the window before the modal opened. */
  initialFiles: File[];
  /** Called with the video id once the file arrived (the back end started the analysis). */
  onUploaded: (videoId: string) => void;
}

/** Splits picked or dropped files into the video and the subtitle file beside it. */
export function splitFiles(files: readonly LocalFile[]): { video: LocalFile | null; subtitle: LocalFile | null; refused: string | null } {
  const subtitle = files.find((file) => isSubtitleFile(file.name)) ?? null;
  const others = files.filter((file) => file !== subtitle);
  const video = others[0] ?? null;
  return { video, subtitle, refused: video ? uploadRefusal(video.name, subtitle?.name) : null };
}

/**
 * Own storage: pick or drop a video (and an .srt/.vtt beside it); progress with cancel, retry on failure.
 * Electron: the native chooser (dialog.pickFiles) and the dropped files' paths (preload pathForFile), which main reads;
 * web host: the file inputs, and the page streams the Files.
 */
export function OwnStorageForm({ initialFiles, onUploaded }: Props) {
  const [picked, setPicked] = useState(() => splitFiles(initialFiles.map(localFile)));
  const [error, setError] = useState<string | null>(picked.refused);
  const [uploadId, setUploadId] = useState<string | null>(null);
  const [videoId, setVideoId] = useState<string | undefined>(undefined);
  const controller = useRef<AbortController | null>(null);
  const progress = useAtomValue(uploadsAtom)[uploadId ?? ''];
  const videoInput = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (progress?.phase === 'done') onUploaded(progress.videoId);
  }, [progress?.phase, progress?.videoId, onUploaded]);

  const choose = (files: LocalFile[], kind: 'video' | 'subtitle') => {
    const next = kind === 'subtitle' ? { ...picked, subtitle: files[0] ?? null } : splitFiles([...files, ...(picked.subtitle ? [picked.subtitle] : [])]);
    const refused = next.video ? uploadRefusal(next.video.name, next.subtitle?.name) : next.subtitle && !isSubtitleFile(next.subtitle.name) ? UPLOAD_MESSAGES.notASubtitle : null;
    setPicked({ ...next, refused });
    setError(refused);
  };

  const desktop = host().runtime === 'electron';
  const pick = async (kind: 'video' | 'subtitle') => {
    try {
      const chosen = await host().invoke('dialog.pickFiles', { kind });
      if (chosen) choose(chosen.paths.map(pickedPath), kind);
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
    }
  };

  const start = async () => {
    if (!picked.video || picked.refused) return;
    setError(null);
    controller.current = new AbortController();
    try {
      await uploadOwnFile(picked.video, picked.subtitle, {
        videoId, signal: controller.current.signal,
        onStarted: (started) => {
          setUploadId(started.uploadId);
          setVideoId(started.videoId);
        },
      });
    } catch (failure) {
      if (failure instanceof DOMException && failure.name === 'AbortError') return;
      setError(failure instanceof Error ? failure.message : String(failure));
    }
  };

  const running = progress && (progress.phase === 'waiting' || progress.phase === 'subtitle' || progress.phase === 'video');
  return (
    <div
      className="upload-drop"
      onDragOver={(event) => event.preventDefault()}
      onDrop={(event) => {
        event.preventDefault();
        event.stopPropagation();
        choose([...event.dataTransfer.files].map(localFile), 'video');
      }}
    >
      <p className="upload-drop__hint">Drop a video here with its subtitles, if you have them, or choose the files.</p>
      <div className="upload-drop__pickers">
        {desktop ? (
          <>
            <button type="button" className="btn" onClick={() => void pick('video')}>Choose video</button>
            <button type="button" className="btn btn--ghost" onClick={() => void pick('subtitle')}>Add subtitles</button>
          </>
        ) : (
          <>
            <label className="btn">
              Choose video
              <input ref={videoInput} className="visually-hidden" type="file" accept="video/mp4,video/webm,video/ogg,.mp4,.webm,.ogv,.ogg,.ogm,.srt,.vtt" multiple aria-label="Video file" onChange={(event) => choose([...(event.target.files ?? [])].map(localFile), 'video')} />
            </label>
            <label className="btn btn--ghost">
              Add subtitles
              <input className="visually-hidden" type="file" accept=".srt,.vtt" aria-label="Subtitle file" onChange={(event) => choose([...(event.target.files ?? [])].map(localFile), 'subtitle')} />
            </label>
          </>
        )}
      </div>
      <ul className="upload-drop__files" aria-label="Chosen files">
        {picked.video && <li>Video: {picked.video.name}</li>}
        {picked.subtitle && <li>Subtitles: {picked.subtitle.name}</li>}
      </ul>
      {error && <FormAlert tone="error">{error}</FormAlert>}
      {progress && (
        <UploadProgressRow
          progress={progress}
          onCancel={() => {
            controller.current?.abort();
            void host().invoke('uploads.cancel', { uploadId: progress.uploadId }).catch(() => undefined);
          }}
          onRetry={() => void start()}
        />
      )}
      <button type="button" className="btn btn--primary" disabled={!picked.video || Boolean(picked.refused) || Boolean(running) || progress?.phase === 'done'} onClick={() => void start()}>
        Upload
      </button>
    </div>
  );
}
