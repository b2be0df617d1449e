import type { FastifyInstance } from 'fastify';
import { OUTBOX_LIST_LIMIT, OutboxResponseSchema } from '../../../../shared/http/outbox.schemas';
import type { ServerContext } from '../../../context';
import { defineRoute } from '../../../http/defineRoute';
import { unauthorized } from '../../../http/httpError';

/** GET /outbox (issue 26): mail kept unsent, for Settings — the person's own account mail and their brands' mail. */
export function registerOutboxRoutes(app: FastifyInstance, ctx: ServerContext): void {
  defineRoute(app, {
    method: 'GET',
    url: '/outbox',
    summary: "Mail kept unsent (no mail server): the signed-in user's account mail and their brands' mail, newest first; secrets redacted",
    auth: 'bearer',
    tags: ['outbox'],
    response: { 200: OutboxResponseSchema },
    handler: async ({ request }) => {
      const auth = request.auth;
      const user = auth ? await ctx.repos.users.findById(auth.userId) : null;
      if (!auth || !user) throw unauthorized();
      return { transport: ctx.mail.transport(), mails: await ctx.repos.outbox.listFor(user.email, auth.brandIds, OUTBOX_LIST_LIMIT) };
    },
  });
}
