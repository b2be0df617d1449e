/**
 * The assistant's held-out question set (issue 30), written before the engine was tuned: questions a brand manager of
 * the demo workspace (Lumina Skincare) would ask, in English, Spanish, French, German and Japanese (a few in Arabic
 * and Hindi), each with what its answer must get right. The expected figures are not here: heldOutExpected.ts works
 * them out by SQL over the seeded database, apart from the engine. The clock is the workspace's: Sunday
 * 22 Nov 2026, 10:00 UTC.
 */
export type Lang = 'en' | 'es' | 'fr' | 'de' | 'ja' | 'ar' | 'hi';

/** A window as the answer must name it: first and last instants (ISO), start null for "all dates". */
export interface Window { start: string | null; end: string }

const NOW = '2026-11-22T10:00:00.000Z';
const day = (from: string, to: string | null): Window => ({ start: `${from}T00:00:00.000Z`, end: to === null ? NOW : `${to}T23:59:59.999Z` });
export const ALL: Window = { start: null, end: NOW };
/** One of the app's date ranges (Home's, the list's): from this instant up to now. */
const upToNow = (from: string): Window => ({ start: from, end: NOW });

/**
 * The time expressions asked, each per language, with the window it means on 22 Nov 2026. "Last week", "last month"
 * and "last year" are the app's date ranges (the last 7 days, month and 12 months up to now), as Home and the list read them.
 */
export const WHEN = {
  lastMonth: { window: upToNow('2026-10-22T10:00:00.000Z'), en: 'last month', es: 'el mes pasado', fr: 'le mois dernier', de: 'letzten Monat', ja: '先月', ar: 'الشهر الماضي', hi: 'पिछले महीने' },
  thisWeek: { window: day('2026-11-16', null), en: 'this week', es: 'esta semana', fr: 'cette semaine', de: 'diese Woche', ja: '今週' },
  yesterday: { window: day('2026-11-21', '2026-11-21'), en: 'yesterday', es: 'ayer', fr: 'hier', de: 'gestern', ja: '昨日' },
  sinceMarch: { window: day('2026-03-01', null), en: 'since March', es: 'desde marzo', fr: 'depuis mars', de: 'seit März', ja: '3月以降' },
  q3: { window: day('2026-07-01', '2026-09-30'), en: 'in Q3', es: 'en el tercer trimestre', fr: 'au troisième trimestre', de: 'im dritten Quartal', ja: '第3四半期' },
  lastWeek: { window: upToNow('2026-11-15T10:00:00.000Z'), en: 'last week', es: 'la semana pasada', fr: 'la semaine dernière', de: 'letzte Woche', ja: '先週' },
  thisMonth: { window: day('2026-11-01', null), en: 'this month', es: 'este mes', fr: 'ce mois-ci', de: 'diesen Monat', ja: '今月' },
  lastYear: { window: upToNow('2025-11-22T10:00:00.000Z'), en: 'last year', es: 'el año pasado', fr: "l'année dernière", de: 'letztes Jahr', ja: '去年' },
} as const;
type When = keyof typeof WHEN;

/** What an answer must get right, checked by SQL (heldOutExpected.ts). */
export type Expect =
  | { kind: 'count'; window: Window; platform?: string; creator?: string; language?: string }
  | { kind: 'superlative'; window: Window; measure: 'negative' | 'positive' | 'mentions'; direction: 'most' | 'least' }
  | { kind: 'topCreator'; window: Window }
  | { kind: 'compare'; window: Window; products: [string, string] }
  | { kind: 'competitor'; window: Window; rival: string }
  | { kind: 'share'; window: Window; platform: string }
  | { kind: 'yesno'; window: Window; product: string; forms: string[] }
  | { kind: 'lines'; window: Window; forms: string[] }
  /** How many of the window's videos had their speech analysed and how many not (both stated, never the whole count alone). */
  | { kind: 'coverage'; window: Window }
  /** The overall sentiment over the analysed videos only, saying how many were left out as not analysed. */
  | { kind: 'sentimentBase'; window: Window };

export interface HeldOutCase { lang: Lang; question: string; expect: Expect }

