import { DEEP_LINK_SCHEME } from './deepLinks';

/**
 * The invitation link, built for where it is read: the desktop app opens its own scheme, a browser the web host's
 * page (which serves the renderer's /join-brand route), and mail leaves the team server for any device, so it names
 * the team server's public address, which hands the token on to the app. The token is the same in every form.
 */
export type JoinBrandReader =
  | { kind: 'desktop' }
  | { kind: 'web'; origin: string }
  | { kind: 'mail'; publicUrl: string | null };

export const JOIN_BRAND_PATH = 'join-brand';

const withoutSlash = (origin: string) => origin.replace(/\/+$/, '');

export function joinBrandLink(token: string, reader: JoinBrandReader): string {
  // Tokens are base64url (and a redacted one reads `[redacted]`): nothing to escape.
  const query = `${JOIN_BRAND_PATH}?token=${token}`;
  // The renderer routes by the address's fragment (a hash router), so the web host serves one page for every route.
  if (reader.kind === 'web') return `${withoutSlash(reader.origin)}/#/${query}`;
  // A back end without a public address is the desktop app's own: its mail is read in that app.
  if (reader.kind === 'mail' && reader.publicUrl) return `${withoutSlash(reader.publicUrl)}/${query}`;
  return `${DEEP_LINK_SCHEME}://${query}`;
}

/**
 * Mail text with every invitation link, in whichever form it was written, rewritten for the reader: the outbox keeps
 * the mail as sent, and the person reading it in a browser cannot follow the desktop scheme.
 */
export function joinLinksFor(text: string, reader: JoinBrandReader): string {
  return text.replace(/(?:reelscope:\/\/|https?:\/\/\S*?\/(?:#\/)?)join-brand\?token=([A-Za-z0-9_-]+|\[redacted\])/g,
    (_, token: string) => joinBrandLink(token, reader));
}
