import type { SqlClient } from '../db/sqlClient';
import { createAccountTransaction } from './accountTransaction';
import { createActivityRepository } from './changes/activityRepository';
import { createAnalysisRepository } from './analysisRepository';
import { createAnalysisSettingsRepository } from './analysisSettingsRepository';
import { createAppManagerRepository } from './appManager/appManagerRepository';
import { createBookmarksRepository } from './bookmarksRepository';
import { createBrandsRepository } from './brandsRepository';
import { createCampaignRepository } from './campaigns/campaignRepository';
import { createCampaignSubmissions } from './campaigns/campaignSubmissions';
import { createSubmissionTransaction } from './campaigns/submissionTransaction';
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
import { createUploadsRepository } from './uploadsRepository';
import { createUsersRepository } from './usersRepository';
import { createTeamRepository } from './team/teamRepository';
import { createBearerAccess } from './team/bearerAccess';
import { createWidgetRepositories } from './widgets/index';

/**
 * Every repository of the sign-in tables and of the route groups, built once per database, on either engine's
 * client (docs/architecture.md "Database engines").
 */
export function createRepositories(sql: SqlClient) {
  return {
    users: createUsersRepository(sql),
    brands: createBrandsRepository(sql),
    refreshTokens: createRefreshTokensRepository(sql),
    passwordResets: createPasswordResetsRepository(sql),
    /** One change across the four sign-in repositories above, on either engine (sql.transaction). */
    inAccountTransaction: createAccountTransaction(sql),
    outbox: createOutboxRepository(sql),
    /** Whether the database answers (the readiness probe). */
    databaseProbe: createDatabaseProbe(sql),
    widgets: createWidgetRepositories(sql),
    licenses: createLicenseRepository(sql),
    mailCampaigns: createMailCampaignsRepository(sql),
    creators: createCreatorRepositories(sql),
    chatChannels: createChatChannels(sql),
    appManager: createAppManagerRepository(sql),
    integrations: createIntegrationsRepository(sql),
    shopperFeed: createShopperFeedRepository(sql),
    campaigns: createCampaignRepository(sql),
    campaignSubmissions: createCampaignSubmissions(sql),
    uploads: createUploadsRepository(sql),
    /** A creator's submission (its upload and its place in the campaign) in one transaction, the campaign held. */
    inSubmissionTransaction: createSubmissionTransaction(sql),
    onboarding: createOnboardingRepository(sql),
    analysis: createAnalysisRepository(sql),
    analysisSettings: createAnalysisSettingsRepository(sql),
    bookmarks: createBookmarksRepository(sql),
    products: createProductRepositories(sql),
    /** A brand's people, their roles and invitations (issue 29). */
    team: createTeamRepository(sql),
    /** What the bearer check reads on every request, in one statement (team/bearerAccess.ts). */
    bearerAccess: createBearerAccess(sql),
    /** The brand change log as the activity view reads it (issue 29). */
    activity: createActivityRepository(sql),
  };
}
export type Repositories = ReturnType<typeof createRepositories>;
