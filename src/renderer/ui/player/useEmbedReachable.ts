import { useEffect, useState } from 'react';

export type Reachability = 'checking' | 'reachable' | 'unreachable';

function originOf(url: string): string | null {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

/**
 * Whether an embed site answers at all. A cross-origin iframe never says that it failed, so we probe the site's
 * favicon as an image (allowed by img-src) and show our own fallback instead of the browser's error page.
 */
export function useEmbedReachable(pageUrl: string, attempt: number): Reachability {
  const origin = originOf(pageUrl);
  const key = `${origin ?? ''}#${attempt}`;
  const [result, setResult] = useState<{ key: string; value: Reachability } | null>(null);
  useEffect(() => {
    if (!origin) return undefined;
    let done = false;
    const image = new Image();
    const finish = (value: Reachability) => {
      if (done) return;
      done = true;
      setResult({ key, value });
    };
    image.onload = () => finish('reachable');
    image.onerror = () => finish('unreachable');
    // A stalled network counts as unreachable after a while; the person can retry.
    const timer = window.setTimeout(() => finish('unreachable'), 8000);
    image.src = `${origin}/favicon.ico?probe=${attempt}`;
    return () => {
      done = true;
      window.clearTimeout(timer);
      image.onload = null;
      image.onerror = null;
    };
  }, [origin, attempt, key]);
  if (!origin) return 'unreachable';
  return result?.key === key ? result.value : 'checking';
}
