// No database (not in bothEngineTests.ts): it tests the in-process bus that wakes long-polling subscribers.
import { describe, expect, it } from 'vitest';
import { createMessageBus } from '../../../../src/server/chat/messageBus';

const HOUR_MS = 3_600_000;

describe('the chat bus that wakes long-polling subscribers', () => {
  it('ends every wait when the server closes, and a wait begun after that ends at once instead of holding the stop', async () => {
    const bus = createMessageBus();
    const order: string[] = [];
    const before = bus.wait(new Set(['a']), HOUR_MS, new AbortController().signal).then(() => order.push('before'));
    expect(bus.waiting).toBe(1);
    bus.closeAll();
    await before;
    const after = bus.wait(new Set(['a']), HOUR_MS, new AbortController().signal).then(() => order.push('after'));
    expect(bus.waiting).toBe(0);
    await after;
    expect(order).toEqual(['before', 'after']);
  });
});
