/**
 * The domain's terms in the seven languages the workspace's transcripts speak, so a question in one language finds
 * lines said in another ("precio" finds "price", "Preis", "値段"…). Each concept lists the forms searched in the lines
 * (substrings, compared case- and accent-folded), in every language; a question word that starts with one of them
 * (or, for scripts without spaces, contains one) names the concept. Attributes are what a yes/no question asks
 * about ("does it feel sticky?"); `near` names the concept whose lines are the closest things said when none says it.
 */
export interface Concept { name: string; forms: readonly string[]; attribute?: true; near?: string }

export const CONCEPTS: readonly Concept[] = [
  { name: 'price', forms: ['price', 'precio', 'prix', 'preis', 'teuer', 'günstig', '価格', '値段', 'سعر', 'كلفة', 'कीमत', 'दाम'] },
  { name: 'texture', forms: ['texture', 'textura', 'textur', 'テクスチャ', '質感', 'قوام', 'ملمس', 'बनावट', 'टेक्सचर'] },
  { name: 'smell', forms: ['scent', 'smell', 'fragrance', 'perfume', 'olor', 'aroma', 'fragancia', 'odeur', 'parfum', 'senteur', 'duft', 'geruch', 'riecht', '香り', '匂い', 'におい', 'رائحة', 'عطر', 'खुशबू', 'गंध', 'महक'] },
  { name: 'packaging', forms: ['packaging', 'envase', 'empaque', 'embalaje', 'emballage', 'verpackung', 'パッケージ', '容器', 'تغليف', 'عبوة', 'पैकेजिंग'] },
  { name: 'results', forms: ['result', 'difference', 'brighter', 'resultado', 'diferencia', 'résultat', 'différence', 'ergebnis', 'unterschied', '効果', '結果', 'نتيجة', 'نتائج', 'परिणाम', 'नतीजे'] },
  { name: 'bottle', forms: ['bottle', 'dropper', 'pump', 'botella', 'frasco', 'gotero', 'flacon', 'pipette', 'flasche', 'pipette', 'pumpe', 'ボトル', 'スポイト', 'زجاجة', 'बोतल'] },
  { name: 'ingredients', forms: ['ingredient', 'ingrediente', 'ingrédient', 'inhaltsstoff', 'zutat', '成分', 'مكونات', 'सामग्री'] },
  { name: 'routine', forms: ['routine', 'rutina', 'routine', 'ルーティン', 'روتين', 'रूटीन'] },
  { name: 'sticky', attribute: true, near: 'texture', forms: ['sticky', 'tacky', 'pegajos', 'collant', 'klebrig', 'klebt', 'べたつ', 'べたべた', 'لزج', 'चिपचिप'] },
  { name: 'greasy', attribute: true, near: 'texture', forms: ['greasy', 'oily', 'grasos', 'grasient', 'fettig', 'ölig', '油っぽ', 'دهني', 'चिकना'] },
  { name: 'whiteCast', attribute: true, near: 'texture', forms: ['white cast', 'residuo blanco', 'marca blanca', 'traces blanches', 'trace blanche', 'weißen film', 'weißer film', 'weißen schleier', '白浮き', 'أثر أبيض', 'सफेद परत'] },
  { name: 'sting', attribute: true, near: 'texture', forms: ['sting', 'stung', 'burns', 'pica', 'pican', 'picor', 'escuece', 'picote', 'brûle', 'brennt', 'brennen', 'しみる', 'しみた', 'しみます', 'ヒリヒリ', 'يلسع', 'जलन'] },
  { name: 'breakout', attribute: true, near: 'results', forms: ['broke out', 'breakout', 'break out', 'granos', 'brotes', 'boutons', 'pickel', 'ニキビ', 'حبوب', 'मुंहासे'] },
  { name: 'strongScent', attribute: true, near: 'smell', forms: ['too strong', 'demasiado fuerte', 'trop fort', 'zu stark', '強すぎ', 'قوية جدا', 'बहुत तेज'] },
  { name: 'pilling', attribute: true, near: 'texture', forms: ['pilled', 'pilling', 'bolitas', 'bouloche', 'krümel', 'ヨレ', 'تكتل'] },
];

const conceptsByName: Readonly<Record<string, Concept>> = Object.fromEntries(CONCEPTS.map((concept) => [concept.name, concept]));
export const conceptNamed = (name: string): Concept | undefined => conceptsByName[name];

/** Case and Latin diacritics folded, as the transcript search compares. */
// Composed again after: NFD splits Arabic hamza and Japanese dakuten too, which the transcript index keeps whole.
export const foldText = (text: string): string => text.normalize('NFD').replace(/(\p{Script=Latin})\p{M}+/gu, '$1').normalize('NFC').toLocaleLowerCase();

/** Each concept's forms as tested in a question: Latin forms where a word starts ("precio" in "precios", not in "aprecio"). */
const QUESTION_TESTS = CONCEPTS.map((concept) => ({
  concept,
  tests: concept.forms.map((form) => {
    const folded = foldText(form);
    return { folded, pattern: /\p{Script=Latin}/u.test(folded) ? new RegExp(`(^|[^\\p{L}])${folded.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`, 'u') : null };
  }),
}));

/** The concepts a question names, in the order it names them. */
export function conceptsIn(question: string): Concept[] {
  const text = foldText(question);
  const found: { concept: Concept; at: number }[] = [];
  for (const { concept, tests } of QUESTION_TESTS) {
    let first = -1;
    for (const { folded, pattern } of tests) {
      const at = pattern ? (text.match(pattern)?.index ?? -1) : text.indexOf(folded);
      if (at !== -1 && (first === -1 || at < first)) first = at;
    }
    if (first !== -1) found.push({ concept, at: first });
  }
  return found.sort((a, b) => a.at - b.at).map(({ concept }) => concept);
}
