import { createHmac, timingSafeEqual } from 'node:crypto';

/** How long a chat key is good for; the client asks /chats/config again on the next start or sign-in. */
export const CHAT_KEY_TTL_MS = 7 * 24 * 3600 * 1000;
/** PubNub user ids of this back end: a brand user or a creator, by their record id. */
const MEMBER_ID = /^(user|creator)-[A-Za-z0-9_-]{1,64}$/;

export type ChatMember = { kind: 'user' | 'creator'; id: string; userId: string };

export function memberOf(userId: string): ChatMember | null {
  if (!MEMBER_ID.test(userId)) return null;
  const dash = userId.indexOf('-');
  return { kind: userId.slice(0, dash) as ChatMember['kind'], id: userId.slice(dash + 1), userId };
}

/** A key's holder: the member, and the sign-in it was issued under ('' for a key issued outside a session). */
export type ChatKeyHolder = { member: ChatMember; sessionId: string };

/**
 * The `auth` keys PubNub clients send on every call: `<userId>.<expiry seconds>.<session id>.<HMAC>`, signed with a
 * key derived from the back end's jwt secret (a key for one purpose, so a chat key is never a session token and back).
 * A brand user's key names the session it was issued under, so it ends when that session does (chatService).
 */
export function createChatKeys(jwtSecret: Uint8Array, now: () => Date) {
  const key = createHmac('sha256', jwtSecret).update('reelscope chat auth key v2').digest();
  const mac = (payload: string) => createHmac('sha256', key).update(payload).digest('base64url');
  return {
    /** A key for a PubNub user id; `sessionId` is the sign-in it lives with ('' only for a creator, who has none here). */
    issue(userId: string, sessionId = ''): string {
      const expires = Math.floor((now().getTime() + CHAT_KEY_TTL_MS) / 1000);
      const payload = `${userId}.${expires}.${sessionId}`;
      return `${payload}.${mac(payload)}`;
    },
    /** Who the key was issued to, when it is genuine, unexpired and names the user id the call claims. */
    verify(authKey: string | undefined, claimedUserId: string | undefined): ChatKeyHolder | null {
      if (!authKey || !claimedUserId || authKey.length > 200) return null;
      const parts = authKey.split('.');
      if (parts.length !== 4) return null;
      const [userId, expires, sessionId, signature] = parts as [string, string, string, string];
      const expected = Buffer.from(mac(`${userId}.${expires}.${sessionId}`));
      const given = Buffer.from(signature);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
      if (!/^\d{1,12}$/.test(expires) || Number(expires) * 1000 <= now().getTime()) return null;
      if (userId !== claimedUserId) return null;
      const member = memberOf(userId);
      return member ? { member, sessionId } : null;
    },
  };
}
export type ChatKeys = ReturnType<typeof createChatKeys>;
