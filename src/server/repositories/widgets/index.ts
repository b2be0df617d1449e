import type { SqlClient } from '../../db/sqlClient';
import { createAccessKeyStore } from './accessKeyStore';
import { createEmbedFacts } from './embedFacts';
import { createShopInventory } from './shopInventory';
import { createWidgetEvents } from './widgetEvents';
import { createWidgetLookups } from './widgetLookups';
import { createWidgetRepository } from './widgetRepository';

/** Every widgets repository (issue 16) on one store client: widgets and playlists, their events, keys and tokens, the embed's reads. */
export function createWidgetRepositories(sql: SqlClient) {
  return {
    widgets: createWidgetRepository(sql),
    events: createWidgetEvents(sql),
    lookups: createWidgetLookups(sql),
    embed: createEmbedFacts(sql),
    inventory: createShopInventory(sql),
    keys: createAccessKeyStore(sql),
  };
}
export type WidgetRepositories = ReturnType<typeof createWidgetRepositories>;
