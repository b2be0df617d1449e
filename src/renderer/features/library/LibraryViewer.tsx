import { useEffect, useRef, useState } from 'react';
import type { LibraryItem } from '../../../shared/ipc/desktop.schemas';
import { MESSAGES } from '../../../shared/messages';
import { host } from '../../host/hostClient';
import { TranscriptPanel } from '../../ui/transcript';
import { RemoveItemDialog } from './RemoveItemDialog';
import { useItemTranscript } from './useItemTranscript';

interface LibraryViewerProps {
  item: LibraryItem;
  /** A time to jump to once the video can play (from a search hit); changes with each request. */
  seekRequest: { seconds: number; at: number } | null;
  onRemoved: () => void;
  onError: (text: string) => void;
}

/** The selected offline item: the video played from disk (Range, so seeking works) beside its searchable transcript. */
export function LibraryViewer({ item, seekRequest, onRemoved, onError }: LibraryViewerProps) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const [removing, setRemoving] = useState(false);
  const { transcript, retry } = useItemTranscript(item);
  const electron = host().runtime === 'electron';

  const seek = (seconds: number) => {
    const video = videoRef.current;
    if (!video) return;
    const jump = () => {
      video.currentTime = Math.max(0, seconds);
      void video.play().catch(() => undefined);
    };
    // Before the metadata is in, a time set now would be lost.
    if (video.readyState >= 1) jump();
    else video.addEventListener('loadedmetadata', jump, { once: true });
  };

  useEffect(() => {
    if (seekRequest) seek(seekRequest.seconds);
  }, [seekRequest, item.itemId]);

  return (
    <section className="library-viewer" aria-labelledby="library-viewer-title" data-testid="library-viewer">
      <header className="library-viewer__header">
        <h2 id="library-viewer-title" className="library-viewer__title">
          <bdi>{item.title}</bdi>
        </h2>
        <div className="library-viewer__actions">
          {electron ? (
            <button type="button" className="btn btn--small" disabled={!item.available} onClick={() => host().invoke('shell.showItemInFolder', { path: item.filePath }).catch((e: unknown) => onError(String(e)))}>
              Show in folder
            </button>
          ) : (
            item.kind === 'transcript' &&
            item.available && (
              <a className="btn btn--small" href={item.url} target="_blank" rel="noreferrer">
                Open {item.fileType.toUpperCase()}
              </a>
            )
          )}
          <button type="button" className="btn btn--small btn--ghost" onClick={() => setRemoving(true)}>
            Remove…
          </button>
        </div>
      </header>
      <div className={item.kind === 'video' ? 'library-viewer__body' : 'library-viewer__body library-viewer__body--single'}>
        {item.kind === 'video' &&
          (item.available ? (
            <video key={item.itemId} ref={videoRef} className="library-viewer__video" src={item.url} controls preload="metadata" data-testid="library-video">
              {MESSAGES.playerFallback}
            </video>
          ) : (
            <p className="form-alert form-alert--error" role="alert">
              The video file is missing: it was moved or deleted outside Reelscope. Remove it here and download it again.
            </p>
          ))}
        {item.kind === 'transcript' && !item.hasTranscript && (
          <p className="library-viewer__note">This export keeps only the file; open it to read the transcript.</p>
        )}
        {(item.kind === 'video' || item.hasTranscript) && (
          <TranscriptPanel
            lines={transcript.phase === 'success' ? transcript.lines : []}
            loading={transcript.phase === 'loading'}
            error={transcript.phase === 'failure' ? transcript.error : null}
            onRetry={retry}
            onSeek={item.kind === 'video' ? seek : () => undefined}
            maxHeight={460}
          />
        )}
      </div>
      {removing && (
        <RemoveItemDialog
          item={item}
          onClose={(removed) => {
            setRemoving(false);
            if (removed) onRemoved();
          }}
        />
      )}
    </section>
  );
}
