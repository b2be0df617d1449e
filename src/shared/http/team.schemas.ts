/**
 * Teammates (issue 29): a brand's team, its invitations and the roles of its people. Paths under `/jwt_api`.
 * A manager may do everything; a member everything but the team, the brand's keys and deleting the brand's data.
 */
import { z } from 'zod';

export const TEAM_ROLES = ['manager', 'member'] as const;
export const TeamRoleSchema = z.enum(TEAM_ROLES);
export type TeamRole = z.infer<typeof TeamRoleSchema>;

/** How long an invitation link works. */
export const INVITATION_TTL_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * Invitations one manager may send in an hour, and one brand in a day, before 429: each is a mail to an address of the
 * sender's choosing, carrying a brand and a person name they chose, so a free sign-up must not make a mail relay of it.
 */
export const INVITATIONS_PER_MANAGER_PER_HOUR = 10;
export const INVITATIONS_PER_BRAND_PER_DAY = 25;

/** Who did something, as every authored record answers it: null when that person's account is gone. */
export const PersonSchema = z.object({ _id: z.string(), name: z.string() });
export type Person = z.infer<typeof PersonSchema>;

export const TeammateSchema = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  role: TeamRoleSchema,
  joined_at: z.string().nullable(),
  /** The last request the person made for this brand (null: not since they joined). */
  last_active_at: z.string().nullable(),
});
export type Teammate = z.infer<typeof TeammateSchema>;

export const PendingInvitationSchema = z.object({
  _id: z.string(),
  email: z.string(),
  role: TeamRoleSchema,
  invited_by: PersonSchema.nullable(),
  created_at: z.string(),
  expires_at: z.string(),
});
export type PendingInvitation = z.infer<typeof PendingInvitationSchema>;

/** GET /brands/:id/team */
export const TeamResponseSchema = z.object({ members: z.array(TeammateSchema), invitations: z.array(PendingInvitationSchema) });
export type TeamResponse = z.infer<typeof TeamResponseSchema>;

/** GET /brands/:id/role: the signed-in person's role in the brand (the renderer hides what a member may not do). */
export const MyRoleResponseSchema = z.object({ role: TeamRoleSchema });

/** POST /brands/:id/team/invitations */
export const InviteBodySchema = z.object({ email: z.string().trim().min(3).max(320), role: TeamRoleSchema });
export type InviteBody = z.infer<typeof InviteBodySchema>;
/**
 * The same answer whether or not the address has an account anywhere: an invitation reveals nothing about a user.
 * `link` is the invitation's link, answered this once to the manager who made it (the Team screen shows it to copy);
 * apart from this answer only the mail to the invited address carries it.
 */
export const InviteResponseSchema = z.object({ message: z.string(), invitation: PendingInvitationSchema, link: z.string() });
export type InviteResponse = z.infer<typeof InviteResponseSchema>;

/** PUT /brands/:id/team/members/:userId */
export const ChangeRoleBodySchema = z.object({ role: TeamRoleSchema });

/** An invitation link's token (opaque, base64url). */
export const InvitationTokenSchema = z.string().regex(/^[A-Za-z0-9_-]{16,512}$/);

/** GET /team/invitations/:token: what the invited person is shown before they sign up or in (never whether the address has an account). */
export const InvitationPreviewSchema = z.object({
  brand_name: z.string(),
  email: z.string(),
  role: TeamRoleSchema,
  invited_by: z.string().nullable(),
  /** A sign-up through the link waits for this link, mailed to the invited address: opening it finishes the account. */
  sign_up_pending: z.boolean(),
});
export type InvitationPreview = z.infer<typeof InvitationPreviewSchema>;

/** POST /team/invitations/:token/sign_up: an account for the invited address, straight into the brand. */
export const InvitationSignUpBodySchema = z.object({
  first_name: z.string().trim().min(1).max(100),
  last_name: z.string().trim().min(1).max(100),
  password: z.string().min(8).max(1024),
});
export type InvitationSignUpBody = z.infer<typeof InvitationSignUpBodySchema>;
/**
 * POST /team/invitations/:token/sign_up 200: one sentence, the same whether or not the address has an account — a
 * fresh link went to the invited address (which finishes the account, or says to sign in) and this link stopped working.
 */
export const InvitationSignUpResponseSchema = z.object({ message: z.string() });
