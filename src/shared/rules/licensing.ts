/** Licensing fee (spec §5): a price up to 0.99 adds 6; otherwise 20 percent; rounded to 2 decimals. */
export function licensingFee(price: number): number {
  const fee = price <= 0.99 ? 6 : price * 0.2;
  return Math.round((fee + Number.EPSILON) * 100) / 100;
}
