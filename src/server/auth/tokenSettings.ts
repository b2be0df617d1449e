/** Fixed parameters of the embedded back end's tokens. */
export const TOKEN_SETTINGS = {
  issuer: 'reelscope-embedded',
  audience: 'reelscope-desktop',
  algorithm: 'HS256',
  accessTtlSeconds: 15 * 60,
  refreshTtlMs: 30 * 24 * 60 * 60 * 1000,
  /**
   * A rotated refresh token presented again this soon after its rotation is the same client retrying (two windows,
   * an answer lost on the way), not a thief: it gets a fresh pair instead of revoking every session of the user.
   */
  refreshReuseGraceMs: 10 * 1000,
  emailConfirmationTtlMs: 24 * 60 * 60 * 1000,
  passwordResetTtlMs: 60 * 60 * 1000,
} as const;
