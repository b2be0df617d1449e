import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { joinBrandLink, JOIN_BRAND_PATH } from '../../../../shared/joinBrandLink';
import { InvitationTokenSchema } from '../../../../shared/http/team.schemas';
import type { ServerContext } from '../../../context';
import { defineRoute } from '../../../http/defineRoute';

/**
 * Where a mailed invitation link leads on a team server's public address (at the root, like the campaign submission
 * page, so the mailed address stays short). The team server has no screens: the app, which knows which back end it
 * signs in to, takes the token from its own link.
 */
export async function joinLinkPlugin(app: FastifyInstance, _ctx: ServerContext): Promise<void> {
  defineRoute(app, {
    method: 'GET', url: `/${JOIN_BRAND_PATH}`, auth: 'none', tags: ['team'], query: z.object({ token: InvitationTokenSchema }),
    summary: "A mailed invitation link on the team server's public address: redirects to the desktop app's own link",
    handler: async ({ query, reply }) => {
      reply.header('cache-control', 'no-store');
      return reply.redirect(joinBrandLink(query.token, { kind: 'desktop' }), 302);
    },
  });
}
