import { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, ListObjectsV2Command, S3Client, S3ServiceException } from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { Readable } from 'node:stream';
import { MediaStoreUnavailableError, type MediaStore } from './mediaStore';

/** The S3 settings read from REELSCOPE_S3_* (see mediaStoreConfig). */
export interface S3MediaSettings {
  bucket: string;
  region: string;
  /** An S3-compatible server's address; unset for AWS itself. */
  endpoint: string | null;
  /** Static keys; null to use the AWS SDK's default credentials (AWS_* variables, profile, instance role). */
  credentials: { accessKeyId: string; secretAccessKey: string } | null;
  forcePathStyle: boolean;
  /** Put before every key (a second store in the same bucket, e.g. `publish-payloads/`); empty for the media. */
  prefix?: string;
}

/** Parts of a multipart upload: a large video goes up 8 MiB at a time, at most four parts in memory at once. */
const PART_BYTES = 8 * 1024 * 1024;
const PARTS_IN_FLIGHT = 4;

/** The body's chunks, counted as they pass (the Upload reads them as an async iterable). */
async function* countBytes(body: Readable, counter: { bytes: number }): AsyncGenerator<Buffer> {
  for await (const chunk of body) {
    const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string);
    counter.bytes += buffer.length;
    yield buffer;
  }
}

function isNotFound(error: unknown): boolean {
  return error instanceof S3ServiceException && (error.name === 'NoSuchKey' || error.name === 'NotFound' || error.$metadata.httpStatusCode === 404);
}

/** An S3-compatible bucket, through the AWS SDK. Every failure to reach it (or that it refuses) is a 503 with one sentence. */
export function createS3MediaStore(settings: S3MediaSettings): MediaStore {
  const client = new S3Client({
    region: settings.region,
    ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
    forcePathStyle: settings.forcePathStyle,
    ...(settings.credentials ? { credentials: settings.credentials } : {}),
    // A bucket server that is down fails fast (two tries, a bounded connect) instead of holding the request.
    maxAttempts: 2,
    requestHandler: { connectionTimeout: 5_000, requestTimeout: 120_000 },
    // The newer default checksums are not understood by every S3-compatible server; S3 checks what it needs itself.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const Bucket = settings.bucket;
  const base = settings.prefix ?? '';
  const unavailable = (error: unknown): never => {
    throw new MediaStoreUnavailableError(error);
  };

  return {
    description: `the bucket ${Bucket}${base ? ` (under ${base})` : ''}${settings.endpoint ? ` at ${settings.endpoint}` : ` in ${settings.region}`}`,
    async put(key, body, contentType) {
      const counter = { bytes: 0 };
      const counted = Readable.from(countBytes(body, counter));
      // Small objects go in one PutObject; past one part the Upload switches to a multipart upload (aborted on failure).
      const upload = new Upload({ client, params: { Bucket, Key: base + key, Body: counted, ...(contentType ? { ContentType: contentType } : {}) }, partSize: PART_BYTES, queueSize: PARTS_IN_FLIGHT });
      try {
        await upload.done();
      } catch (error) {
        counted.destroy();
        // The body's own failure (a size limit, a client gone) is the answer; anything else is the bucket's.
        if (body.errored) throw body.errored;
        return unavailable(error);
      }
      return counter.bytes;
    },
    async get(key, range) {
      try {
        const answer = await client.send(new GetObjectCommand({ Bucket, Key: base + key, ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}) }));
        return answer.Body as Readable;
      } catch (error) {
        return isNotFound(error) ? null : unavailable(error);
      }
    },
    async head(key) {
      try {
        const answer = await client.send(new HeadObjectCommand({ Bucket, Key: base + key }));
        return { size: answer.ContentLength ?? 0 };
      } catch (error) {
        return isNotFound(error) ? null : unavailable(error);
      }
    },
    async delete(key) {
      try {
        await client.send(new DeleteObjectCommand({ Bucket, Key: base + key }));
      } catch (error) {
        if (!isNotFound(error)) unavailable(error);
      }
    },
    list(prefix = '') {
      return (async function* () {
        let ContinuationToken: string | undefined;
        do {
          const page = await client.send(new ListObjectsV2Command({ Bucket, Prefix: base + prefix, ContinuationToken })).catch(unavailable);
          for (const item of page.Contents ?? []) if (item.Key) yield { key: item.Key.slice(base.length), size: item.Size ?? 0 };
          ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
        } while (ContinuationToken);
      })();
    },
    localPath: () => null,
  };
}
