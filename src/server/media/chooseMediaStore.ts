import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createFolderMediaStore } from './folderMediaStore';
import type { MediaStore } from './mediaStore';
import { createS3MediaStore, type S3MediaSettings } from './s3MediaStore';

/** The REELSCOPE_S3_* variables; any one set means "media in a bucket", and then the required ones must all be set. */
export const S3_ENV = {
  endpoint: 'REELSCOPE_S3_ENDPOINT',
  region: 'REELSCOPE_S3_REGION',
  bucket: 'REELSCOPE_S3_BUCKET',
  accessKeyId: 'REELSCOPE_S3_ACCESS_KEY_ID',
  secretAccessKey: 'REELSCOPE_S3_SECRET_ACCESS_KEY',
  forcePathStyle: 'REELSCOPE_S3_FORCE_PATH_STYLE',
} as const;

const UNSET_ALL = 'or unset every REELSCOPE_S3_* variable to keep the media in the local media folder';

/** A half-configured bucket: the message is the one sentence the start stops with. */
export class MediaStoreConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'MediaStoreConfigError';
  }
}

function value(env: NodeJS.ProcessEnv, name: string): string | null {
  const text = env[name]?.trim();
  return text ? text : null;
}

/** The bucket settings when any REELSCOPE_S3_* variable is set, null when none is; throws on a half-configured set. */
export function readS3Settings(env: NodeJS.ProcessEnv): S3MediaSettings | null {
  if (!Object.values(S3_ENV).some((name) => value(env, name) !== null)) return null;
  const required = (name: string, what: string): string => {
    const found = value(env, name);
    if (found === null) throw new MediaStoreConfigError(`${name} is not set: set it to ${what} to keep the media in object storage, ${UNSET_ALL}.`);
    return found;
  };
  const bucket = required(S3_ENV.bucket, 'the name of the bucket');
  const region = required(S3_ENV.region, 'the bucket\'s region (for example us-east-1)');
  const endpoint = value(env, S3_ENV.endpoint);
  if (endpoint !== null && !/^https?:\/\/[^\s/]+/i.test(endpoint)) {
    throw new MediaStoreConfigError(`${S3_ENV.endpoint} must be an http:// or https:// address (for example http://127.0.0.1:9000), ${UNSET_ALL}.`);
  }
  const accessKeyId = value(env, S3_ENV.accessKeyId);
  const secretAccessKey = value(env, S3_ENV.secretAccessKey);
  if ((accessKeyId === null) !== (secretAccessKey === null)) {
    const [missing, present] = accessKeyId === null ? [S3_ENV.accessKeyId, S3_ENV.secretAccessKey] : [S3_ENV.secretAccessKey, S3_ENV.accessKeyId];
    throw new MediaStoreConfigError(`${missing} is not set but ${present} is: set both (or neither, to use the AWS default credentials), ${UNSET_ALL}.`);
  }
  const pathStyle = value(env, S3_ENV.forcePathStyle)?.toLowerCase() ?? null;
  if (pathStyle !== null && !['true', 'false', '1', '0'].includes(pathStyle)) {
    throw new MediaStoreConfigError(`${S3_ENV.forcePathStyle} must be true or false, not "${pathStyle}".`);
  }
  return {
    bucket, region, endpoint,
    credentials: accessKeyId !== null && secretAccessKey !== null ? { accessKeyId, secretAccessKey } : null,
    // S3-compatible servers (MinIO, s3rver, Ceph) mostly want path-style addresses; AWS itself wants virtual-hosted ones.
    forcePathStyle: pathStyle === null ? endpoint !== null : pathStyle === 'true' || pathStyle === '1',
  };
}

/** The stores of one back end: its media, and the publish payloads the gateway keeps while their jobs wait. */
export interface MediaStores {
  /** Null without a data folder or bucket (then /media answers 404 and uploads are refused). */
  media: MediaStore | null;
  /** `owned` is false for the shared temporary folder of a back end without a data folder (never swept). */
  payloads: { store: MediaStore; owned: boolean };
}

/** Where the gateway keeps publish payloads: `publish-payloads` beside the media (a folder of the data folder, or a prefix of the bucket). */
const PAYLOADS = 'publish-payloads';

/**
 * The one place the stores are chosen, at start: the bucket the REELSCOPE_S3_* variables name, else the data folder
 * (`media/` and `publish-payloads/`, as always), else no media and a temporary folder for payloads.
 */
export function chooseMediaStores(env: NodeJS.ProcessEnv, dataDir: string | undefined): MediaStores {
  const s3 = readS3Settings(env);
  if (s3) return { media: createS3MediaStore(s3), payloads: { store: createS3MediaStore({ ...s3, prefix: `${PAYLOADS}/` }), owned: true } };
  if (dataDir) return { media: createFolderMediaStore(join(dataDir, 'media')), payloads: { store: createFolderMediaStore(join(dataDir, PAYLOADS)), owned: true } };
  return { media: null, payloads: { store: createFolderMediaStore(join(tmpdir(), PAYLOADS)), owned: false } };
}
