/**
 * npm run move-to-postgres -- --data-dir <embedded data folder> --to postgres://… --media-to <folder>
 * (or, with REELSCOPE_S3_* set, no --media-to: the media go to that bucket)
 *
 * Moves an embedded workspace into an empty team-server database (see moveWorkspace.ts), printing progress and, at the
 * end, what it moved. A refusal or failure is one line on stderr and exit code 1; the database is left as it was.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { describeTarget } from '../postgres/connectionError';
import { describeMove, moveWorkspace } from './moveWorkspace';
import { readS3Settings } from '../../media/chooseMediaStore';
import { createS3MediaStore, type S3MediaSettings } from '../../media/s3MediaStore';

const USAGE = 'Usage: npm run move-to-postgres -- --data-dir <embedded data folder> --to postgres://user:password@host:5432/database --media-to <folder> (or no --media-to, with REELSCOPE_S3_* naming the bucket)';

function fail(line: string): never {
  console.error(line);
  process.exit(1);
}

let values: { 'data-dir'?: string; to?: string; 'media-to'?: string };
try {
  ({ values } = parseArgs({ options: { 'data-dir': { type: 'string' }, to: { type: 'string' }, 'media-to': { type: 'string' } } }));
} catch (error) {
  fail(`${error instanceof Error ? error.message : String(error)}. ${USAGE}`);
}
const dataDir = values['data-dir'];
const url = values.to;
let bucket: S3MediaSettings | null = null;
try {
  bucket = readS3Settings(process.env);
} catch (error) {
  fail(error instanceof Error ? error.message : String(error));
}
if (bucket && values['media-to']) fail('--media-to names a folder but REELSCOPE_S3_* names a bucket: give one of them.');
const mediaTo = bucket ? createS3MediaStore(bucket) : values['media-to'];
if (!dataDir || !url || !mediaTo) fail(USAGE);
if (!describeTarget(url)) fail('--to is not a PostgreSQL URL: write it as postgres://user:password@host:5432/database.');
if (!existsSync(join(dataDir, 'reelscope.sqlite'))) fail(`There is no Reelscope workspace in ${dataDir} (no reelscope.sqlite): name the data folder to move.`);

let lastTable = '';
let lastLineAt = 0;
try {
  const summary = await moveWorkspace({
    dataDir,
    url,
    mediaTo,
    onMediaFile: (done, total) => {
      if (done === total || done % 100 === 0) console.log(`media: ${done} of ${total} files copied`);
    },
    onProgress: ({ table, copied, total }) => {
      // A line when a table starts and when it is done, and at most one a second in between for the large ones.
      const now = performance.now();
      if (copied > 0 && (table !== lastTable || copied === total || now - lastLineAt > 1000)) {
        console.log(`${table}: ${copied} of ${total} rows`);
        lastLineAt = now;
      }
      lastTable = table;
    },
  });
  for (const line of describeMove(summary)) console.log(line);
} catch (error) {
  fail(error instanceof Error ? error.message : String(error));
}
