import { describe, expect, it } from 'vitest';
import { useVideoWorkspace } from './support/videoWorkspace';
import { firstValue } from '../support/testEngine';

const ws = useVideoWorkspace(0.1);

/** A search text a person could paste: a NUL between two ordinary words. */
const WITH_NUL = 'price\u0000tag';

describe('a NUL character in search text (issue 26, item 4)', () => {
  it('is refused with 400 naming the field on every search, never a 500', async () => {
    const { w } = ws;
    const video = (await firstValue(w.sql, "SELECT v.id FROM videos v JOIN transcript_lines tl ON tl.video_id = v.id WHERE v.brand_id = ? LIMIT 1", [w.brandId])) as string;
    const searches: [path: string, query: Record<string, unknown>, field: string][] = [
      ['/jwt_api/videos', { search: WITH_NUL, search_in: 'transcript' }, 'query.search'],
      ['/jwt_api/videos', { search: 'x\u0000' }, 'query.search'],
      ['/jwt_api/videos/get_video_ids', { search: WITH_NUL, search_in: 'transcript' }, 'query.search'],
      ['/jwt_api/videos', { filters: { note: { text: WITH_NUL } } }, 'query.filters.note.text'],
      [`/jwt_api/videos/${video}/transcript`, { search: WITH_NUL }, 'query.search'],
      ['/jwt_api/reports/speech_reports', { highlight: WITH_NUL }, 'query.highlight'],
      ['/jwt_api/reports', { search: WITH_NUL }, 'query.search'],
      ['/jwt_api/products', { search: WITH_NUL }, 'query.search'],
      ['/jwt_api/products', { filters: { note: { text: WITH_NUL } } }, 'query.filters.note.text'],
      ['/jwt_api/products/autocomplete_product_or_hashtag_list', { q: WITH_NUL }, 'query.q'],
      ['/jwt_api/influencers', { search: WITH_NUL }, 'query.search'],
      ['/jwt_api/campaigns', { search: WITH_NUL }, 'query.search'],
      ['/jwt_api/app_manager/videos', { search: WITH_NUL }, 'query.search'],
    ];
    for (const [path, query, field] of searches) {
      const response = await w.get(path, query);
      expect(response.statusCode, `${path} ${JSON.stringify(query)}: ${response.body}`).toBe(400);
      expect(response.json().message).toContain(`${field}: Remove the NUL character`);
    }
  });

  it('the same searches without the NUL are done', async () => {
    const { w } = ws;
    const spoken = await w.get('/jwt_api/videos', { search: 'price', search_in: 'transcript' });
    expect(spoken.statusCode).toBe(200);
    expect(spoken.json().data.count).toBeGreaterThan(0);
    expect((await w.get('/jwt_api/reports/speech_reports', { highlight: 'price' })).statusCode).toBe(200);
    expect((await w.get('/jwt_api/products/autocomplete_product_or_hashtag_list', { q: 'dew' })).statusCode).toBe(200);
  });

  it('an assistant question with a NUL is answered (its words are searched), not failed', async () => {
    const { w } = ws;
    const gql = async (query: string, variables: object) =>
      (await w.app.inject({ method: 'POST', url: '/graphql', headers: { authorization: `Bearer ${w.jwt}` }, payload: { query, variables } })).json() as { data?: Record<string, { _id?: string; content?: string }>; errors?: unknown[] };
    const conversation = (await gql('mutation($b: ID!) { createConversation(brandId: $b) { _id } }', { b: w.brandId })).data!.createConversation!._id;
    const asked = await gql('mutation($b: ID!, $c: ID!, $q: String!) { askReelscope(brandId: $b, conversationId: $c, duration: "all_dates", userMessage: { content: $q, role: "user" }) { content } }',
      { b: w.brandId, c: conversation, q: `What do people say about the ${WITH_NUL}?` });
    expect(asked.errors).toBeUndefined();
    expect(asked.data!.askReelscope!.content).toMatch(/price/);
  });
});
