import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { testDatabaseEnv } from './testEngine';

/**
 * A fresh database on the test engine for the back ends a test starts in this process with createServer (which reads
 * REELSCOPE_DATABASE_URL as the command line does), before each test or once before the suite's (`all`: call it ahead
 * of the beforeAll that starts the server); afterwards the variable is gone again.
 */
export function useServerDatabase(scope: 'each' | 'all' = 'each'): void {
  let set: string[] = [];
  const before = async () => {
    const env = await testDatabaseEnv();
    Object.assign(process.env, env);
    set = Object.keys(env);
  };
  const after = () => {
    for (const name of set) delete process.env[name];
    set = [];
  };
  if (scope === 'all') {
    beforeAll(before);
    afterAll(after);
  } else {
    beforeEach(before);
    afterEach(after);
  }
}
