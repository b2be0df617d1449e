import type { TeamRole } from '../../shared/http/team.schemas';
import type { AuthContext, Authenticator } from '../auth/authContext';
import type { BrandDecision } from '../auth/teamRoles';
import type { OpenApiRegistry } from './openApiRegistry';

/** Who an API key speaks for. */
export interface ApiKeyAuth {
  brandId: string;
  /** The teammate whose app key it is (the app's own key), or null for the brand's API key (a machine, no person). */
  userId: string | null;
  /**
   * The role the key acts with: an app key carries its teammate's role in the brand as it is now; the brand's API key,
   * which only a manager can issue, a manager's.
   */
  role: TeamRole;
}

// Declaration merging: what the back end adds to Fastify's request, instance and route config.
declare module 'fastify' {
  interface FastifyRequest {
    /** Set by defineRoute for routes with auth 'bearer' (always) or 'optional' (when a bearer was sent). */
    auth: AuthContext | null;
    /** Set by defineRoute for routes with auth 'apiKey': the brand whose API key was sent. */
    apiKeyAuth: ApiKeyAuth | null;
    /** Set by defineRoute for authenticated routes: the brand the call acts for, decided once for guard and handler. */
    brandDecision: BrandDecision | undefined;
  }
  interface FastifyInstance {
    authenticate: Authenticator;
    /** Decorated by the service whose routes use auth 'apiKey' (the metrics and widget API). */
    authenticateApiKey?: (request: FastifyRequest) => Promise<ApiKeyAuth>;
    openApiRegistry: OpenApiRegistry;
  }
  interface FastifyContextConfig {
    /** Routes that accept multipart/form-data opt in; every other route answers 415 to it. */
    multipart?: boolean;
    /**
     * A public route any web page may call (the widget embed): no Origin check, and a text/plain body (what
     * sendBeacon sends) is accepted. Such a route carries no ambient credential, so a cross-site call gains nothing.
     */
    anyOrigin?: boolean;
    /**
     * Answers under any Host header: the liveness and readiness probes, which a load balancer or orchestrator sends to
     * an instance's own address. They carry no credential and tell nothing but "up" and "ready".
     */
    anyHost?: boolean;
    /** Takes a deflate or gzip body (Content-Encoding), inflated up to the route's body limit; every other route answers 415 to one. */
    compressedBody?: { tooLargeMessage: string };
  }
}
