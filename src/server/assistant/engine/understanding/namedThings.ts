import type { Platform } from '../../../../shared/constants';
import { foldText } from './lexicon';

/** What a question can name: the brand's products, its competitors, the creators of its videos. */
export interface Names {
  products: readonly { id: string; name: string }[];
  competitors: readonly { id: string; name: string }[];
  /** Creator codes of the columns (as the list index keeps them) and their names, ASCII-folded. */
  creators: readonly { code: number; folded: string }[];
  /** The brand's own name, left out of product names when matching ("Lumina Glow Serum" is asked as "Glow Serum"). */
  brandName: string;
}

/** The things a question names, each at the place it names it (the order decides "A vs B"). */
export interface Named {
  products: { id: string; name: string; at: number }[];
  competitor: { id: string; name: string } | null;
  creator: { code: number; folded: string } | null;
  platform: Platform | null;
  language: string | null;
}

const PLATFORM_WORDS: readonly [Platform, RegExp][] = [
  ['Tiktok', /tik\s?tok|ティックトック|تيك توك|टिकटॉक/iu], ['Youtube', /you\s?tube|ユーチューブ|يوتيوب|यूट्यूब/iu], ['Instagram', /instagram|\binsta\b|インスタ|إنستغرام|इंस्टाग्राम/iu],
  ['Dropbox', /dropbox/iu], ['GoogleDrive', /google\s?drive/iu],
];

/** Language names in each answer language, to the code the videos carry. */
const LANGUAGE_WORDS: readonly [string, RegExp][] = [
  ['ar', /\barabic\b|[áa]rabe|arabisch|アラビア語|العربية|अरबी/iu], ['en', /\benglish\b|ingl[ée]s|anglais|englisch|英語|الإنجليزية|अंग्रेज़ी|अंग्रेजी/iu],
  ['es', /\bspanish\b|espa[ñn]ol|espagnol|spanisch|スペイン語|الإسبانية|स्पेनिश/iu], ['fr', /\bfrench\b|franc[ée]s|fran[çc]ais|franz[öo]sisch|フランス語|الفرنسية|फ़्रेंच|फ्रेंच/iu],
  ['de', /\bgerman\b|alem[áa]n|allemand|\bdeutsch\b|ドイツ語|الألمانية|जर्मन/iu], ['ja', /\bjapanese\b|japon[ée]s|japonais|japanisch|日本語|اليابانية|जापानी/iu],
  ['hi', /\bhindi\b|hindi|ヒンディー語|الهندية|हिंदी|हिन्दी/iu],
];

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** Where a name appears in the question as whole words (case and accents folded), or -1. */
function placeOf(question: string, name: string): number {
  // Bounded by what is not a Latin letter or digit: Japanese writes particles straight after a name ("Glow Serumと").
  const found = question.match(new RegExp(`(^|[^\\p{Script=Latin}\\p{N}])${escaped(foldText(name))}(?![\\p{Script=Latin}\\p{N}])`, 'u'));
  return found ? (found.index ?? 0) + (found[1]?.length ?? 0) : -1;
}

/** The short name of a product: without its brand's name ("Glow Serum"), unless that leaves nothing. */
const shortName = (name: string, brand: string) => (name.startsWith(`${brand.split(' ')[0] ?? ''} `) ? name.slice((brand.split(' ')[0] ?? '').length + 1) : name);

export function namedThings(question: string, names: Names): Named {
  const text = foldText(question);
  const ascii = text.normalize('NFKD').replace(/[^\x20-\x7e]/g, ' ');
  const products = names.products.flatMap((product) => {
    const at = Math.max(placeOf(text, product.name), placeOf(text, shortName(product.name, names.brandName)));
    return at === -1 ? [] : [{ ...product, at }];
  }).sort((a, b) => a.at - b.at);
  const competitor = names.competitors.find((rival) => placeOf(text, rival.name) !== -1 || placeOf(text, rival.name.split(/[\s&]/)[0] ?? rival.name) !== -1) ?? null;
  // A substring test first: the whole-word test compiles a pattern, and a workspace has thousands of creators.
  const creatorFound = names.creators.find((creator) => creator.folded.includes(' ') && ascii.includes(creator.folded) && placeOf(ascii, creator.folded) !== -1);
  const platform = PLATFORM_WORDS.find(([, pattern]) => pattern.test(question))?.[0] ?? null;
  const language = LANGUAGE_WORDS.find(([, pattern]) => pattern.test(question))?.[0] ?? null;
  return {
    products, competitor, platform, language,
    creator: creatorFound ?? null,
  };
}
