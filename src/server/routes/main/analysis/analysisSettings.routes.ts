import type { FastifyInstance } from 'fastify';
import { ANALYSIS_SETTINGS_MESSAGES, AnalysisSettingsBodySchema, AnalysisSettingsSchema, SPEECH_MODEL_SIZES, type AnalysisSettings } from '../../../../shared/http/analysisSettings.schemas';
import { IdentityQuerySchema } from '../../../../shared/http/videos.schemas';
import { effectiveSettings } from '../../../analysis/media/speechSetup';
import { SPEECH_MODELS, speechModelState } from '../../../analysis/speech/speechModel';
import { actingOwnBrand } from '../../../auth/teamRoles';
import type { ServerContext } from '../../../context';
import { defineRoute } from '../../../http/defineRoute';
import { HttpError } from '../../../http/httpError';

/**
 * How a brand's speech is transcribed: on this device (or the team server) with a whisper model, through the
 * transcription service the back end is set up with, or not at all. Everyone in the brand reads it; its managers choose.
 */
export function registerAnalysisSettingsRoutes(app: FastifyInstance, ctx: ServerContext): void {
  const repo = ctx.repos.analysisSettings;
  const base = { auth: 'bearer' as const, tags: ['analysis'] };

  const describe = async (brandId: string, canEdit: boolean): Promise<AnalysisSettings> => {
    const speech = ctx.hearing?.speech ?? null;
    const saved = await repo.of(brandId);
    const settings = speech ? effectiveSettings(saved, speech) : saved ?? { speechEngine: 'off' as const, speechModel: 'base' as const };
    const model = SPEECH_MODELS[settings.speechModel];
    const stateOf = async (size: (typeof SPEECH_MODEL_SIZES)[number]) => (speech?.modelFile ? 'ready' as const : speech ? speechModelState(speech.dataDir, size) : 'missing' as const);
    return {
      speech_engine: settings.speechEngine,
      speech_model: settings.speechModel,
      service: { configured: Boolean(speech?.service), url_host: speech?.service ? new URL(speech.service.url).host : null },
      model_state: await stateOf(settings.speechModel),
      model_bytes: model.bytes,
      models: await Promise.all(SPEECH_MODEL_SIZES.map(async (size) => ({ size, bytes: SPEECH_MODELS[size].bytes, state: await stateOf(size) }))),
      workers: ctx.hearing?.workers ?? 0,
      can_edit: canEdit,
    };
  };

  defineRoute(app, {
    ...base, method: 'GET', url: '/settings/analysis', summary: "How the brand's videos are heard: the speech engine, its model and where it stands",
    query: IdentityQuerySchema, response: { 200: AnalysisSettingsSchema },
    handler: async ({ request }) => {
      const { auth, brandId } = actingOwnBrand(request);
      return describe(brandId, auth.roles[brandId] === 'manager');
    },
  });

  defineRoute(app, {
    ...base, method: 'PUT', url: '/settings/analysis', access: 'manager', summary: "Chooses how the brand's speech is transcribed (managers)",
    body: AnalysisSettingsBodySchema, response: { 200: AnalysisSettingsSchema },
    handler: async ({ body, request }) => {
      const { brandId } = actingOwnBrand(request);
      if (body.speech_engine === 'service' && !ctx.hearing?.speech.service) {
        throw new HttpError(400, ANALYSIS_SETTINGS_MESSAGES.serviceNotConfigured, 'no_transcription_service');
      }
      const speech = ctx.hearing?.speech;
      const now = speech ? effectiveSettings(await repo.of(brandId), speech) : (await repo.of(brandId)) ?? { speechEngine: 'off' as const, speechModel: 'base' as const };
      await repo.save(brandId, { speechEngine: body.speech_engine ?? now.speechEngine, speechModel: body.speech_model ?? now.speechModel }, ctx.now().toISOString());
      return describe(brandId, true);
    },
  });
}
