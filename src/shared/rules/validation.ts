/** Validation rules of spec §5. */

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;
const ALPHANUMERIC_PATTERN = /^[A-Za-z0-9]+$/;

/** True when the text is a standard email address (local@domain.tld). */
export function isValidEmail(text: string): boolean {
  return EMAIL_PATTERN.test(text.trim());
}

/** True when the text holds only letters and digits (ASCII), and at least one. */
export function isAlphanumeric(text: string): boolean {
  return ALPHANUMERIC_PATTERN.test(text);
}

/** Prepends http:// to a URL that names neither http nor https. */
export function normalizeUrl(url: string): string {
  const trimmed = url.trim();
  if (trimmed === '') return trimmed;
  return /^https?:\/\//i.test(trimmed) ? trimmed : `http://${trimmed}`;
}
