import { describe, expect, it } from 'vitest';
import { createMailCampaignsRepository } from '../../../../src/server/repositories/mailCampaigns/mailCampaignsRepository';
import { useBothEngines } from './support/bothEngines';
import { answersAlike } from './support/brandVideoRows';

const both = useBothEngines();

describe('the mail campaigns repository answers alike on SQLite and PostgreSQL', () => {
  it('creates drafts, lists a manager\'s campaigns of the given brands newest first, and records sends with their recipients', async () => {
    await answersAlike(both.engines(), async (sql, name) => {
      const mail = createMailCampaignsRepository(sql);
      const first = await mail.create('b1', 'u1', 'Spring brief', 'Hello', '2026-11-26T09:00:00.000Z');
      const second = await mail.create('b1', 'u1', 'Summer brief', 'Hi', '2026-11-26T09:01:00.000Z');
      await mail.create('b2', 'u1', 'Other brand', 'No', '2026-11-26T09:02:00.000Z');
      const listed = await mail.list('u1', ['b1']);
      expect(listed.map((row) => row.id), name).toEqual([second, first]);
      expect(await mail.list('u1', []), name).toEqual([]);
      await mail.recordSend(listed[1]!, ['c1', 'c2'], '2026-11-26T10:00:00.000Z');
      await mail.recordSend((await mail.find(first))!, ['c2', 'c3'], '2026-11-26T11:00:00.000Z');
      const sent = await mail.find(first);
      expect(sent, name).toMatchObject({ status: 'sent', sent_at: '2026-11-26T11:00:00.000Z', recipients: '["c1","c2","c3"]' });
      expect(await mail.find('missing'), name).toBeNull();
      return { listed: listed.map(({ id: _id, ...row }) => row), sent: { ...sent, id: undefined } };
    });
  });
});
