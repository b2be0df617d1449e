import type Database from 'better-sqlite3';
import { createAccessKeyStore } from './accessKeyStore';
import { createEmbedFacts } from './embedFacts';
import { createShopInventory } from './shopInventory';
import { createWidgetEvents } from './widgetEvents';
import { createWidgetLookups } from './widgetLookups';
import { createWidgetRepository } from './widgetRepository';

/** Every widgets repository (issue 16) on one database: widgets and playlists, their events, keys and tokens, the embed's reads. */
export function createWidgetRepositories(db: Database.Database) {
  return {
    widgets: createWidgetRepository(db),
    events: createWidgetEvents(db),
    lookups: createWidgetLookups(db),
    embed: createEmbedFacts(db),
    inventory: createShopInventory(db),
    keys: createAccessKeyStore(db),
  };
}
export type WidgetRepositories = ReturnType<typeof createWidgetRepositories>;
