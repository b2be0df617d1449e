import { useState } from 'react';
import { thumbFallbackSrc } from './thumbFallback';
import './thumb.css';

interface VideoThumbProps {
  /** The thumbnail's address (resolved against the back end), or none. */
  src: string | null | undefined;
  /** The video's title: its first letter is the fallback's. */
  title: string;
  platform?: string | null;
  /** The screen's own class: it sizes the image, and the fallback keeps it (no layout shift). */
  className?: string;
  lazy?: boolean;
}

/**
 * A video's thumbnail, decorative (the title beside it names the video). An image that is missing or fails to load
 * (offline, where YouTube and TikTok thumbnails live on the public internet) becomes a drawn fallback in the same
 * element instead of the browser's broken-image icon.
 */
export function VideoThumb({ src: given, title, platform, className, lazy = false }: VideoThumbProps) {
  const src = given || null;
  // The address that failed, not a flag: a new address (another row in a recycled list item) gets its own try.
  const [failed, setFailed] = useState<string | null>(null);
  const fallback = src === null || failed === src;
  return (
    <img
      className={[className, fallback ? 'thumb-fallback' : ''].filter(Boolean).join(' ') || undefined}
      src={fallback ? thumbFallbackSrc(title, platform) : src}
      alt=""
      loading={lazy && !fallback ? 'lazy' : undefined}
      data-thumb={fallback ? 'fallback' : 'image'}
      onError={() => { if (src !== null) setFailed(src); }}
    />
  );
}
