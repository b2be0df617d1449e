import { describe, expect, it } from 'vitest';
import { createAssistantRepositories } from '../../../../src/server/repositories/assistant/index';
import type { NewMessage } from '../../../../src/server/repositories/assistant/conversationsRepository';
import type { SupportingData } from '../../../../src/shared/assistant/assistant.schemas';
import { BASE_ROWS, useBothEngines } from './support/bothEngines';

const video = (id: string, title: string) =>
  `INSERT INTO videos (id, brand_id, title, platform, video_url, thumbnail_url, created_at, updated_at)
    VALUES ('${id}', 'b1', '${title}', 'tiktok', 'https://example.com/${id}', 'https://img.example.com/${id}.jpg', '2026-10-01T00:00:00.000Z', '2026-10-01T00:00:00.000Z');`;

/** Two of Glow's videos with transcript lines, some of them positive or negative. */
const ROWS = `${BASE_ROWS}
${video('v1', 'Serum review')}
${video('v2', 'Morning routine')}
INSERT INTO transcript_lines (video_id, line_no, start_time, content, sentiment) VALUES
  ('v1', 0, 0, 'The serum is great.', 'positive'),
  ('v1', 1, 2.5, 'The price is far too high for me.', 'negative'),
  ('v1', 2, 6, 'Love it.', 'positive'),
  ('v2', 0, 0, 'Good morning everyone.', 'neutral'),
  ('v2', 1, 3, 'This cream works wonders on dry skin.', 'positive');`;

const both = useBothEngines(ROWS);
const cited: SupportingData = {
  collection_source: 'transcript_lines', db_id: '1', start_ts: 0, end_ts: 2.5, source_doc: 'The serum is great.', source_doc_type: 'transcript_line',
  thumbnail_url: null, transcript_id_video_id: 'v1',
};
const message = (role: 'user' | 'assistant', content: string, supporting: SupportingData[] = []): NewMessage => ({
  role, content, start_date: '2026-10-01T00:00:00.000Z', end_date: '2026-11-01T00:00:00.000Z', question_id: null, supporting_data: supporting,
});

describe('the assistant repositories answer alike on SQLite and PostgreSQL', () => {
  it('keeps a conversation with its questions, answers and likes, for its own brands only', async () => {
    const answers = [];
    for (const { name, sql } of both.engines()) {
      let tick = 0;
      const now = () => new Date(Date.UTC(2026, 10, 26, 9, 0, tick++));
      const { conversations } = createAssistantRepositories(sql, now);
      const conversation = await conversations.create('b1', 'u1', 'New conversation');
      expect(await conversations.lastQuestion(conversation._id), name).toBeNull();
      const asked = { ...message('user', 'What do people say about the price?'), asked_window: { duration: '1m' as const, start_date: null, end_date: null } };
      const [question, reply] = await conversations.exchange(conversation._id, asked, message('assistant', 'They find it high.', [cited]));
      expect(reply.question_id, name).toBe(question._id);
      await conversations.like(reply._id, 1);
      const again = await conversations.answer(conversation._id, { ...message('assistant', 'Another answer.'), question_id: question._id });
      await conversations.revise(again._id, 'A revised answer.', [cited]);
      await conversations.rename(conversation._id, 'Price');

      const messages = await conversations.messages(conversation._id);
      expect(messages.map((m) => [m.role, m.content, m.like]), name).toEqual([
        ['user', 'What do people say about the price?', 0], ['assistant', 'They find it high.', 1], ['assistant', 'A revised answer.', 0],
      ]);
      expect((await conversations.message(reply._id, ['b1']))?.like, name).toBe(1);
      expect(await conversations.message(reply._id, ['b2']), name).toBeNull();
      expect(await conversations.find(conversation._id, []), name).toBeNull();
      const found = await conversations.find(conversation._id, ['b2', 'b1']);
      expect(found?.title, name).toBe('Price');
      expect(found?.working_messages.map((m) => m.content), name).toEqual(messages.map((m) => m.content));
      expect((await conversations.answersTo(question._id)).map((m) => m.content), name).toEqual(['They find it high.', 'A revised answer.']);
      expect(await conversations.lastQuestion(conversation._id), name).toBe('What do people say about the price?');
      const [later] = await conversations.exchange(conversation._id, message('user', 'Only on TikTok'), message('assistant', 'On TikTok…'));
      expect(await conversations.questionsBefore(conversation._id, later?._id ?? '', 5), name).toEqual(['What do people say about the price?']);
      expect(await conversations.questionsBefore(conversation._id, question._id, 5), name).toEqual([]);
      expect(await conversations.askedWindow(question._id), name).toEqual({ duration: '1m', start_date: null, end_date: null });
      expect(await conversations.askedWindow(reply._id), name).toEqual({ duration: 'all_dates', start_date: null, end_date: null });
      const listed = await conversations.list('b1');
      const prompts = await conversations.prompts();
      expect(prompts[0]?.prompt, name).toBe('What are the top 10 topics discussed in our videos?');

      await conversations.remove(conversation._id);
      expect(await conversations.list('b1'), name).toEqual([]);
      const ids = new Map([[conversation._id, 'C'], [question._id, 'Q'], [reply._id, 'R'], [again._id, 'A']]);
      const strip = (value: unknown) => JSON.parse([...ids].reduce((text, [id, alias]) => text.replaceAll(id, alias), JSON.stringify(value))) as unknown;
      answers.push(strip({ messages, listed, prompts }));
    }
    expect(answers[1]).toEqual(answers[0]);
  });

  it('reads the lines it quotes: a video\'s in order, the clearest by sentiment, the next start, and postings of words containing a form', async () => {
    const answers = [];
    for (const { name, sql } of both.engines()) {
      const { lines } = createAssistantRepositories(sql, () => new Date());
      await sql.run('INSERT INTO transcript_words (term, videos) VALUES (?, ?), (?, ?), (?, ?)',
        ['serum', Buffer.from([1, 2]), 'Serums', Buffer.from([3]), 'cream', Buffer.from([4])]);
      const byVideo = await lines.linesOf(['v2', 'v1', 'v9']);
      expect([...byVideo.keys()], name).toEqual(['v2', 'v1', 'v9']);
      expect(byVideo.get('v9'), name).toEqual([]);
      const v1 = byVideo.get('v1') ?? [];
      expect(v1.map((line) => [line.lineNo, line.start, line.content, line.sentiment]), name).toEqual([
        [0, 0, 'The serum is great.', 'positive'], [1, 2.5, 'The price is far too high for me.', 'negative'], [2, 6, 'Love it.', 'positive'],
      ]);
      expect(typeof v1[0]?.lineId, name).toBe('number');
      expect((await lines.citation('v1', 0)).next, name).toBe(2.5);
      expect((await lines.citation('v1', 2)).next, name).toBeNull();
      expect((await lines.citation('v2', 0)).video, name).toEqual({ title: 'Morning routine', thumbnail_url: 'https://img.example.com/v2.jpg', language: 'en' });
      expect(await lines.citation('v9', 0), name).toEqual({ video: null, next: null });
      const positive = await lines.clearLines(['v1', 'v2'], 'positive');
      expect(positive.map((line) => line.content), name).toEqual(['This cream works wonders on dry skin.', 'The serum is great.', 'Love it.']);
      expect(await lines.clearLines([], 'negative'), name).toEqual([]);
      const postings = (await lines.postingsContaining('erum')).map((posting) => [...posting]).sort();
      expect(postings, name).toEqual([[1, 2], [3]]);
      answers.push({ v1, positive, postings });
    }
    expect(answers[1]).toEqual(answers[0]);
  });
});
