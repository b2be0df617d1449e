import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../../context';
import { registerConfirmationRoutes } from './auth/confirmation.routes';
import { registerLoginRoutes } from './auth/login.routes';
import { registerRecoveryRoutes } from './auth/recovery.routes';
import { registerSessionRoutes } from './auth/session.routes';
import { registerSignUpRoutes } from './auth/signUp.routes';
import { registerApiKeyRoutes, registerBrandRoutes } from './brands/brands.routes';
import { registerOnboardingRoutes } from './onboarding/index';
import { registerVideoRoutes } from './videos/index';
import { registerProductRoutes } from './products/index';
import { registerCreatorRoutes } from './creators/index';
import { registerMailCampaignRoutes } from './mailCampaigns/index';
import { registerLicensingRoutes } from './licensing/index';
import { registerCampaignRoutes } from './campaigns/index';
import { registerAppManagerRoutes } from './appManager/appManager.routes';
import { registerChatRoutes } from './chat/index';
import { registerHomeRoutes } from './home/index';
import { registerReportRoutes } from './reports/index';
import { registerOutboxRoutes } from './outbox/outbox.routes';
import { registerLiveChangeRoutes } from './changes/liveChanges.routes';
import { registerTeamRoutes } from './team/team.routes';
import { registerActivityRoutes } from './activity/activity.routes';
import { registerAssistantToolRoutes } from './assistant/assistantTools.routes';
import { registerAnalysisSettingsRoutes } from './analysis/analysisSettings.routes';

/** The main API (mounted at SERVICE_PREFIXES.main). Later issues add their resources here. */
export async function mainApiPlugin(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  registerLoginRoutes(app, ctx);
  registerSignUpRoutes(app, ctx);
  registerRecoveryRoutes(app, ctx);
  registerConfirmationRoutes(app, ctx);
  registerSessionRoutes(app, ctx);
  registerBrandRoutes(app, ctx);
  registerApiKeyRoutes(app, ctx);
  registerVideoRoutes(app, ctx);
  registerOnboardingRoutes(app, ctx);
  registerProductRoutes(app, ctx);
  registerCreatorRoutes(app, ctx);
  registerMailCampaignRoutes(app, ctx);
  registerLicensingRoutes(app, ctx);
  registerCampaignRoutes(app, ctx);
  registerAppManagerRoutes(app, ctx);
  registerChatRoutes(app, ctx);
  registerOutboxRoutes(app, ctx);
  registerLiveChangeRoutes(app, ctx);
  registerTeamRoutes(app, ctx);
  registerActivityRoutes(app, ctx);
  registerAssistantToolRoutes(app, ctx);
  registerAnalysisSettingsRoutes(app, ctx);
  // Reports compute their figures with the home dashboard's (and the assistant's): one set of statements for all.
  registerHomeRoutes(app, ctx, ctx.home);
  registerReportRoutes(app, ctx, ctx.home);
}
