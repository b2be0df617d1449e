import { DEMO_ACCOUNTS } from '../../../src/shared/demoAccounts';
import type { AppStack } from './stack';

/** A GET on the back end as the demo brand manager: tests use it to pick their subjects, never to assert the UI. */
export async function getAsBrandManager<T>(stack: AppStack, path: string, query: Record<string, string> = {}): Promise<T> {
  const { email, password } = DEMO_ACCOUNTS.brandManager;
  const login = await fetch(`${stack.backendUrl}/jwt_api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  const { jwt } = (await login.json()) as { jwt: string };
  const response = await fetch(`${stack.backendUrl}/jwt_api${path}?${new URLSearchParams(query)}`, { headers: { authorization: `Bearer ${jwt}` } });
  return (await response.json()) as T;
}
