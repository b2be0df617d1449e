/**
 * Addresses that read as another one: a trailing dot after the domain (`demo@reelscope.app.` is the same host to DNS)
 * or letters of another script drawn like Latin ones (Cyrillic `е` in `dеmo@…`). A sign-up must not create such an
 * address next to the account it imitates: a teammate would take mail from it for the real person's.
 */

/** Letters of Cyrillic and Greek drawn like a Latin letter (lower case; the address is folded first). */
const CONFUSABLES: Readonly<Record<string, string>> = {
  'а': 'a', 'в': 'b', 'с': 'c', 'ԁ': 'd', 'е': 'e', 'ё': 'e', 'һ': 'h', 'і': 'i', 'ї': 'i', 'ј': 'j', 'к': 'k', 'ӏ': 'l',
  'м': 'm', 'н': 'h', 'о': 'o', 'р': 'p', 'ԛ': 'q', 'ѕ': 's', 'т': 't', 'ս': 'u', 'ѵ': 'v', 'ԝ': 'w', 'х': 'x', 'у': 'y',
  'α': 'a', 'β': 'b', 'ε': 'e', 'η': 'n', 'ι': 'i', 'κ': 'k', 'ν': 'v', 'ο': 'o', 'ρ': 'p', 'τ': 't', 'υ': 'u', 'χ': 'x',
  'ı': 'i', 'ɡ': 'g', 'ℓ': 'l',
};

/**
 * The plain form an address is read as: compatibility forms folded (full-width letters, ligatures), look-alike letters
 * replaced by the Latin letter they imitate, marks that render on top of a letter dropped, case folded, and the dots
 * after the domain gone.
 */
function addressSkeleton(address: string): string {
  const folded = address.trim().normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();
  return [...folded].map((char) => CONFUSABLES[char] ?? char).join('').replace(/\.+$/, '');
}

/**
 * The existing address `address` imitates, to be looked up, or null when it imitates none (it already is its own plain
 * form, up to case, which the sign-in folds anyway).
 */
export function imitatedAddress(address: string): string | null {
  const skeleton = addressSkeleton(address);
  return skeleton === address.trim().toLowerCase() ? null : skeleton;
}
