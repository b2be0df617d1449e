import { readFileSync } from 'node:fs';

/**
 * Secrets every instance behind one address must hold alike (a team server): the access-token signing secret and the
 * media URL secret. Each may come from its variable (base64, base64url or hex) or from `<NAME>_FILE`, a file holding
 * that text (a Docker or Kubernetes secret). Unset, each instance keeps its own in its data folder, as a desktop does.
 */
export const SHARED_SECRET_ENV = {
  jwt: 'REELSCOPE_JWT_SECRET',
  mediaUrl: 'REELSCOPE_MEDIA_URL_SECRET',
} as const;

/** 256 bits: the HS256 key and the media URL HMAC key are never weaker than their hash. */
export const SHARED_SECRET_MIN_BYTES = 32;

const HOW_TO_MAKE = 'make one with `openssl rand -base64 48`';

/** A malformed or unreadable shared secret: the message is the one sentence the start stops with (never the value). */
export class SharedSecretConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SharedSecretConfigError';
  }
}

export interface SharedSecrets {
  /** The access-token signing secret, or null to keep the data folder's `jwt-secret`. */
  jwt: Uint8Array | null;
  /** The media URL secret, or null to keep the data folder's `media-url-secret`. */
  mediaUrl: Uint8Array | null;
}

/**
 * Text made only of hex digits (even length) is hex, as `openssl rand -hex` prints; anything else must be base64 or
 * base64url, padded or not (random base64 of 32 bytes or more is never all hex digits).
 */
function decode(text: string): Buffer | null {
  if (/^(?:[0-9a-f]{2})+$/i.test(text)) return Buffer.from(text, 'hex');
  if (/^[A-Za-z0-9+/]+={0,2}$/.test(text) || /^[A-Za-z0-9_-]+={0,2}$/.test(text)) {
    const unpadded = text.replace(/=+$/, '');
    // Length 1 mod 4 is no base64 at all (Node would silently drop the stray character).
    if (unpadded.length % 4 === 1) return null;
    return Buffer.from(unpadded.replace(/\+/g, '-').replace(/\//g, '_'), 'base64url');
  }
  return null;
}

function readSecretFile(name: string, path: string): string {
  try {
    return readFileSync(path, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? 'an error';
    throw new SharedSecretConfigError(`${name}_FILE names ${path}, which cannot be read (${code}): mount the secret file there or unset ${name}_FILE.`);
  }
}

/** The secret one variable (or its `_FILE` twin) holds, null when neither is set; throws on a malformed value. */
export function readSharedSecret(env: NodeJS.ProcessEnv, name: string): Uint8Array | null {
  const inline = env[name]?.trim() ? env[name] : undefined;
  const filePath = env[`${name}_FILE`]?.trim();
  if (inline !== undefined && filePath) throw new SharedSecretConfigError(`${name} and ${name}_FILE are both set: keep one of them.`);
  if (inline === undefined && !filePath) return null;
  const source = inline === undefined ? `${name}_FILE` : name;
  // Line breaks and spaces are dropped: `openssl rand -base64 64` wraps its output at 64 characters.
  const text = (inline ?? readSecretFile(name, filePath ?? '')).replace(/\s+/g, '');
  const secret = decode(text);
  if (!secret) throw new SharedSecretConfigError(`${source} must hold base64 or hex text (${HOW_TO_MAKE}), or unset it to keep the secret in the data folder.`);
  if (secret.length < SHARED_SECRET_MIN_BYTES) {
    throw new SharedSecretConfigError(`${source} holds ${secret.length} bytes, fewer than the ${SHARED_SECRET_MIN_BYTES} a shared secret needs: ${HOW_TO_MAKE}.`);
  }
  return secret;
}

/** Both shared secrets from the environment; a team server sets them alike on every instance. */
export function readSharedSecrets(env: NodeJS.ProcessEnv): SharedSecrets {
  return { jwt: readSharedSecret(env, SHARED_SECRET_ENV.jwt), mediaUrl: readSharedSecret(env, SHARED_SECRET_ENV.mediaUrl) };
}
