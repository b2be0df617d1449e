import { createHash, randomBytes } from 'node:crypto';

/** A new opaque token: 32 random bytes, base64url. Only its hash is ever stored. */
export function generateOpaqueToken(): string {
  return randomBytes(32).toString('base64url');
}

/** The sha256 (hex) under which an opaque token is stored, so a copied database holds no usable tokens. */
export function hashOpaqueToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}
