import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { createMediaSigner, loadOrCreateMediaSecret, type MediaSigner } from './mediaSigner';

/** The media folder the back end serves and the signer of its video URLs. */
export interface MediaService extends MediaSigner {
  /** `${dataDir}/media`, or null when the app runs without a data folder (then /media answers 404). */
  mediaDir: string | null;
}

/** Media of a data folder; without one (unit tests of other routes) URLs are still signed, with a throwaway secret. */
export function createMediaService(dataDir: string | undefined, now: () => Date): MediaService {
  const secret = dataDir ? loadOrCreateMediaSecret(dataDir) : randomBytes(32);
  return { mediaDir: dataDir ? join(dataDir, 'media') : null, ...createMediaSigner(secret, now) };
}
