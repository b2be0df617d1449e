import type { TeamRole } from '../../shared/http/team.schemas';

/** Who is calling and which brands they may act for or read; set on `request.auth` for authenticated routes. */
export interface AuthContext {
  userId: string;
  /** The brand of the token's `bid` claim when it is still one of the user's own brands. */
  brandId: string | null;
  /** The user's own brands. */
  brandIds: readonly string[];
  /** The user's role in each own brand (issue 29). */
  roles: Readonly<Record<string, TeamRole>>;
  /** Own brands plus the competitors of each own brand. */
  readableBrandIds: readonly string[];
  /** Each own brand's competitors in id order, when read with the bearer (saves the acting brand's a round trip). */
  competitorIds?: ReadonlyMap<string, readonly string[]>;
  /** The name of each readable brand, when read with the bearer (saves home a round trip). */
  brandNames?: ReadonlyMap<string, string>;
  /** The sign-in the bearer belongs to (its `sid` claim); null for a token signed without one. */
  sessionId: string | null;
}

/** Resolves the bearer of a request into an AuthContext, or throws a 401 HttpError. */
export type Authenticator = (authorizationHeader: string | undefined) => Promise<AuthContext>;