const LANGS5 = ['en', 'es', 'fr', 'de', 'ja'] as const;
type Five = (typeof LANGS5)[number];
type Phrase = Record<Five, (t: string) => string>;
const cases: HeldOutCase[] = [];
const each = (phrase: Phrase, t: (lang: Five) => string, expect: Expect) => {
  for (const lang of LANGS5) cases.push({ lang, question: phrase[lang](t(lang)).replace(/\s+([?？])/u, (_, mark: string) => (lang === 'fr' ? ` ${mark}` : mark)).replace(/\s{2,}/g, ' ').trim(), expect });
};
const when = (key: When) => (lang: Five) => WHEN[key][lang];
const none = () => '';

// Counts over a window named in words.
const HOW_MANY: Phrase = {
  en: (t) => `How many videos did we get ${t}?`, es: (t) => `¿Cuántos vídeos tuvimos ${t}?`, fr: (t) => `Combien de vidéos avons-nous eu ${t} ?`,
  de: (t) => `Wie viele Videos hatten wir ${t}?`, ja: (t) => `${t}の動画は何本ですか？`,
};
for (const key of Object.keys(WHEN) as When[]) each(HOW_MANY, when(key), { kind: 'count', window: WHEN[key].window });
cases.push({ lang: 'ar', question: 'كم عدد الفيديوهات الشهر الماضي؟', expect: { kind: 'count', window: WHEN.lastMonth.window } });
cases.push({ lang: 'hi', question: 'पिछले महीने कितने वीडियो आए?', expect: { kind: 'count', window: WHEN.lastMonth.window } });

// Counts narrowed to a platform named in words.
const PLATFORM_COUNT = (p: string): Phrase => ({
  en: (t) => `How many ${p} videos do we have ${t}?`, es: (t) => `¿Cuántos vídeos de ${p} tenemos ${t}?`, fr: (t) => `Combien de vidéos ${p} avons-nous ${t} ?`,
  de: (t) => `Wie viele ${p}-Videos haben wir ${t}?`, ja: (t) => `${t}${t ? 'の' : ''}${p}の動画は何本？`,
});
each(PLATFORM_COUNT('TikTok'), when('sinceMarch'), { kind: 'count', window: WHEN.sinceMarch.window, platform: 'Tiktok' });
each(PLATFORM_COUNT('YouTube'), when('lastYear'), { kind: 'count', window: WHEN.lastYear.window, platform: 'Youtube' });
each(PLATFORM_COUNT('Instagram'), none, { kind: 'count', window: ALL, platform: 'Instagram' });

// Superlatives and direction over the products.
each({
  en: (t) => `Which products get the most negative comments ${t}?`, es: (t) => `¿Qué productos reciben los comentarios más negativos ${t}?`,
  fr: (t) => `Quels produits reçoivent les commentaires les plus négatifs ${t} ?`, de: (t) => `Welche Produkte bekommen ${t} die negativsten Kommentare?`,
  ja: (t) => `${t}一番ネガティブなコメントが多い製品は？`,
}, none, { kind: 'superlative', window: ALL, measure: 'negative', direction: 'most' });
each({
  en: (t) => `Which product got the worst reactions ${t}?`, es: (t) => `¿Qué producto tuvo las peores reacciones ${t}?`,
  fr: (t) => `Quel produit a eu les pires réactions ${t} ?`, de: (t) => `Welches Produkt hatte ${t} die schlechtesten Reaktionen?`,
  ja: (t) => `${t}最も評判が悪かった製品は？`,
}, when('sinceMarch'), { kind: 'superlative', window: WHEN.sinceMarch.window, measure: 'negative', direction: 'most' });
each({
  en: () => 'Which product is mentioned least?', es: () => '¿Qué producto se menciona menos?', fr: () => 'Quel produit est le moins mentionné ?',
  de: () => 'Welches Produkt wird am wenigsten erwähnt?', ja: () => '最も言及が少ない製品は？',
}, none, { kind: 'superlative', window: ALL, measure: 'mentions', direction: 'least' });
each({
  en: (t) => `Which product was mentioned most ${t}?`, es: (t) => `¿Qué producto se mencionó más ${t}?`, fr: (t) => `Quel produit a été le plus mentionné ${t} ?`,
  de: (t) => `Welches Produkt wurde ${t} am häufigsten erwähnt?`, ja: (t) => `${t}最も多く言及された製品は？`,
}, when('lastYear'), { kind: 'superlative', window: WHEN.lastYear.window, measure: 'mentions', direction: 'most' });
each({
  en: () => 'Which product has the most positive reviews?', es: () => '¿Qué producto tiene las opiniones más positivas?', fr: () => 'Quel produit a les avis les plus positifs ?',
  de: () => 'Welches Produkt hat die positivsten Bewertungen?', ja: () => '最もポジティブな評価の製品は？',
}, none, { kind: 'superlative', window: ALL, measure: 'positive', direction: 'most' });

