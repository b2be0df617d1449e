import { afterEach, beforeEach } from 'vitest';
import { testDatabaseEnv } from './testEngine';

/**
 * Before each test, a fresh database on the test engine for the back ends the test starts in this process with
 * createServer (which reads REELSCOPE_DATABASE_URL as the command line does); after it, the variable is gone again.
 */
export function useServerDatabase(): void {
  let set: string[] = [];
  beforeEach(async () => {
    const env = await testDatabaseEnv();
    Object.assign(process.env, env);
    set = Object.keys(env);
  });
  afterEach(() => {
    for (const name of set) delete process.env[name];
    set = [];
  });
}
