import { describe, expect, it } from 'vitest';
import { createLocalMailOutbox, LOCAL_OUTBOX_SIZE } from '../../../src/main/services/localMailOutbox.service';

const NOW = Date.parse('2026-11-26T10:00:00.000Z');
const mail = (id: number, expiresAt: string | null) => ({
  type: 'mail',
  mail: { id, kind: 'password_reset', to: 'maya@example.com', subject: 'Reset your Reelscope password', body: `link ${id}`, created_at: '2026-11-26T09:30:00.000Z', expires_at: expiresAt },
});

describe("the host's memory of kept account mail", () => {
  it('answers the newest first, forgets expired links and ignores anything that is not a kept mail', () => {
    let now = NOW;
    const outbox = createLocalMailOutbox(() => now);
    outbox.receive(mail(1, '2026-11-26T10:30:00.000Z'));
    outbox.receive(mail(2, null));
    outbox.receive({ type: 'ready', port: 4100 });
    outbox.receive({ type: 'mail', mail: { id: 'x' } });
    expect(outbox.list().map((kept) => kept.id)).toEqual([2, 1]);
    now = Date.parse('2026-11-26T10:30:00.001Z');
    expect(outbox.list().map((kept) => kept.id)).toEqual([2]);
  });

  it(`keeps only the newest ${LOCAL_OUTBOX_SIZE}`, () => {
    const outbox = createLocalMailOutbox(() => NOW);
    for (let id = 1; id <= LOCAL_OUTBOX_SIZE + 5; id++) outbox.receive(mail(id, null));
    const ids = outbox.list().map((kept) => kept.id);
    expect(ids).toHaveLength(LOCAL_OUTBOX_SIZE);
    expect(ids[0]).toBe(LOCAL_OUTBOX_SIZE + 5);
  });
});
