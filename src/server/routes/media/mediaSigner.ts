import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { MEDIA_URL_PREFIX } from '../../../shared/domain/workspace';

const SECRET_FILE = 'media-url-secret';
/** Lifetime of a signed media URL: long enough to watch a long video with seeks. */
export const SIGNED_URL_TTL_SECONDS = 6 * 60 * 60;

/** Signs and checks `/media/signed/<file>?exp=&sig=` URLs (HMAC-SHA256 of file and expiry with a per-install secret). */
export interface MediaSigner {
  /** A fresh signed path (relative to the back-end origin) for a file under the media folder. */
  signedUrl(file: string, ttlSeconds?: number): string;
  /** True when the signature matches the file and expiry and the expiry has not passed. */
  verify(file: string, exp: string, sig: string): boolean;
}

function mac(secret: Uint8Array, file: string, exp: number): Buffer {
  return createHmac('sha256', secret).update(`${file}\n${exp}`).digest();
}

/** A signer over the given secret; `now` is the server clock. */
export function createMediaSigner(secret: Uint8Array, now: () => Date): MediaSigner {
  return {
    signedUrl(file, ttlSeconds = SIGNED_URL_TTL_SECONDS) {
      const exp = Math.floor(now().getTime() / 1000) + ttlSeconds;
      const path = file.split('/').map(encodeURIComponent).join('/');
      return `${MEDIA_URL_PREFIX}/signed/${path}?exp=${exp}&sig=${mac(secret, file, exp).toString('base64url')}`;
    },
    verify(file, exp, sig) {
      if (!/^\d{1,12}$/.test(exp)) return false;
      const expiry = Number(exp);
      if (expiry * 1000 < now().getTime()) return false;
      const expected = mac(secret, file, expiry);
      const given = Buffer.from(sig, 'base64url');
      return given.length === expected.length && timingSafeEqual(given, expected);
    },
  };
}

/** The media URL secret of a data folder, created on first use (owner-only file). */
export function loadOrCreateMediaSecret(dataDir: string): Uint8Array {
  const file = join(dataDir, SECRET_FILE);
  try {
    return Buffer.from(readFileSync(file, 'utf8').trim(), 'base64url');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const secret = randomBytes(32);
  try {
    writeFileSync(file, secret.toString('base64url'), { mode: 0o600, flag: 'wx' });
    return secret;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return Buffer.from(readFileSync(file, 'utf8').trim(), 'base64url');
  }
}