// The best performing creator: most views.
const BEST_CREATOR: Phrase = {
  en: (t) => `Who was our best performing creator ${t}?`, es: (t) => `¿Quién fue nuestro creador con mejor rendimiento ${t}?`,
  fr: (t) => `Quel créateur a le mieux performé ${t} ?`, de: (t) => `Welcher Creator hat ${t} am besten abgeschnitten?`, ja: (t) => `${t}一番パフォーマンスが良かったクリエイターは？`,
};
each(BEST_CREATOR, when('sinceMarch'), { kind: 'topCreator', window: WHEN.sinceMarch.window });
each(BEST_CREATOR, none, { kind: 'topCreator', window: ALL });

// Comparisons of two products.
each({
  en: () => 'Glow Serum vs Night Repair Oil', es: () => 'Compara Glow Serum con Night Repair Oil', fr: () => 'Glow Serum contre Night Repair Oil',
  de: () => 'Glow Serum gegen Night Repair Oil', ja: () => 'Glow SerumとNight Repair Oilの比較',
}, none, { kind: 'compare', window: ALL, products: ['Lumina Glow Serum', 'Lumina Night Repair Oil'] });
each({
  en: (t) => `Compare Hydra Cream and Clay Detox Mask ${t}`, es: (t) => `Hydra Cream frente a Clay Detox Mask ${t}`, fr: (t) => `Comparer Hydra Cream et Clay Detox Mask ${t}`,
  de: (t) => `Vergleiche Hydra Cream und Clay Detox Mask ${t}`, ja: (t) => `${t}のHydra CreamとClay Detox Maskを比べて`,
}, when('sinceMarch'), { kind: 'compare', window: WHEN.sinceMarch.window, products: ['Lumina Hydra Cream', 'Lumina Clay Detox Mask'] });

// The brand against a competitor named in words.
each({
  en: () => 'us against Dewbloom', es: () => 'nosotros contra Dewbloom', fr: () => 'nous contre Dewbloom', de: () => 'wir gegen Dewbloom', ja: () => '私たちとDewbloomの比較',
}, none, { kind: 'competitor', window: ALL, rival: 'Dewbloom Beauty' });
each({
  en: (t) => `How do we compare with Verra Labs ${t}?`, es: (t) => `¿Cómo nos comparamos con Verra Labs ${t}?`, fr: (t) => `Comment nous comparons-nous à Verra Labs ${t} ?`,
  de: (t) => `Wie schneiden wir ${t} gegen Verra Labs ab?`, ja: (t) => `${t}のVerra Labsとの比較は？`,
}, when('lastYear'), { kind: 'competitor', window: WHEN.lastYear.window, rival: 'Verra Labs' });

// Shares.
each({
  en: () => 'What share of our videos are on YouTube?', es: () => '¿Qué porcentaje de nuestros vídeos está en YouTube?', fr: () => 'Quelle part de nos vidéos est sur YouTube ?',
  de: () => 'Welcher Anteil unserer Videos ist auf YouTube?', ja: () => 'YouTubeの動画の割合は？',
}, none, { kind: 'share', window: ALL, platform: 'Youtube' });
each({
  en: (t) => `What percentage of our videos were on TikTok ${t}?`, es: (t) => `¿Qué porcentaje de nuestros vídeos fueron de TikTok ${t}?`,
  fr: (t) => `Quel pourcentage de nos vidéos était sur TikTok ${t} ?`, de: (t) => `Wie viel Prozent unserer Videos waren ${t} auf TikTok?`, ja: (t) => `${t}のTikTokの動画の割合は？`,
}, when('lastYear'), { kind: 'share', window: WHEN.lastYear.window, platform: 'Tiktok' });

