import axios from 'axios';
import type { AxiosInstance } from 'axios';
import { MESSAGES } from '../../../shared/messages';
import { REGISTRATION_INCOMPLETE_CODE, ROLE_VIP_INFLUENCER } from '../../../shared/constants';
import type { SessionResponse, SignUpBody } from '../../../shared/http/auth.schemas';
import { SessionResponseSchema } from '../../../shared/http/auth.schemas';
import { serverMessage } from '../../lib/httpFailure';

export type AuthField = 'email' | 'password';

/** How a sign-in or sign-up call ended, already mapped to where the screen shows it. */
export type AuthOutcome =
  | { kind: 'session'; session: SessionResponse }
  | { kind: 'fieldError'; field: AuthField; message: string }
  /** Right credentials, but the registration is not completed: no session; the screen offers to resend the mail. */
  | { kind: 'incomplete' }
  | { kind: 'error'; message: string };

/** A call that answers a message (recovery, resend): ok with the server's message, or an error (on the email field when it names the email). */
export type MessageOutcome =
  | { kind: 'ok'; message: string }
  | { kind: 'error'; message: string }
  | { kind: 'fieldError'; field: 'email'; message: string };

function isRegistrationIncomplete(error: unknown): boolean {
  if (!axios.isAxiosError(error) || error.response?.status !== 403) return false;
  const body: unknown = error.response.data;
  return !!body && typeof body === 'object' && 'code' in body && body.code === REGISTRATION_INCOMPLETE_CODE;
}

/** The transport failure, as the person should read it. */
function failureMessage(error: unknown): string {
  if (!axios.isAxiosError(error)) return error instanceof Error ? error.message : String(error);
  const response = error.response;
  if (!response) return MESSAGES.serverDown;
  const body: unknown = response.data;
  const code = body && typeof body === 'object' && 'code' in body ? body.code : undefined;
  if (response.status === 403 && code === ROLE_VIP_INFLUENCER) return MESSAGES.vipRefused;
  if (response.status === 429) return serverMessage(body) ?? MESSAGES.tooManyAttempts;
  return serverMessage(body) ?? error.message;
}

function toSession(data: unknown): AuthOutcome {
  const parsed = SessionResponseSchema.safeParse(data);
  if (!parsed.success) return { kind: 'error', message: 'The server answered in an unexpected shape. Please try again.' };
  return { kind: 'session', session: parsed.data };
}

/** POST /jwt_api/login. 208 answers carry error_message (spec §8); two of them belong to a field. */
export async function login(api: AxiosInstance, email: string, password: string): Promise<AuthOutcome> {
  try {
    const response = await api.post('/login', { email: email.trim(), password });
    if (response.status !== 208) return toSession(response.data);
    const message = serverMessage(response.data) ?? '';
    if (message === MESSAGES.emailNotConnected) return { kind: 'fieldError', field: 'email', message: shown(message) };
    if (message === MESSAGES.invalidPassword) return { kind: 'fieldError', field: 'password', message };
    return { kind: 'error', message: message || MESSAGES.invalidCredentials };
  } catch (error) {
    if (isRegistrationIncomplete(error)) return { kind: 'incomplete' };
    return { kind: 'error', message: failureMessage(error) };
  }
}

/** POST /jwt_api/login/user_sign_up. 208 "already an account" belongs to the email field (spec §5). */
export async function signUp(api: AxiosInstance, body: SignUpBody): Promise<AuthOutcome> {
  try {
    const response = await api.post('/login/user_sign_up', body);
    if (response.status !== 208) return toSession(response.data);
    const message = serverMessage(response.data) ?? '';
    if (message === MESSAGES.emailAlreadyUsed) return { kind: 'fieldError', field: 'email', message };
    return { kind: 'error', message: message || 'Sign-up failed. Please try again.' };
  } catch (error) {
    return { kind: 'error', message: failureMessage(error) };
  }
}

/** POST /login/sign_up_with_google with the ID token the host's Google sign-in answered (and the brand name, if typed). */
export async function signUpWithGoogle(api: AxiosInstance, idToken: string, brandName: string): Promise<AuthOutcome> {
  try {
    const response = await api.post('/login/sign_up_with_google', { id_token: idToken, ...(brandName.trim() ? { brand_name: brandName.trim() } : {}) });
    return toSession(response.data);
  } catch (error) {
    return { kind: 'error', message: failureMessage(error) };
  }
}

/** The server's words for an unknown email read the same on every form as on login (spec §5). */
function shown(message: string): string {
  return message === MESSAGES.emailNotConnected ? MESSAGES.emailNotConnectedDisplay : message;
}

async function messageCall(call: () => Promise<{ status: number; data: unknown }>, fallback: string): Promise<MessageOutcome> {
  try {
    const response = await call();
    const message = serverMessage(response.data) ?? fallback;
    if (response.status !== 208) return { kind: 'ok', message };
    if (message === MESSAGES.emailNotConnected) return { kind: 'fieldError', field: 'email', message: shown(message) };
    return { kind: 'error', message };
  } catch (error) {
    return { kind: 'error', message: failureMessage(error) };
  }
}

/** POST /jwt_api/recovery_passwords: asks for a reset link. */
export function requestPasswordReset(api: AxiosInstance, email: string): Promise<MessageOutcome> {
  return messageCall(() => api.post('/recovery_passwords', { email: email.trim() }), 'Check your inbox for a reset link.');
}

/** PUT /jwt_api/recovery_passwords: sets the new password with the link's token. */
export function resetPassword(api: AxiosInstance, token: string, password: string): Promise<MessageOutcome> {
  return messageCall(() => api.put('/recovery_passwords', { token, password }), 'Your password has been changed.');
}

/** POST /jwt_api/users/resend_confirmation_email */
export function resendConfirmation(api: AxiosInstance, email: string): Promise<MessageOutcome> {
  return messageCall(
    () => api.post('/users/resend_confirmation_email', { email: email.trim() }),
    'We sent the confirmation email again.',
  );
}

/** PUT /jwt_api/users/confirm_email: completes the registration with the confirmation link's token. */
export function confirmEmail(api: AxiosInstance, token: string): Promise<MessageOutcome> {
  return messageCall(() => api.put('/users/confirm_email', { token }), 'Your email address is confirmed.');
}
