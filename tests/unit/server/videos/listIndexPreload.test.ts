import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/testServer';
import { until } from '../support/until';

// A start loads the list index while a person signs in, so their first list answers from memory (issue 26, item 27):
// on a workspace without a saved index, loading it saves one, which shows the load ran before any request.
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
}, 60_000);
afterAll(async () => t.close());

const saved = async (): Promise<boolean> =>
  (await t.sql.get<{ found: number }>("SELECT 1 AS found FROM search_snapshots WHERE name = 'video_columns'")) !== undefined;

describe('a started back end', () => {
  it('loads the list index before the first request asks for it', async () => {
    expect(await saved()).toBe(false);
    await t.app.ready();
    await until(saved, { what: 'the list index loaded and saved at start' });
  });
});
