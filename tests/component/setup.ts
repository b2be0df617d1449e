import { afterEach } from 'vitest';
import { cleanup, configure } from '@testing-library/react';

// findBy/waitFor give up after 1 s by default; on a busy two-core CI machine a screen's first render
// can take longer than that, which fails a test for the machine's load rather than for behaviour.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  cleanup();
});
