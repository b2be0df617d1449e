import { randomBytes } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const SECRET_FILE = 'jwt-secret';
const SECRET_BYTES = 64;

function readSecret(file: string): Uint8Array | null {
  try {
    const secret = Buffer.from(readFileSync(file, 'utf8').trim(), 'base64url');
    if (secret.length < 32) throw new Error(`The jwt secret in ${file} is too short; delete the file to create a new one.`);
    return secret;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

/**
 * The HS256 signing secret of this data folder: created on first start (owner-only file) and reused afterwards,
 * so access tokens stay valid across restarts.
 */
export function loadOrCreateJwtSecret(dataDir: string): Uint8Array {
  const file = join(dataDir, SECRET_FILE);
  const existing = readSecret(file);
  if (existing) return existing;
  const secret = randomBytes(SECRET_BYTES);
  try {
    // 'wx' fails if another process created it meanwhile; then we use theirs.
    writeFileSync(file, secret.toString('base64url'), { mode: 0o600, flag: 'wx' });
    return secret;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    const created = readSecret(file);
    if (!created) throw error;
    return created;
  }
}
