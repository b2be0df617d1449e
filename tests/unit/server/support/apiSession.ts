/**
 * A signed-in client of a back end started as its own process (real HTTP on loopback): the demo brand manager by
 * default, its brand and user id sent with every call as the app sends them. `url` picks the instance; a client of
 * several instances behind one address uses the same session with another `url` (every instance shares the secrets).
 */
import { DEMO_ACCOUNTS } from '../../../../src/shared/demoAccounts';

export interface Session {
  url: string;
  jwt: string;
  headers: Record<string, string>;
  identity: { brand_id: string; user_id: string };
}

export async function signIn(url: string, account: { email: string; password: string } = DEMO_ACCOUNTS.brandManager): Promise<Session> {
  const { email, password } = account;
  const response = await fetch(`${url}/jwt_api/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password }) });
  if (response.status !== 200) throw new Error(`sign-in failed: ${response.status} ${await response.text()}`);
  const body = (await response.json()) as { jwt: string; currentUser: { _id: string }; currentBrand: { _id: string } };
  return { url, jwt: body.jwt, headers: { authorization: `Bearer ${body.jwt}`, 'content-type': 'application/json' }, identity: { brand_id: body.currentBrand._id, user_id: body.currentUser._id } };
}

/** One API call: a GET carries the identity in its query, a write in its JSON body. */
export async function call(session: Session, method: string, path: string, body?: object): Promise<Response> {
  const query = method === 'GET' ? `${path.includes('?') ? '&' : '?'}${new URLSearchParams(session.identity)}` : '';
  return fetch(`${session.url}${path}${query}`, { method, headers: session.headers, ...(body ? { body: JSON.stringify({ ...session.identity, ...body }) } : {}) });
}
