import { HealthResponseSchema } from '../../../shared/http/auth.schemas';

export type ConnectionResult = { ok: true; message: string } | { ok: false; message: string };

/** GET {origin}/health: a Reelscope back end answers {ok: true, version}. */
export async function testConnection(origin: string): Promise<ConnectionResult> {
  let url: URL;
  try {
    url = new URL('/health', origin);
  } catch {
    return { ok: false, message: 'This is not a valid address.' };
  }
  try {
    const response = await fetch(url, { cache: 'no-store', signal: AbortSignal.timeout(5000) });
    const body: unknown = await response.json().catch(() => null);
    const health = HealthResponseSchema.safeParse(body);
    if (response.ok && health.success) return { ok: true, message: `Connected — Reelscope back end ${health.data.version}.` };
    return { ok: false, message: `The server answered ${response.status}, but not as a Reelscope back end.` };
  } catch {
    return { ok: false, message: `No answer from ${url.origin}. Check the address and that the server allows this app.` };
  }
}
