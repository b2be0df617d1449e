import { useEffect, useState } from 'react';
import type { LibraryItem } from '../../../shared/ipc/desktop.schemas';
import { libraryHost } from './library.host';

/** The library's route for one saved video. */
export function savedVideoPath(videoId: string): string {
  return `/library?video=${encodeURIComponent(videoId)}`;
}

function savedCopy(items: readonly LibraryItem[], videoId: string): LibraryItem | null {
  return items.find((item) => item.kind === 'video' && item.videoId === videoId && item.available) ?? null;
}

/** The ids of the videos saved on this computer whose file is still there. */
export async function savedVideoIds(): Promise<Set<string>> {
  const items = await libraryHost.list();
  return new Set(items.filter((item) => item.kind === 'video' && item.available).map((item) => item.videoId));
}

/** The offline copy of a video, when one is saved and its file is still there; kept current as the library changes. */
export function useSavedVideo(videoId: string | null): LibraryItem | null {
  const [found, setFound] = useState<{ videoId: string; item: LibraryItem | null } | null>(null);
  useEffect(() => {
    if (!videoId) return undefined;
    let live = true;
    const read = () => {
      libraryHost.list().then(
        (items) => live && setFound({ videoId, item: savedCopy(items, videoId) }),
        // Without an answer from the host the button simply offers the download.
        () => live && setFound({ videoId, item: null }),
      );
    };
    read();
    const unsubscribe = libraryHost.onChanged(read);
    return () => {
      live = false;
      unsubscribe();
    };
  }, [videoId]);
  return found && found.videoId === videoId ? found.item : null;
}
