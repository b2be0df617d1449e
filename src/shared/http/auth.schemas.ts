import { z } from 'zod';
import { SessionSchema } from '../domain/session';

/** Body of the 208 answers that carry sign-in, sign-up and recovery errors (spec §8). */
export const ErrorMessage208Schema = z.object({ error_message: z.string() });

/** Error body of every non-2xx answer. */
export const HttpErrorSchema = z.object({
  statusCode: z.number(),
  error: z.string(),
  message: z.string(),
  code: z.string().optional(),
});
export type HttpError = z.infer<typeof HttpErrorSchema>;

export const TokenPairSchema = z.object({
  jwt: z.string(),
  refresh_token: z.string(),
  /** Seconds until the access jwt expires. */
  expires_in: z.number(),
});
export type TokenPair = z.infer<typeof TokenPairSchema>;

/** POST /jwt_api/login */
export const LoginBodySchema = z.object({
  email: z.string().min(1).max(320),
  password: z.string().min(1).max(1024),
});
export type LoginBody = z.infer<typeof LoginBodySchema>;

/** 200 answer of login, sign-up and brand switch: the session plus its tokens. */
export const SessionResponseSchema = SessionSchema.extend(TokenPairSchema.shape);
export type SessionResponse = z.infer<typeof SessionResponseSchema>;

/** POST /jwt_api/login/user_sign_up */
export const SignUpBodySchema = z.object({
  first_name: z.string().trim().min(1).max(100),
  last_name: z.string().trim().min(1).max(100),
  email: z.string().trim().min(3).max(320),
  password: z.string().min(8).max(1024),
  brand_name: z.string().trim().min(1).max(200),
});
export type SignUpBody = z.infer<typeof SignUpBodySchema>;

/** POST /jwt_api/recovery_passwords: asks for a reset link. */
export const RecoveryRequestBodySchema = z.object({ email: z.string().min(1).max(320) });
/** PUT /jwt_api/recovery_passwords: sets a new password with the link's token. */
export const RecoveryResetBodySchema = z.object({
  token: z.string().min(1).max(512),
  password: z.string().min(8).max(1024),
});
export const MessageResponseSchema = z.object({ message: z.string() });

/** GET or POST /jwt_api/users/resend_confirmation_email */
export const ResendConfirmationBodySchema = z.object({ email: z.string().min(1).max(320) });
/** PUT /jwt_api/users/confirm_email: the token of the link in the confirmation email. */
export const ConfirmEmailBodySchema = z.object({ token: z.string().min(1).max(2048) });

/**
 * PUT /jwt_api/session: with refresh_token, rotates the token pair (no bearer needed);
 * with brand_id (and a bearer), switches the current brand and answers a new session.
 */
export const SessionPutBodySchema = z.union([
  z.object({ refresh_token: z.string().min(1).max(512) }),
  z.object({ brand_id: z.string().min(1).max(64), brand_name: z.string().max(200).optional() }),
]);
export type SessionPutBody = z.infer<typeof SessionPutBodySchema>;

/** POST /jwt_api/logout: revokes the refresh token. */
export const LogoutBodySchema = z.object({ refresh_token: z.string().max(512).optional() });

/** GET /jwt_api/session: the session of the bearer (used after a restart, when only the tokens were kept). */
export const SessionGetResponseSchema = SessionSchema;

/** GET /health on the back end root. */
export const HealthResponseSchema = z.object({ ok: z.literal(true), version: z.string() });
/** GET /livez and GET /readyz when the answer is yes. */
export const ProbeResponseSchema = z.object({ ok: z.literal(true) });

/** POST /login/sign_up_with_google: the provider's ID token, and the first brand's name for a new account. */
export const GoogleSignUpBodySchema = z.object({
  id_token: z.string().min(20).max(8192),
  brand_name: z.string().trim().min(1).max(120).optional(),
});
