import type { AuthContext, Authenticator } from '../auth/authContext';
import type { OpenApiRegistry } from './openApiRegistry';

// Declaration merging: what the back end adds to Fastify's request, instance and route config.
declare module 'fastify' {
  interface FastifyRequest {
    /** Set by defineRoute for routes with auth 'bearer' (always) or 'optional' (when a bearer was sent). */
    auth: AuthContext | null;
  }
  interface FastifyInstance {
    authenticate: Authenticator;
    openApiRegistry: OpenApiRegistry;
  }
  interface FastifyContextConfig {
    /** Routes that accept multipart/form-data opt in; every other route answers 415 to it. */
    multipart?: boolean;
  }
}
