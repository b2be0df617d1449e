import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { watchWrites } from '../../../../src/server/db/writeWatch';
import { noteRequestWrote, serveArrivedNow } from '../../../../src/server/search/requestArrival';
import { TranscriptIndex } from '../../../../src/server/search/transcriptIndex';
import { VideoSearchIndex } from '../../../../src/server/search/videoSearchIndex';
import { openVideoWorkspace, type VideoWorkspace } from './support/videoWorkspace';

// A request's index check starts beside its bearer check and the handler reuses it (on a team server: one round trip
// fewer in a row). A check begun before the request's own write must not be reused after it: the request would answer
// without what it just wrote. Here as the back end wires it (app.ts): every write through the store tells the request.

let w: VideoWorkspace;
beforeAll(async () => {
  w = await openVideoWorkspace();
}, 240_000);
afterAll(async () => w.close());

/** `work` served as a request that arrives now (what app.ts's onRequest hook does for every request). */
function asRequest<T>(work: () => Promise<T>): Promise<T> {
  return new Promise<T>((resolve, reject) => serveArrivedNow(() => void work().then(resolve, reject)));
}

describe('an index check shared within a request', () => {
  it('is reused when begun after the request arrived, and never after a write the request made itself', async () => {
    const sql = watchWrites(w.sql, noteRequestWrote);
    const index = new VideoSearchIndex(sql, new TranscriptIndex(sql));
    await index.ready([w.brandId]);
    const [first, second] = (await w.sql.all<{ id: string }>('SELECT id FROM videos WHERE brand_id = ? ORDER BY id LIMIT 2', [w.brandId])).map((row) => row.id);
    if (!first || !second) throw new Error('the workspace has no videos of its brand');
    expect(index.brandOf(first)).toBe(w.brandId);

    // Written by someone else before the request arrived: the check begun for the request sees it.
    await w.sql.run('DELETE FROM videos WHERE id = ?', [first]);
    await asRequest(async () => {
      index.prefetch(w.brandId);
      await index.ready([w.brandId]);
      expect(index.brandOf(first)).toBe('');
    });

    // Written by the request itself after its check began: the request checks again and answers with its write.
    await asRequest(async () => {
      index.prefetch(w.brandId);
      await sql.run('DELETE FROM videos WHERE id = ?', [second]);
      await index.ready([w.brandId]);
      expect(index.brandOf(second)).toBe('');
    });
  });
});
