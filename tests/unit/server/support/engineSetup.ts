import { afterAll } from 'vitest';
import { stopTestCluster } from './testEngine';

// Registered first, so it runs after every other afterAll of the file (hooks unwind as a stack): the PostgreSQL
// cluster a test file started (REELSCOPE_TEST_ENGINE=postgres) is removed once the file's pools are closed.
afterAll(stopTestCluster);
