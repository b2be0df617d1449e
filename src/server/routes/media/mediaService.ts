import { randomBytes } from 'node:crypto';
import type { MediaStores } from '../../media/chooseMediaStore';
import type { MediaStore } from '../../media/mediaStore';
import { createMediaSigner, loadOrCreateMediaSecret, type MediaSigner } from './mediaSigner';

/** Where the back end keeps its media and the signer of its video URLs. */
export interface MediaService extends MediaSigner {
  /** The media store chosen at start (chooseMediaStore), or null without a data folder or bucket (then /media answers 404). */
  store: MediaStore | null;
  /** Where the gateway keeps publish payloads while their jobs wait (MediaStores.payloads). */
  payloads: MediaStores['payloads'];
}

/**
 * Media of a data folder; without one (unit tests of other routes) URLs are still signed, with a throwaway secret.
 * A shared secret (every instance of a team server holds it) wins over the data folder's own.
 */
export function createMediaService(dataDir: string | undefined, stores: MediaStores, now: () => Date, sharedSecret?: Uint8Array): MediaService {
  const secret = sharedSecret ?? (dataDir ? loadOrCreateMediaSecret(dataDir) : randomBytes(32));
  return { store: stores.media, payloads: stores.payloads, ...createMediaSigner(secret, now) };
}
