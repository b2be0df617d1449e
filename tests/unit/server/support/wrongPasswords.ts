/**
 * Issue 28: the sign-in limits are the database's, so a client spreading wrong passwords over several back-end
 * instances (as a load balancer does) gets no more of them checked than from one. Used with instances in this process
 * on one SQLite file (loginLimitAcrossInstances.test.ts) and with three processes on PostgreSQL (postgres/cluster.test.ts).
 */
import { expect } from 'vitest';
import { LOGIN_ATTEMPTS_PER_MINUTE } from '../../../../src/shared/constants';
import { MESSAGES } from '../../../../src/shared/messages';

/**
 * Sends `count` wrong passwords for `email` at once, the n-th to `urls[n % urls.length]` (some with the address in
 * capitals), and checks that exactly LOGIN_ATTEMPTS_PER_MINUTE were checked and the rest refused unchecked.
 */
export async function expectWrongPasswordsLimitedAcross(urls: readonly string[], email: string, count = 60): Promise<void> {
  const answers = await Promise.all(
    Array.from({ length: count }, async (_, n) => {
      const response = await fetch(`${urls[n % urls.length]}/jwt_api/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: n % 3 === 0 ? email.toUpperCase() : email, password: `wrong-${n}` }),
      });
      const body = (await response.json()) as { message?: string; error_message?: string };
      return { status: response.status, message: body.error_message ?? body.message };
    }),
  );
  const checked = answers.filter((answer) => answer.status === 208);
  expect(checked).toHaveLength(LOGIN_ATTEMPTS_PER_MINUTE);
  expect(checked.every((answer) => answer.message === MESSAGES.invalidPassword)).toBe(true);
  // The rest are refused unchecked: by the account's limit, or by the address's while 20 probes are in flight.
  const refused = answers.filter((answer) => answer.status === 429);
  expect(refused).toHaveLength(count - LOGIN_ATTEMPTS_PER_MINUTE);
  expect(refused.every((answer) => answer.message === MESSAGES.tooManyAttempts || answer.message === MESSAGES.tooManyAddressAttempts)).toBe(true);
}
