import type Database from 'better-sqlite3';
import { createBrandsRepository } from './brandsRepository';
import { createChatChannels } from './chat/chatChannels';
import { createCreatorRepositories } from './creators/index';
import { createLicenseRepository } from './licensing/licenseRepository';
import { createMailCampaignsRepository } from './mailCampaigns/mailCampaignsRepository';
import { createOutboxRepository } from './outboxRepository';
import { createPasswordResetsRepository } from './passwordResetsRepository';
import { createRefreshTokensRepository } from './refreshTokensRepository';
import { createUsersRepository } from './usersRepository';
import { createWidgetRepositories } from './widgets/index';

/** Every repository of the sign-in tables and of the route groups, built once per database. */
export function createRepositories(db: Database.Database) {
  return {
    users: createUsersRepository(db),
    brands: createBrandsRepository(db),
    refreshTokens: createRefreshTokensRepository(db),
    passwordResets: createPasswordResetsRepository(db),
    outbox: createOutboxRepository(db),
    widgets: createWidgetRepositories(db),
    licenses: createLicenseRepository(db),
    mailCampaigns: createMailCampaignsRepository(db),
    creators: createCreatorRepositories(db),
    chatChannels: createChatChannels(db),
  };
}
export type Repositories = ReturnType<typeof createRepositories>;
