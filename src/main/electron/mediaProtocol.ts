import { Readable } from 'node:stream';
import { protocol } from 'electron';
import type { OfflineLibrary } from '../services/offlineLibrary.service';
import { openRangedFile } from '../services/mediaRange';

/** The offline library's scheme: `reelscope-media://item/<itemId>` and `…/<itemId>/thumbnail`. */
export const MEDIA_SCHEME = 'reelscope-media';
export const MEDIA_HOST = 'item';

/** Privileges of the media scheme, declared with app:// in registerAppScheme (one call before 'ready'). */
export const MEDIA_SCHEME_PRIVILEGES = { scheme: MEDIA_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true, stream: true } };

/** URLs of an item for the renderer (the desktop ports' mediaUrls). */
export const electronMediaUrls = {
  item: (itemId: string) => `${MEDIA_SCHEME}://${MEDIA_HOST}/${encodeURIComponent(itemId)}`,
  thumbnail: (itemId: string) => `${MEDIA_SCHEME}://${MEDIA_HOST}/${encodeURIComponent(itemId)}/thumbnail`,
};

/**
 * Serves indexed offline files with Range (so <video> seeks) from the host's disk, never through the back end.
 * Only ids in the library resolve; anything else is a 404, so no arbitrary path can be read.
 */
export function handleMediaProtocol(library: OfflineLibrary): void {
  protocol.handle(MEDIA_SCHEME, async (request) => {
    const url = new URL(request.url);
    const [rawId, part] = url.pathname.replace(/^\/+/, '').split('/');
    if (url.hostname !== MEDIA_HOST || !rawId || (part !== undefined && part !== 'thumbnail')) return new Response('Not found', { status: 404 });
    const media = await library.resolveMedia(decodeURIComponent(rawId), part === 'thumbnail' ? 'thumbnail' : 'file');
    const file = media ? await openRangedFile(media.path, media.mime, request.headers.get('range')) : null;
    if (!file || file.status === 404) return new Response('Not found', { status: 404 });
    const body = file.body ? (Readable.toWeb(file.body) as ReadableStream<Uint8Array>) : null;
    return new Response(body, { status: file.status, headers: file.headers });
  });
}
