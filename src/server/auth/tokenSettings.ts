/** Fixed parameters of the embedded back end's tokens. */
export const TOKEN_SETTINGS = {
  issuer: 'reelscope-embedded',
  audience: 'reelscope-desktop',
  algorithm: 'HS256',
  accessTtlSeconds: 15 * 60,
  refreshTtlMs: 30 * 24 * 60 * 60 * 1000,
  passwordResetTtlMs: 60 * 60 * 1000,
} as const;
