import { useImperativeHandle, useMemo, useRef, useState } from 'react';
import type { Ref } from 'react';
import { MESSAGES } from '../../../shared/messages';
import { EmbedFrame } from './EmbedFrame';
import type { PlayableVideo } from './playerSource';
import { choosePlayer, sourceIdentity } from './playerSource';
import './player.css';

/** What a parent can do with a player. */
export interface VideoPlayerHandle {
  /** Jumps to a time (seconds); false when this player cannot be driven from the page (e.g. Instagram). */
  seek(seconds: number): boolean;
}

interface VideoPlayerProps {
  video: PlayableVideo;
  /** Origin of the back end, to resolve its signed /media paths. */
  mediaOrigin: string;
  /** popup: at most 942×530 (spec §9); detail: fills its column. */
  variant?: 'popup' | 'detail';
  ref?: Ref<VideoPlayerHandle>;
}

function postToFrame(frame: HTMLIFrameElement | null, message: unknown, targetOrigin: string): boolean {
  if (!frame?.contentWindow) return false;
  frame.contentWindow.postMessage(message, targetOrigin);
  return true;
}

/** The player chosen by platform: YouTube, TikTok and Instagram embeds, or an HTML5 video for file sources. */
export function VideoPlayer({ video, mediaOrigin, variant = 'detail', ref }: VideoPlayerProps) {
  const latest = useMemo(() => choosePlayer(video, mediaOrigin), [video, mediaOrigin]);
  // The player keeps the URL it started with while the same file is shown, so a refresh of the video's data (a new
  // signed URL every few seconds during an analysis) never interrupts playback. Only a different file, or a failure
  // of the kept URL (its signature expired) while a fresher one exists, switches the source.
  const [pinned, setPinned] = useState(latest);
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  if (sourceIdentity(pinned) !== sourceIdentity(latest)) setPinned(latest);
  const source = sourceIdentity(pinned) === sourceIdentity(latest) ? pinned : latest;
  const videoRef = useRef<HTMLVideoElement>(null);
  const frameRef = useRef<HTMLIFrameElement>(null);
  const onSourceError = () => {
    if (source.src !== latest.src) setPinned(latest);
    else setFailedSrc(source.src);
  };

  useImperativeHandle(
    ref,
    () => ({
      seek(seconds) {
        const target = Math.max(0, seconds);
        if (source.kind === 'html5') {
          const element = videoRef.current;
          if (!element) return false;
          element.currentTime = target;
          return true;
        }
        if (source.kind === 'youtube') {
          // The YouTube iframe API listens for JSON commands (enablejsapi=1 is on the embed URL).
          const command = JSON.stringify({ event: 'command', func: 'seekTo', args: [target, true] });
          return postToFrame(frameRef.current, command, 'https://www.youtube.com');
        }
        if (source.kind === 'tiktok') {
          return postToFrame(frameRef.current, { type: 'seekTo', value: target, 'x-tiktok-player': true }, 'https://www.tiktok.com');
        }
        return false;
      },
    }),
    [source],
  );

  return (
    <div className={`video-player video-player--${variant}`} data-player-kind={source.kind}>
      {source.kind === 'html5' ? (
        <>
          <video
            key={sourceIdentity(source)}
            ref={videoRef}
            className="video-player__video"
            controls
            preload="metadata"
            playsInline
            aria-label={`Video: ${video.title}`}
            data-testid="player-html5"
          >
            <source src={source.src} type={source.mime ?? undefined} onError={onSourceError} />
            {MESSAGES.playerFallback}
          </video>
          {failedSrc === source.src && (
            <p className="video-player__error" role="alert">
              The video file could not be loaded. It may have moved, or its source may be unreachable right now.{' '}
              <a href={video.video_url.startsWith('http') ? video.video_url : source.src} target="_blank" rel="noreferrer noopener">
                Open the original
              </a>
            </p>
          )}
        </>
      ) : (
        <EmbedFrame
          key={source.src}
          src={source.src}
          pageUrl={source.pageUrl}
          site={source.site}
          title={video.title}
          size={source.kind === 'youtube' ? undefined : source.size}
          frameRef={frameRef}
        />
      )}
    </div>
  );
}