// Counts narrowed to a creator, a language.
each({
  en: () => 'How many videos did Omar Tanaka post?', es: () => '¿Cuántos vídeos publicó Omar Tanaka?', fr: () => 'Combien de vidéos Omar Tanaka a-t-il publiées ?',
  de: () => 'Wie viele Videos hat Omar Tanaka gepostet?', ja: () => 'Omar Tanakaの動画は何本？',
}, none, { kind: 'count', window: ALL, creator: 'Omar Tanaka' });
each({
  en: (t) => `How many videos has Maya Costa made ${t}?`, es: (t) => `¿Cuántos vídeos ha hecho Maya Costa ${t}?`, fr: (t) => `Combien de vidéos Maya Costa a-t-elle faites ${t} ?`,
  de: (t) => `Wie viele Videos hat Maya Costa ${t} gemacht?`, ja: (t) => `${t}のMaya Costaの動画は何本？`,
}, when('sinceMarch'), { kind: 'count', window: WHEN.sinceMarch.window, creator: 'Maya Costa' });
each({
  en: () => 'How many of our videos are in Arabic?', es: () => '¿Cuántos de nuestros vídeos están en árabe?', fr: () => 'Combien de nos vidéos sont en arabe ?',
  de: () => 'Wie viele unserer Videos sind auf Arabisch?', ja: () => 'アラビア語の動画は何本？',
}, none, { kind: 'count', window: ALL, language: 'ar' });

// Yes/no questions about an attribute of a product: the forms a line says it with, in any language.
const STICKY = ['sticky', 'tacky', 'pegajos', 'collant', 'klebrig', 'べたつ', 'べたべた'];
const WHITE_CAST = ['white cast', 'residuo blanco', 'traces blanches', 'weißen film', '白浮き'];
const STING = ['sting', 'stung', 'pica', 'picot', 'brennt', 'しみ'];
each({
  en: () => 'Does the Glow Serum feel sticky?', es: () => '¿El Glow Serum es pegajoso?', fr: () => 'Le Glow Serum est-il collant ?',
  de: () => 'Ist das Glow Serum klebrig?', ja: () => 'Glow Serumはべたつきますか？',
}, none, { kind: 'yesno', window: ALL, product: 'Lumina Glow Serum', forms: STICKY });
each({
  en: () => 'Does the Glow Serum leave a white cast?', es: () => '¿El Glow Serum deja residuo blanco?', fr: () => 'Le Glow Serum laisse-t-il des traces blanches ?',
  de: () => 'Hinterlässt das Glow Serum einen weißen Film?', ja: () => 'Glow Serumは白浮きしますか？',
}, none, { kind: 'yesno', window: ALL, product: 'Lumina Glow Serum', forms: WHITE_CAST });
each({
  en: () => 'Does the Night Repair Oil sting?', es: () => '¿El Night Repair Oil pica?', fr: () => 'Est-ce que le Night Repair Oil picote ?',
  de: () => 'Brennt das Night Repair Oil?', ja: () => 'Night Repair Oilはしみますか？',
}, none, { kind: 'yesno', window: ALL, product: 'Lumina Night Repair Oil', forms: STING });

