import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GetObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';

export const TEST_BUCKET = 'reelscope-media';
const KEY = 'S3RVER';

/**
 * A local S3-compatible server (s3rver) on a loopback port with a temporary folder, holding one bucket; it can be
 * stopped and started again on the same port with the same objects. `client` is the real AWS SDK, for checking what
 * the back end stored.
 */
export interface LocalBucket {
  port: number;
  /** The REELSCOPE_S3_* variables that point a back end at this bucket. */
  env: Record<string, string>;
  client: S3Client;
  keys(prefix?: string): Promise<string[]>;
  object(key: string): Promise<Buffer>;
  stop(): Promise<void>;
  start(): Promise<void>;
  close(): Promise<void>;
}

export async function startLocalBucket(): Promise<LocalBucket> {
  const directory = mkdtempSync(join(tmpdir(), 'reelscope-s3-'));
  let port = 0;
  let server: S3rver | null = null;
  const start = async (): Promise<void> => {
    server = new S3rver({ address: '127.0.0.1', port, directory, silent: true, configureBuckets: [{ name: TEST_BUCKET }] });
    port = (await server.run()).port;
  };
  await start();
  const endpoint = `http://127.0.0.1:${port}`;
  const client = new S3Client({ endpoint, region: 'us-east-1', forcePathStyle: true, credentials: { accessKeyId: KEY, secretAccessKey: KEY } });
  const stop = async (): Promise<void> => {
    const running = server;
    server = null;
    if (!running) return;
    // Kept-alive sockets would otherwise still answer: a stopped bucket server answers nothing.
    running.httpServer.closeAllConnections();
    await running.close();
  };
  return {
    port,
    env: {
      REELSCOPE_S3_ENDPOINT: endpoint, REELSCOPE_S3_REGION: 'us-east-1', REELSCOPE_S3_BUCKET: TEST_BUCKET,
      REELSCOPE_S3_ACCESS_KEY_ID: KEY, REELSCOPE_S3_SECRET_ACCESS_KEY: KEY, REELSCOPE_S3_FORCE_PATH_STYLE: 'true',
    },
    client,
    async keys(prefix = '') {
      const page = await client.send(new ListObjectsV2Command({ Bucket: TEST_BUCKET, Prefix: prefix }));
      return (page.Contents ?? []).map((item) => item.Key ?? '').sort();
    },
    async object(key) {
      const answer = await client.send(new GetObjectCommand({ Bucket: TEST_BUCKET, Key: key }));
      return Buffer.from(await answer.Body!.transformToByteArray());
    },
    stop,
    start,
    async close() {
      await stop();
      client.destroy();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
