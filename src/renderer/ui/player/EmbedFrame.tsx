import { useState } from 'react';
import type { CSSProperties, Ref } from 'react';
import type { FrameSize } from './playerSource';
import { useEmbedReachable } from './useEmbedReachable';

interface EmbedFrameProps {
  src: string;
  pageUrl: string;
  site: string;
  title: string;
  /** Fixed frame size (TikTok, Instagram); without it the frame is 16:9 and fills the width. */
  size?: FrameSize;
  frameRef?: Ref<HTMLIFrameElement>;
}

/** A platform's embedded player, or a plain explanation with a link when the platform cannot be reached. */
export function EmbedFrame({ src, pageUrl, site, title, size, frameRef }: EmbedFrameProps) {
  const [attempt, setAttempt] = useState(0);
  const reachable = useEmbedReachable(pageUrl, attempt);
  const style: CSSProperties | undefined = size ? { inlineSize: size.width, blockSize: size.height } : undefined;
  const className = `player-frame${size ? ' player-frame--fixed' : ' player-frame--wide'}`;

  if (reachable === 'unreachable') {
    return (
      <div className={`${className} player-frame--failed`} style={style} role="status" data-testid="player-embed-failed">
        <p className="player-frame__message">
          The {site} player could not be loaded. {site} may be unreachable from this computer right now.
        </p>
        <div className="player-frame__actions">
          <button type="button" className="btn btn--small" onClick={() => setAttempt((value) => value + 1)}>
            Try again
          </button>
          <a className="btn btn--small btn--ghost" href={pageUrl} target="_blank" rel="noreferrer noopener">
            Open on {site}
          </a>
        </div>
      </div>
    );
  }
  return (
    <div className={className} style={style}>
      {reachable === 'checking' && (
        <p className="player-frame__loading" role="status">
          Loading the {site} player…
        </p>
      )}
      <iframe
        ref={frameRef}
        className="player-frame__iframe"
        src={src}
        title={`${site} player: ${title}`}
        allow="autoplay; encrypted-media; picture-in-picture; fullscreen"
        allowFullScreen
        referrerPolicy="strict-origin-when-cross-origin"
        data-testid={`player-${site.toLowerCase()}`}
      />
    </div>
  );
}