// What is said about a subject, in whatever language the lines are in.
const PRICE = ['price', 'cost', '$', 'precio', 'prix', 'preis', '価格', '値段', 'سعر', 'कीमत', 'दाम'];
const TEXTURE = ['texture', 'textura', 'textur', 'テクスチャ', '質感', 'قوام', 'बनावट', 'टेक्सचर'];
const SMELL = ['scent', 'smell', 'fragrance', 'olor', 'aroma', 'parfum', 'odeur', 'duft', 'geruch', '香り', 'رائحة', 'खुशबू'];
const PACKAGING = ['packaging', 'envase', 'empaque', 'emballage', 'verpackung', 'パッケージ', 'تغليف', 'पैकेजिंग'];
each({
  en: () => 'What do people say about the price?', es: () => '¿Qué opinan del precio?', fr: () => 'Que disent-ils du prix ?',
  de: () => 'Was sagen die Leute zum Preis?', ja: () => '価格についてどう言われていますか？',
}, none, { kind: 'lines', window: ALL, forms: PRICE });
cases.push({ lang: 'ar', question: 'ماذا يقولون عن السعر؟', expect: { kind: 'lines', window: ALL, forms: PRICE } });
cases.push({ lang: 'hi', question: 'कीमत के बारे में लोग क्या कहते हैं?', expect: { kind: 'lines', window: ALL, forms: PRICE } });
each({
  en: () => 'What do they think of the texture?', es: () => '¿Qué opinan de la textura?', fr: () => 'Que pensent-ils de la texture ?',
  de: () => 'Wie finden sie die Textur?', ja: () => 'テクスチャーについての意見は？',
}, none, { kind: 'lines', window: ALL, forms: TEXTURE });
each({
  en: () => 'What do people say about the scent?', es: () => '¿Qué dicen del olor?', fr: () => "Que disent-ils de l'odeur ?",
  de: () => 'Was sagen sie über den Duft?', ja: () => '香りについてどう言っていますか？',
}, none, { kind: 'lines', window: ALL, forms: SMELL });
each({
  en: () => 'What about the packaging?', es: () => '¿Qué tal el envase?', fr: () => "Et l'emballage ?", de: () => 'Was ist mit der Verpackung?', ja: () => 'パッケージはどうですか？',
}, none, { kind: 'lines', window: ALL, forms: PACKAGING });

// A summary of a window: every quoted line from a video of that window.
each({
  en: (t) => `Summarise what creators said ${t}`, es: (t) => `Resume lo que dijeron los creadores ${t}`, fr: (t) => `Résume ce que les créateurs ont dit ${t}`,
  de: (t) => `Fasse zusammen, was die Creator ${t} gesagt haben`, ja: (t) => `${t}クリエイターが言ったことをまとめて`,
}, when('lastMonth'), { kind: 'lines', window: WHEN.lastMonth.window, forms: [] });

// What has been analysed: a video not analysed yet is no finding, so its parts are counted apart (issue 40).
const ANALYSED: Phrase = {
  en: (t) => `How many videos have been analysed ${t}?`, es: (t) => `¿Cuántos vídeos están analizados ${t}?`, fr: (t) => `Combien de vidéos ont été analysées ${t} ?`,
  de: (t) => `Wie viele Videos wurden ${t} analysiert?`, ja: (t) => `${t}の動画のうち分析されたのは何本ですか？`,
};
each(ANALYSED, when('thisWeek'), { kind: 'coverage', window: WHEN.thisWeek.window });
each({
  en: () => 'How many of our videos were not analysed?', es: () => '¿Cuántos de nuestros vídeos están sin analizar?', fr: () => 'Combien de nos vidéos ne sont pas analysées ?',
  de: () => 'Wie viele unserer Videos sind nicht analysiert?', ja: () => '未分析の動画は何本ありますか？',
}, none, { kind: 'coverage', window: ALL });
cases.push({ lang: 'ar', question: 'كم عدد الفيديوهات التي تم تحليلها هذا الأسبوع؟', expect: { kind: 'coverage', window: WHEN.thisWeek.window } });
cases.push({ lang: 'hi', question: 'इस हफ्ते कितने वीडियो का विश्लेषण हुआ?', expect: { kind: 'coverage', window: WHEN.thisWeek.window } });
// The sentiment of a window holding videos still in analysis: over the analysed ones, saying how many were left out.
each({
  en: (t) => `What is the overall sentiment ${t}?`, es: (t) => `¿Cuál es el sentimiento general ${t}?`, fr: (t) => `Quel est le sentiment général ${t} ?`,
  de: (t) => `Wie ist die Stimmung ${t}?`, ja: (t) => `${t}の全体的な感情は？`,
}, when('thisWeek'), { kind: 'sentimentBase', window: WHEN.thisWeek.window });

export const HELD_OUT: readonly HeldOutCase[] = cases;
