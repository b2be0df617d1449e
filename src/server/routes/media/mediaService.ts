import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import type { MediaStore } from '../../media/mediaStore';
import { createMediaSigner, loadOrCreateMediaSecret, type MediaSigner } from './mediaSigner';

/** Where the back end keeps its media and the signer of its video URLs. */
export interface MediaService extends MediaSigner {
  /** The media store chosen at start (chooseMediaStore), or null without a data folder or bucket (then /media answers 404). */
  store: MediaStore | null;
  /** The data folder's `publish-payloads`, where the gateway keeps publish payloads; null without a data folder. */
  payloadDir: string | null;
}

/** Media of a data folder; without one (unit tests of other routes) URLs are still signed, with a throwaway secret. */
export function createMediaService(dataDir: string | undefined, store: MediaStore | null, now: () => Date): MediaService {
  const secret = dataDir ? loadOrCreateMediaSecret(dataDir) : randomBytes(32);
  return { store, payloadDir: dataDir ? join(dataDir, 'publish-payloads') : null, ...createMediaSigner(secret, now) };
}
