/** Words that ask to compare two things ("Glow Serum vs Night Repair Oil", "us against Dewbloom"), in the answer languages. */
const COMPARE = /\bvs\.?\b|\bversus\b|\bagainst\b|\bcompar|\bcontra\b|\bfrente a\b|\bcontre\b|\bgegen\b|\bvergleich|比較|比べ|対|مقابل|مقارنة|ضد|बनाम|तुलना/iu;
/** The brand itself, as a question says it ("us", "nosotros", "wir", "私たち"). */
const US = /\b(us|we|our|ourselves|nosotros|nous|wir|uns)\b|私たち|弊社|自社|نحن|हम/iu;

export const asksToCompare = (question: string): boolean => COMPARE.test(question);
export const namesUs = (question: string): boolean => US.test(question);
