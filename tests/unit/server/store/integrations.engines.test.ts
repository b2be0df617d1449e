import { describe, expect, it } from 'vitest';
import { createIntegrationsRepository } from '../../../../src/server/repositories/gateway/integrationsRepository';
import { useBothEngines } from './support/bothEngines';
import { answersAlike } from './support/brandVideoRows';

const both = useBothEngines();

describe('the integrations repository answers alike on SQLite and PostgreSQL', () => {
  it('records a connection, replaces it on a second authorization, keeps brands apart and forgets it', async () => {
    await answersAlike(both.engines(), async (sql, name) => {
      const integrations = createIntegrationsRepository(sql);
      expect(await integrations.find('b1', 'Shopify'), name).toBeNull();
      await integrations.save('b1', 'Shopify', 'key-1', 'maya', '2026-11-26T09:00:00.000Z');
      await integrations.save('b1', 'Shopify', 'key-2', 'noa', '2026-11-26T09:05:00.000Z');
      await integrations.save('b2', 'Shopify', 'rival-key', 'rival', '2026-11-26T09:06:00.000Z');
      const replaced = await integrations.find('b1', 'Shopify');
      expect(replaced, name).toEqual({ app_key: 'key-2', account: 'noa', connected_at: '2026-11-26T09:05:00.000Z' });
      await integrations.remove('b1', 'Shopify');
      return { replaced, afterRemove: await integrations.find('b1', 'Shopify'), other: await integrations.find('b2', 'Shopify') };
    });
  });
});
