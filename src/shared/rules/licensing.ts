/** An amount of money rounded to cents (2 decimals), floating-point error included. */
export function cents(amount: number): number {
  return Math.round((amount + Number.EPSILON) * 100) / 100;
}

/** Licensing fee (spec §5): a price up to 0.99 adds 6; otherwise 20 percent; rounded to 2 decimals. */
export function licensingFee(price: number): number {
  const fee = price <= 0.99 ? 6 : price * 0.2;
  return cents(fee);
}

/** A license's total: its price and the fee. */
export function licenseTotal(price: number): number {
  return cents(price + licensingFee(price));
}

/** Days before its end from which an active license is marked (and the desktop app says so once). */
export const LICENSE_EXPIRY_NOTICE_DAYS = 14;
const DAY_MS = 86_400_000;

/** Whether a license that ends at `expiresAt` is within its notice period at `now` (and not over). */
export function licenseExpiringSoon(expiresAt: string | null, now: Date): boolean {
  if (expiresAt === null) return false;
  const left = Date.parse(expiresAt) - now.getTime();
  return left > 0 && left <= LICENSE_EXPIRY_NOTICE_DAYS * DAY_MS;
}

/** Months a licensing duration of spec §9 lasts. */
export const LICENSE_MONTHS: Readonly<Record<'6 months' | '1 year' | '2 years', number>> = { '6 months': 6, '1 year': 12, '2 years': 24 };

/** When a license paid at `from` for `duration` ends (calendar months, UTC). */
export function licenseEnd(from: Date, duration: keyof typeof LICENSE_MONTHS): Date {
  const end = new Date(from.getTime());
  end.setUTCMonth(end.getUTCMonth() + LICENSE_MONTHS[duration]);
  return end;
}

/** An expired license makes its video unpublishable (the app manager enforces it; issue 14). */
export function licenseBlocksPublishing(status: string): boolean {
  return status === 'expired';
}

/** What decides whether a video may reach the shopper app: who made it, and its licenses with their ends. */
export interface VideoRights {
  /** The brand's own video (uploaded by it, or by a creator of type brand): no license needed. */
  byBrand: boolean;
  licenses: readonly { status: string; expires_at: string | null }[];
  /**
   * False while the video is still being analysed (or its analysis failed): the shopper app would show it without
   * its transcript, products and sentiment. Absent where the caller does not know the stage.
   */
  analysed?: boolean;
}

export const PUBLISH_BLOCKED = {
  expired: "This video's license has expired. Renew it under Licensing before publishing it to the shopper app.",
  unlicensed: "This is a creator's video without an active license. License it under Licensing before publishing it to the shopper app.",
  analysing: 'This video is still being analysed. Publish it to the shopper app once its analysis is complete.',
} as const;

/**
 * Why a video may not be published to the shopper app, or null when it may (issue 17's rights gate): a license that
 * has ended blocks unless another is active; a creator's video needs an active (paid, not yet ended) license.
 */
export function publishingBlock(rights: VideoRights, now: Date): string | null {
  if (rights.analysed === false) return PUBLISH_BLOCKED.analysing;
  const active = rights.licenses.some((l) => l.status === 'paid' && l.expires_at !== null && Date.parse(l.expires_at) > now.getTime());
  if (active) return null;
  const ended = rights.licenses.some((l) => licenseBlocksPublishing(l.status) || (l.status === 'paid' && l.expires_at !== null && Date.parse(l.expires_at) <= now.getTime()));
  if (ended) return PUBLISH_BLOCKED.expired;
  return rights.byBrand ? null : PUBLISH_BLOCKED.unlicensed;
}
