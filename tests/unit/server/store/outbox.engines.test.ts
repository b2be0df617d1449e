import { describe, expect, it } from 'vitest';
import { createOutboxRepository } from '../../../../src/server/repositories/outboxRepository';
import { useBothEngines } from './support/bothEngines';

const both = useBothEngines();

describe('the outbox repository answers alike on SQLite and PostgreSQL', () => {
  it('keeps mail with its id and lists a person\'s own mail (any case of the address) and their brands\' mail, newest first', async () => {
    const answers = [];
    for (const { name, sql } of both.engines()) {
      const outbox = createOutboxRepository(sql);
      const at = (minute: number) => `2026-11-26T09:0${minute}:00.000Z`;
      const first = await outbox.add({ kind: 'password_reset', to: 'Ana@Example.com', subject: 'Reset', body: 'link [redacted]', brandId: null, createdAt: at(1) });
      const second = await outbox.add({ kind: 'creator_mail', to: 'maya@example.com', subject: 'Brief', body: 'Hello', brandId: 'b1', createdAt: at(2) });
      await outbox.add({ kind: 'creator_mail', to: 'rival@example.com', subject: 'Theirs', body: 'No', brandId: 'b2', createdAt: at(3) });
      await outbox.add({ kind: 'password_reset', to: 'someone@example.com', subject: 'Not hers', body: 'x', brandId: null, createdAt: at(4) });
      expect(second, name).toBe(first + 1);
      const mine = await outbox.listFor('ana@EXAMPLE.com', ['b1'], 10);
      expect(mine.map((mail) => mail.subject), name).toEqual(['Brief', 'Reset']);
      expect(await outbox.listFor('ana@example.com', [], 1), name).toHaveLength(1);
      answers.push(mine.map(({ id: _id, ...mail }) => mail));
    }
    expect(answers[1]).toEqual(answers[0]);
  });
});
