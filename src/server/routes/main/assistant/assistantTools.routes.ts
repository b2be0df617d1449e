import type { FastifyInstance } from 'fastify';
import { AssistantToolCallSchema, AssistantToolResultSchema } from '../../../../shared/assistant/assistantTools.schemas';
import type { ServerContext } from '../../../context';
import { defineRoute } from '../../../http/defineRoute';
import { createAssistantEngine } from '../../../assistant/engine/assistantEngine';
import { createAssistantTools } from '../../../assistant/engine/assistantTools';
import { actingBrand } from '../videos/videoAccess';

/** POST /assistant/tools: one of the engine's operations, called by the desktop app's generative mode (issue 30). */
export function registerAssistantToolRoutes(app: FastifyInstance, ctx: ServerContext): void {
  const tools = createAssistantTools(createAssistantEngine(ctx, ctx.home));
  defineRoute(app, {
    method: 'POST', url: '/assistant/tools', auth: 'bearer', tags: ['assistant'],
    summary: 'Runs one assistant tool (figures, transcript search, a product\'s or creator\'s summary) for the acting brand',
    body: AssistantToolCallSchema,
    response: { 200: AssistantToolResultSchema },
    handler: async ({ body, request }) => tools(await actingBrand(request, ctx.home), body, ctx.now().toISOString().slice(0, 10)),
  });
}
