import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../../../context';
import { registerBookmarkRoutes } from '../bookmarks/bookmarks.routes';
import { registerDropboxRoutes } from '../uploads/dropbox.routes';
import { registerAttachMediaRoutes } from '../uploads/attachMedia.routes';
import { registerBrandDetailsRoutes } from './brandDetails.routes';
import { registerNavbarRoutes } from './navbar.routes';

/** The main-API routes of issue 5: onboarding, navbar, video status, Dropbox videos and layout bookmarks. */
export function registerOnboardingRoutes(app: FastifyInstance, ctx: ServerContext): void {
  registerBrandDetailsRoutes(app, ctx);
  registerNavbarRoutes(app, ctx);
  registerDropboxRoutes(app, ctx);
  registerAttachMediaRoutes(app, ctx);
  registerBookmarkRoutes(app, ctx);
}
