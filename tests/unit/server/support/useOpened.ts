import { afterAll, beforeAll } from 'vitest';

/** Something a test file opens before its tests and closes after (a seeded workspace); read `.w` inside tests. */
export function useOpened<T extends { close(): Promise<void> }>(open: () => Promise<T>): { readonly w: T } {
  let opened: T | null = null;
  beforeAll(async () => {
    opened = await open();
  }, 120_000);
  afterAll(async () => opened?.close());
  return {
    get w() {
      if (!opened) throw new Error('the workspace is opened in beforeAll');
      return opened;
    },
  };
}
