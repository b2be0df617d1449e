import { describe, expect, it } from 'vitest';
import type { ChatChannel } from '../../../shared/http/chat.schemas';
import { byActivity, mergeMessages, recipientOf, seenFrom, withLastSeen } from './chatState';

const T1 = '17900000000000000';
const T2 = '17900000000010000';
const channel = (changes: Partial<ChatChannel>): ChatChannel => ({
  _id: 'c1', pubnub_id: 'rs-1', brand_id: 'b', created_at: '2026-01-01T00:00:00Z', last_message_at: null, last_message: null, read_up_to: null,
  recipient: { user: null, influencer: null }, ...changes,
});

describe('chat state', () => {
  it('replaces a channel\'s last-seen entry or appends one, never moving it back', () => {
    const list = withLastSeen([], 'rs-1', T1);
    expect(list).toEqual([{ pubnub_id: 'rs-1', timetoken: T1 }]);
    expect(withLastSeen(list, 'rs-1', T2)).toEqual([{ pubnub_id: 'rs-1', timetoken: T2 }]);
    expect(withLastSeen(withLastSeen(list, 'rs-1', T2), 'rs-1', T1)).toEqual([{ pubnub_id: 'rs-1', timetoken: T2 }]);
    expect(withLastSeen(list, 'rs-2', T1)).toHaveLength(2);
  });

  it('counts unread from this computer\'s entry, else the back end\'s read position', () => {
    expect(seenFrom([{ pubnub_id: 'rs-1', timetoken: T2 }], channel({ read_up_to: T1 }))).toBe(T2);
    expect(seenFrom([], channel({ read_up_to: T1 }))).toBe(T1);
    expect(seenFrom([], channel({}))).toBe('00000000000000000');
  });

  it('names a missing recipient "Not Found" (spec §8)', () => {
    expect(recipientOf(channel({})).name).toBe('Not Found');
    expect(recipientOf(channel({ recipient: { user: null, influencer: { _id: 'i', name: 'Ana', handle: '@ana', picture: null, pubnub_user_id: 'creator-i' } } })).name).toBe('Ana');
  });

  it('shows a message once and in timetoken order, whichever way it arrived', () => {
    const a = { id: 'a', text: 'first', timetoken: T1, publisher: 'user-1' };
    const b = { id: 'b', text: 'second', timetoken: T2, publisher: 'creator-2' };
    expect(mergeMessages([b], [a, b], [{ ...a }]).map((m) => m.id)).toEqual(['a', 'b']);
  });

  it('puts the channel with the newest message first', () => {
    const older = channel({ _id: 'old', last_message: { text: 'x', timetoken: T1, publisher: 'u' } });
    const newer = channel({ _id: 'new', last_message: { text: 'y', timetoken: T2, publisher: 'u' } });
    expect(byActivity([older, newer]).map((c) => c._id)).toEqual(['new', 'old']);
  });
});
