import { describe, expect, it } from 'vitest';
import type { AssistantMessage } from '../../../../src/shared/assistant/assistant.schemas';
import * as ops from '../../../../src/shared/assistant/operations';
import { useVideoWorkspace } from '../videos/support/videoWorkspace';
import { graphqlCall } from './graphqlCall';

/**
 * Follow-ups (issue 30): chains of three questions in one conversation, each resolved against the ones before it
 * (subject, filters, window), checked against SQL written here. The workspace's clock is 22 Nov 2026.
 */
const ws = useVideoWorkspace(0.3);

const call = <T>(query: string, variables: Record<string, unknown>): Promise<T> => graphqlCall<T>(ws.w, query, variables);
async function conversation(): Promise<(question: string) => Promise<AssistantMessage>> {
  const { createConversation } = await call<{ createConversation: { _id: string } }>(ops.CREATE_CONVERSATION, { brandId: ws.w.brandId });
  return async (question) => (await call<{ askReelscope: AssistantMessage }>(ops.ASK_REELSCOPE, {
    brandId: ws.w.brandId, conversationId: createConversation._id, duration: 'all_dates', userMessage: { content: question, role: 'user' },
  })).askReelscope;
}

const SHOWN = `v.brand_id = ? AND v.id NOT IN (SELECT target_id FROM marks WHERE kind = 'video' AND mark IN ('trash', 'flag') AND brand_id = v.brand_id)
  AND v.id NOT IN (SELECT video_id FROM video_removals WHERE brand_id = v.brand_id)`;
async function glowSerumVideos(from: string, to: string, platform: string | null): Promise<number> {
  const row = await ws.w.sql.get<{ n: number | string }>(`SELECT COUNT(*) AS n FROM videos v JOIN video_products vp ON vp.video_id = v.id JOIN products p ON p.id = vp.product_id
    WHERE ${SHOWN} AND p.name = 'Lumina Glow Serum' AND v.created_at >= ? AND v.created_at <= ? AND (? = '' OR v.platform = ?)`, [ws.w.brandId, from, to, platform ?? '', platform ?? '']);
  return Number(row?.n);
}
const lineOf = (id: string) => ws.w.sql.get<{ content: string; sentiment: string; creator: string | null }>(`SELECT tl.content, tl.sentiment, c.name AS creator
  FROM transcript_lines tl JOIN videos v ON v.id = tl.video_id LEFT JOIN creators c ON c.id = v.creator_id WHERE tl.id = ?`, [Number(id)]);

describe('follow-ups resolved against the questions before them', () => {
  it('a product in October, then the month before, then only on TikTok', async () => {
    const ask = await conversation();
    const first = await ask('How many videos mention the Glow Serum in October?');
    expect([first.start_date, first.end_date]).toEqual(['2026-10-01T00:00:00.000Z', '2026-10-31T23:59:59.999Z']);
    expect(first.content).toContain(`mentioning the Lumina Glow Serum, you have ${await glowSerumVideos('2026-10-01', '2026-10-31T23:59:59.999Z', null)} video`);

    const second = await ask('And the month before?');
    expect([second.start_date, second.end_date]).toEqual(['2026-09-01T00:00:00.000Z', '2026-09-30T23:59:59.999Z']);
    expect(second.content).toMatch(/^→ Lumina Glow Serum, between 1 Sept? 2026 and 30 Sept? 2026/);
    expect(second.content).toContain(`you have ${await glowSerumVideos('2026-09-01', '2026-09-30T23:59:59.999Z', null)} video`);

    const third = await ask('Only on TikTok');
    expect([third.start_date, third.end_date]).toEqual(['2026-09-01T00:00:00.000Z', '2026-09-30T23:59:59.999Z']);
    expect(third.content).toMatch(/^→ Lumina Glow Serum, between 1 Sept? 2026 and 30 Sept? 2026, TikTok/);
    expect(third.content).toContain(`on TikTok mentioning the Lumina Glow Serum, you have ${await glowSerumVideos('2026-09-01', '2026-09-30T23:59:59.999Z', 'Tiktok')} video`);
  });

  it('what is said about the texture, then which creators said that, then the negative ones', async () => {
    const ask = await conversation();
    const first = await ask('What do people say about the texture?');
    expect(first.supporting_data.length).toBeGreaterThan(0);

    const second = await ask('Which creators said that?');
    expect(second.content).toContain('The creators whose lines say it:');
    const cited = await Promise.all(second.supporting_data.map((c) => lineOf(c.db_id)));
    expect(cited.length).toBeGreaterThan(0);
    for (const line of cited) {
      expect(line?.content.toLowerCase()).toContain('texture');
      expect(second.content).toContain(`${line?.creator ?? ''} — `);
    }

    const third = await ask('Show me the negative ones');
    const negative = await Promise.all(third.supporting_data.map((c) => lineOf(c.db_id)));
    expect(negative.length).toBeGreaterThan(0);
    for (const line of negative) expect(line?.content.toLowerCase()).toContain('texture');
    expect(negative[0]?.sentiment).toBe('negative');
  });

  it('a Spanish count in October, the month before, then on YouTube', async () => {
    const ask = await conversation();
    const first = await ask('¿Cuántos vídeos de TikTok tuvimos en octubre?');
    expect(first.content).toMatch(/^Entre el 1 oct 2026 y el 31 oct 2026 \(en octubre\), en TikTok, tienes \d+ vídeos?\./);
    const second = await ask('¿Y el mes anterior?');
    expect([second.start_date, second.end_date]).toEqual(['2026-09-01T00:00:00.000Z', '2026-09-30T23:59:59.999Z']);
    expect(second.content).toMatch(/en TikTok, tienes \d+ vídeos?\./);
    const third = await ask('¿Y en YouTube?');
    expect([third.start_date, third.end_date]).toEqual(['2026-09-01T00:00:00.000Z', '2026-09-30T23:59:59.999Z']);
    const youtube = Number((await ws.w.sql.get<{ n: number | string }>(`SELECT COUNT(*) AS n FROM videos v WHERE ${SHOWN} AND v.platform = 'Youtube'
      AND v.created_at >= '2026-09-01' AND v.created_at <= '2026-09-30T23:59:59.999Z'`, [ws.w.brandId]))?.n);
    expect(third.content).toContain(`en YouTube, tienes ${youtube} vídeo`);
  });
});
