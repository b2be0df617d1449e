import type Database from 'better-sqlite3';
import type { SqlClient } from '../db/sqlClient';
import { createAnalysisRepository } from './analysisRepository';
import { createAppManagerRepository } from './appManager/appManagerRepository';
import { createBookmarksRepository } from './bookmarksRepository';
import { createBrandsRepository } from './brandsRepository';
import { createCampaignRepository } from './campaigns/campaignRepository';
import { createCampaignSubmissions } from './campaigns/campaignSubmissions';
import { createChatChannels } from './chat/chatChannels';
import { createCreatorRepositories } from './creators/index';
import { createIntegrationsRepository } from './gateway/integrationsRepository';
import { createShopperFeedRepository } from './gateway/shopperFeedRepository';
import { createLicenseRepository } from './licensing/licenseRepository';
import { createMailCampaignsRepository } from './mailCampaigns/mailCampaignsRepository';
import { createOnboardingRepository } from './onboardingRepository';
import { createOutboxRepository } from './outboxRepository';
import { createDatabaseProbe } from './databaseProbe';
import { createPasswordResetsRepository } from './passwordResetsRepository';
import { createProductRepositories } from './products/index';
import { createRefreshTokensRepository } from './refreshTokensRepository';
import { createTransactionRunner } from './transaction';
import { createUploadsRepository } from './uploadsRepository';
import { createUsersRepository } from './usersRepository';
import { createWidgetRepositories } from './widgets/index';

/**
 * Every repository of the sign-in tables and of the route groups, built once per database. Repositories move from the
 * synchronous handle (`db`, SQLite only) to the asynchronous `sql` client (either engine, docs/architecture.md
 * "Database engines") one by one.
 */
export function createRepositories(db: Database.Database, sql: SqlClient) {
  return {
    users: createUsersRepository(db),
    brands: createBrandsRepository(db),
    refreshTokens: createRefreshTokensRepository(db),
    passwordResets: createPasswordResetsRepository(db),
    outbox: createOutboxRepository(sql),
    /** Whether the database answers (the readiness probe). */
    databaseProbe: createDatabaseProbe(sql),
    widgets: createWidgetRepositories(sql),
    licenses: createLicenseRepository(db),
    mailCampaigns: createMailCampaignsRepository(db),
    creators: createCreatorRepositories(db),
    chatChannels: createChatChannels(sql),
    appManager: createAppManagerRepository(db),
    integrations: createIntegrationsRepository(db),
    shopperFeed: createShopperFeedRepository(db),
    campaigns: createCampaignRepository(db),
    campaignSubmissions: createCampaignSubmissions(db),
    uploads: createUploadsRepository(db),
    onboarding: createOnboardingRepository(db),
    analysis: createAnalysisRepository(db),
    bookmarks: createBookmarksRepository(db),
    products: createProductRepositories(db),
    /** One change across several repositories, kept whole or not at all. */
    inTransaction: createTransactionRunner(db),
  };
}
export type Repositories = ReturnType<typeof createRepositories>;
