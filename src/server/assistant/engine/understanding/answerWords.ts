import type { AnswerLanguage } from './questionLanguage';

/**
 * The words of an answer in each answer language (Arabic is written right to left: the renderer shows an answer in a
 * <bdi>, which takes its direction from the text). Figures use Latin digits and the separators of `locale`.
 */
export interface AnswerWords {
  locale: string;
  between: (first: string, last: string) => string;
  upTo: (to: string) => string;
  /** The reading's lead: the window, what narrows it, and how many videos that leaves. */
  lead: (when: string, narrowed: string, videos: string) => string;
  videos: (n: string, one: boolean) => string;
  on: (platform: string) => string;
  by: (creator: string) => string;
  inLanguage: (language: string) => string;
  counted: (videos: string, what: string) => string;
  share: (percent: string, part: string, whole: string) => string;
  ranking: { negative: string; positive: string; mentions: string; views: string; growth: string; least: string };
  /** Headings of a ranking of videos: by views, by the share of positive or of negative lines. */
  videoRanking: { views: string; positive: string; negative: string };
  /** A figure Reelscope has no data for (sales, revenue, stock): said so, with what it does know. */
  notKnown: (what: string) => string;
  /** The words of notKnown's "what": sales. */
  sales: string;
  mentionedIn: (videos: string) => string;
  positive: string;
  negative: string;
  views: string;
  change: (now: string, before: string) => string;
  yes: (videos: string, subject: string) => string;
  no: (subject: string) => string;
  closest: string;
  mentioning: (product: string) => string;
  creatorsWhoSaid: string;
  inTheirWords: string;
  clearest: string;
  noneSays: (words: string) => string;
  saying: (videos: string, word: string) => string;
  noVideos: (when: string) => string;
  /** The parts of the analysis by name, one analysis row ("speech: 95 analysed, 25 not analysed") and what follows from it. */
  analysedParts: { speech: string; visual_content: string; demographics: string; sponsored: string };
  analysedRow: (part: string, read: string, missing: string) => string;
  analysedNote: string;
  summary: (positive: string, negative: string) => string;
  notUnderstood: (part: string, examples: readonly string[]) => string;
  fallback: (language: string) => string;
  language: string;
}

const EN: AnswerWords = {
  videoRanking: { views: 'The most viewed videos', positive: 'The videos whose lines are most positive', negative: 'The videos whose lines are most negative' }, sales: 'sales', notKnown: (what) => `Reelscope does not know ${what}: it reads your videos, their views, likes, comments and what is said in them, not orders or stock.`,
  locale: 'en-GB', between: (a, b) => `between ${a} and ${b}`, upTo: (b) => `up to ${b}`,
  lead: (when, narrowed, videos) => `${when}${narrowed}, you have ${videos}.`, videos: (n, one) => `${n} ${one ? 'video' : 'videos'}`,
  on: (p) => `on ${p}`, by: (c) => `by ${c}`, inLanguage: (l) => `in ${l}`,
  counted: (videos, what) => `${videos} ${what}.`, share: (p, part, whole) => `${p} of them (${part} of ${whole}).`,
  ranking: { negative: 'The products people are most negative about', positive: 'The products people are most positive about', mentions: 'The most mentioned products', views: 'The creators whose videos drew the most views', growth: 'The products whose mentions grew most against the previous period', least: 'least first' },
  mentionedIn: (v) => `mentioned in ${v}`, positive: 'positive', negative: 'negative', views: 'views', change: (now, before) => `${now} now against ${before} before`,
  yes: (v, s) => `Yes: ${v} about the ${s} say so.`, no: (s) => `No video says so about the ${s}.`, creatorsWhoSaid: 'The creators whose lines say it', mentioning: (p) => `mentioning the ${p}`, closest: 'The closest things said', inTheirWords: 'In their words',
  clearest: 'The clearest moments', noneSays: (w) => `None of them says ${w}. Try other words or a wider window.`, saying: (v, w) => `${v} say “${w}”`,
  noVideos: (when) => `You have no videos ${when}. Pick a wider window, such as all dates.`,
  analysedParts: { speech: 'Speech (transcript, sentiment, foul language, topics)', visual_content: 'Visual content', demographics: 'Audience', sponsored: 'Sponsorship' },
  analysedRow: (part, read, missing) => `${part}: ${read} analysed, ${missing} not analysed`,
  analysedNote: 'A figure about a part counts only the videos where that part was analysed.',
  summary: (p, n) => `Overall ${p} positive and ${n} negative. The clearest positive and negative lines`,
  notUnderstood: (part, ex) => `I could not read “${part}”. Questions I can answer: ${ex.map((e) => `“${e}”`).join(', ')}.`,
  fallback: (l) => `I read questions in English, Spanish, French, German, Japanese, Arabic and Hindi, not ${l}, so this answer is in English.`, language: 'English',
};

const ES: AnswerWords = {
  videoRanking: { views: 'Los vídeos más vistos', positive: 'Los vídeos con frases más positivas', negative: 'Los vídeos con frases más negativas' }, sales: 'las ventas', notKnown: (what) => `Reelscope no conoce ${what}: lee tus vídeos, sus vistas, me gusta, comentarios y lo que se dice en ellos, no pedidos ni existencias.`,
  locale: 'es-ES', between: (a, b) => `entre el ${a} y el ${b}`, upTo: (b) => `hasta el ${b}`,
  lead: (when, narrowed, videos) => `${when}${narrowed}, tienes ${videos}.`, videos: (n, one) => `${n} ${one ? 'vídeo' : 'vídeos'}`,
  on: (p) => `en ${p}`, by: (c) => `de ${c}`, inLanguage: (l) => `en ${l}`,
  counted: (videos, what) => `Son ${videos} ${what}.`, share: (p, part, whole) => `El ${p} de ellos (${part} de ${whole}).`,
  ranking: { negative: 'Los productos con opiniones más negativas', positive: 'Los productos con opiniones más positivas', mentions: 'Los productos más mencionados', views: 'Los creadores cuyos vídeos tuvieron más visualizaciones', growth: 'Los productos cuyas menciones más crecieron', least: 'de menos a más' },
  mentionedIn: (v) => `mencionado en ${v}`, positive: 'positivo', negative: 'negativo', views: 'visualizaciones', change: (now, before) => `${now} ahora frente a ${before} antes`,
  yes: (v, s) => `Sí: ${v} sobre el ${s} lo dicen.`, no: (s) => `Ningún vídeo lo dice sobre el ${s}.`, creatorsWhoSaid: 'Los creadores que lo dicen', mentioning: (p) => `que mencionan ${p}`, closest: 'Lo más parecido que se dijo', inTheirWords: 'En sus palabras',
  clearest: 'Los momentos más claros', noneSays: (w) => `Ninguno de ellos dice ${w}. Prueba otras palabras o un periodo más amplio.`, saying: (v, w) => `${v} dicen «${w}»`,
  noVideos: (when) => `No tienes vídeos ${when}. Elige un periodo más amplio, como todas las fechas.`,
  analysedParts: { speech: 'Habla (transcripción, sentimiento, lenguaje ofensivo, temas)', visual_content: 'Contenido visual', demographics: 'Audiencia', sponsored: 'Patrocinio' },
  analysedRow: (part, read, missing) => `${part}: ${read} analizados, ${missing} sin analizar`,
  analysedNote: 'Una cifra sobre una parte cuenta solo los vídeos en los que esa parte se analizó.',
  summary: (p, n) => `En conjunto, ${p} positivo y ${n} negativo. Las frases positivas y negativas más claras`,
  notUnderstood: (part, ex) => `No pude entender «${part}». Preguntas que puedo responder: ${ex.map((e) => `«${e}»`).join(', ')}.`,
  fallback: () => '', language: 'español',
};

const FR: AnswerWords = {
  videoRanking: { views: 'Les vidéos les plus vues', positive: 'Les vidéos aux phrases les plus positives', negative: 'Les vidéos aux phrases les plus négatives' }, sales: 'les ventes', notKnown: (what) => `Reelscope ne connaît pas ${what} : il lit vos vidéos, leurs vues, j’aime, commentaires et ce qui s’y dit, pas les commandes ni les stocks.`,
  locale: 'fr-FR', between: (a, b) => `entre le ${a} et le ${b}`, upTo: (b) => `jusqu’au ${b}`,
  lead: (when, narrowed, videos) => `${when}${narrowed}, vous avez ${videos}.`, videos: (n, one) => `${n} ${one ? 'vidéo' : 'vidéos'}`,
  on: (p) => `sur ${p}`, by: (c) => `de ${c}`, inLanguage: (l) => `en ${l}`,
  counted: (videos, what) => `Il y a ${videos} ${what}.`, share: (p, part, whole) => `${p} d’entre elles (${part} sur ${whole}).`,
  ranking: { negative: 'Les produits dont on parle le plus négativement', positive: 'Les produits dont on parle le plus positivement', mentions: 'Les produits les plus mentionnés', views: 'Les créateurs dont les vidéos ont eu le plus de vues', growth: 'Les produits dont les mentions ont le plus augmenté', least: 'du moins au plus' },
  mentionedIn: (v) => `mentionné dans ${v}`, positive: 'positif', negative: 'négatif', views: 'vues', change: (now, before) => `${now} maintenant contre ${before} avant`,
  yes: (v, s) => `Oui : ${v} sur le ${s} le disent.`, no: (s) => `Aucune vidéo ne le dit à propos du ${s}.`, creatorsWhoSaid: 'Les créateurs qui le disent', mentioning: (p) => `qui mentionnent ${p}`, closest: 'Ce qui s’en rapproche le plus', inTheirWords: 'Dans leurs mots',
  clearest: 'Les moments les plus clairs', noneSays: (w) => `Aucune ne dit ${w}. Essayez d’autres mots ou une période plus large.`, saying: (v, w) => `${v} disent « ${w} »`,
  noVideos: (when) => `Vous n’avez aucune vidéo ${when}. Choisissez une période plus large, comme toutes les dates.`,
  analysedParts: { speech: 'Parole (transcription, sentiment, langage grossier, thèmes)', visual_content: 'Contenu visuel', demographics: 'Audience', sponsored: 'Sponsoring' },
  analysedRow: (part, read, missing) => `${part} : ${read} analysées, ${missing} non analysées`,
  analysedNote: 'Un chiffre sur une partie ne compte que les vidéos où cette partie a été analysée.',
  summary: (p, n) => `Dans l’ensemble, ${p} positif et ${n} négatif. Les phrases positives et négatives les plus claires`,
  notUnderstood: (part, ex) => `Je n'ai pas pu comprendre « ${part} ». Questions auxquelles je peux répondre : ${ex.map((e) => `« ${e} »`).join(', ')}.`,
  fallback: () => '', language: 'français',
};

const DE: AnswerWords = {
  videoRanking: { views: 'Die meistgesehenen Videos', positive: 'Die Videos mit den positivsten Sätzen', negative: 'Die Videos mit den negativsten Sätzen' }, sales: 'die Verkäufe', notKnown: (what) => `Reelscope kennt ${what} nicht: Es liest Ihre Videos, ihre Aufrufe, Likes, Kommentare und was darin gesagt wird, keine Bestellungen oder Lagerbestände.`,
  locale: 'de-DE', between: (a, b) => `zwischen dem ${a} und dem ${b}`, upTo: (b) => `bis zum ${b}`,
  lead: (when, narrowed, videos) => `${when}${narrowed} haben Sie ${videos}.`, videos: (n, one) => `${n} ${one ? 'Video' : 'Videos'}`,
  on: (p) => `auf ${p}`, by: (c) => `von ${c}`, inLanguage: (l) => `auf ${l}`,
  counted: (videos, what) => `Es sind ${videos} ${what}.`, share: (p, part, whole) => `${p} davon (${part} von ${whole}).`,
  ranking: { negative: 'Die Produkte, über die am negativsten gesprochen wird', positive: 'Die Produkte, über die am positivsten gesprochen wird', mentions: 'Die am häufigsten erwähnten Produkte', views: 'Die Creator, deren Videos die meisten Aufrufe hatten', growth: 'Die Produkte, deren Erwähnungen am stärksten gewachsen sind', least: 'die wenigsten zuerst' },
  mentionedIn: (v) => `erwähnt in ${v}`, positive: 'positiv', negative: 'negativ', views: 'Aufrufe', change: (now, before) => `jetzt ${now} gegenüber ${before} davor`,
  yes: (v, s) => `Ja: ${v} über das ${s} sagen das.`, no: (s) => `Kein Video sagt das über das ${s}.`, creatorsWhoSaid: 'Die Creator, die das sagen', mentioning: (p) => `mit ${p}`, closest: 'Was dem am nächsten kommt', inTheirWords: 'In ihren Worten',
  clearest: 'Die deutlichsten Momente', noneSays: (w) => `Keines davon sagt ${w}. Versuchen Sie andere Wörter oder einen längeren Zeitraum.`, saying: (v, w) => `${v} sagen „${w}“`,
  noVideos: (when) => `Sie haben keine Videos ${when}. Wählen Sie einen längeren Zeitraum, etwa alle Daten.`,
  analysedParts: { speech: 'Sprache (Transkript, Stimmung, Schimpfwörter, Themen)', visual_content: 'Bildinhalt', demographics: 'Publikum', sponsored: 'Sponsoring' },
  analysedRow: (part, read, missing) => `${part}: ${read} analysiert, ${missing} nicht analysiert`,
  analysedNote: 'Eine Zahl zu einem Teil zählt nur die Videos, in denen dieser Teil analysiert wurde.',
  summary: (p, n) => `Insgesamt ${p} positiv und ${n} negativ. Die deutlichsten positiven und negativen Sätze`,
  notUnderstood: (part, ex) => `Ich konnte „${part}“ nicht verstehen. Fragen, die ich beantworten kann: ${ex.map((e) => `„${e}“`).join(', ')}.`,
  fallback: () => '', language: 'Deutsch',
};

const JA: AnswerWords = {
  videoRanking: { views: '再生回数が多い動画', positive: 'ポジティブな発言が多い動画', negative: 'ネガティブな発言が多い動画' }, sales: '売上', notKnown: (what) => `Reelscopeは${what}を知りません。動画の再生回数、いいね、コメント、話されている内容を読みますが、注文や在庫は読みません。`,
  locale: 'ja-JP', between: (a, b) => `${a}から${b}まで`, upTo: (b) => `${b}まで`,
  lead: (when, narrowed, videos) => `${when}${narrowed}の動画は${videos}です。`, videos: (n) => `${n}本`,
  on: (p) => `（${p}）`, by: (c) => `（${c}）`, inLanguage: (l) => `（${l}）`,
  counted: (videos, what) => `${what}の動画は${videos}です。`, share: (p, part, whole) => `その割合は${p}です（${whole}本中${part}本）。`,
  ranking: { negative: 'ネガティブな評価が多い製品', positive: 'ポジティブな評価が多い製品', mentions: '言及が多い製品', views: '再生回数が多いクリエイター', growth: '言及が最も伸びた製品', least: '少ない順' },
  mentionedIn: (v) => `${v}の動画で言及`, positive: 'ポジティブ', negative: 'ネガティブ', views: '回再生', change: (now, before) => `現在${now}、前の期間は${before}`,
  yes: (v, s) => `はい：${s}について${v}の動画がそう言っています。`, no: (s) => `${s}についてそう言っている動画はありません。`, creatorsWhoSaid: 'そう言ったクリエイター', mentioning: (p) => `（${p}）`, closest: '最も近い発言', inTheirWords: '実際の発言',
  clearest: '最もはっきりした発言', noneSays: (w) => `${w}と言っている動画はありません。別の言葉か、もっと長い期間で試してください。`, saying: (v, w) => `「${w}」と言っている動画は${v}`,
  noVideos: (when) => `${when}の動画はありません。すべての期間など、もっと長い期間を選んでください。`,
  analysedParts: { speech: '音声（文字起こし・感情・不適切な言葉・トピック）', visual_content: '映像の内容', demographics: '視聴者', sponsored: 'スポンサー' },
  analysedRow: (part, read, missing) => `${part}：分析済み${read}本、未分析${missing}本`,
  analysedNote: '各項目の数値は、その項目が分析された動画だけを数えています。',
  summary: (p, n) => `全体ではポジティブ${p}、ネガティブ${n}です。最もはっきりしたポジティブとネガティブの発言`,
  notUnderstood: (part, ex) => `「${part}」を読み取れませんでした。答えられる質問：${ex.map((e) => `「${e}」`).join('、')}。`,
  fallback: () => '', language: '日本語',
};

const AR: AnswerWords = {
  videoRanking: { views: 'الفيديوهات الأكثر مشاهدة', positive: 'الفيديوهات ذات العبارات الأكثر إيجابية', negative: 'الفيديوهات ذات العبارات الأكثر سلبية' }, sales: 'المبيعات', notKnown: (what) => `لا يعرف Reelscope ${what}: فهو يقرأ فيديوهاتك ومشاهداتها وإعجاباتها وتعليقاتها وما يقال فيها، لا الطلبات ولا المخزون.`,
  locale: 'ar-u-nu-latn', between: (a, b) => `بين ${a} و${b}`, upTo: (b) => `حتى ${b}`,
  lead: (when, narrowed, videos) => `${when}${narrowed}، لديك ${videos}.`, videos: (n) => `${n} فيديو`,
  on: (p) => ` على ${p}`, by: (c) => ` من ${c}`, inLanguage: (l) => ` باللغة ${l}`,
  counted: (videos, what) => `هناك ${videos} ${what}.`, share: (p, part, whole) => `نسبتها ${p} (${part} من ${whole}).`,
  ranking: { negative: 'المنتجات ذات الآراء الأكثر سلبية', positive: 'المنتجات ذات الآراء الأكثر إيجابية', mentions: 'المنتجات الأكثر ذكرًا', views: 'صناع المحتوى الذين حصلت فيديوهاتهم على أكبر عدد من المشاهدات', growth: 'المنتجات التي نما ذكرها أكثر', least: 'من الأقل إلى الأكثر' },
  mentionedIn: (v) => `مذكور في ${v}`, positive: 'إيجابي', negative: 'سلبي', views: 'مشاهدة', change: (now, before) => `${now} الآن مقابل ${before} قبل ذلك`,
  yes: (v, s) => `نعم: ${v} عن ${s} تقول ذلك.`, no: (s) => `لا يوجد فيديو يقول ذلك عن ${s}.`, creatorsWhoSaid: 'صناع المحتوى الذين قالوا ذلك', mentioning: (p) => ` تذكر ${p}`, closest: 'أقرب ما قيل', inTheirWords: 'بكلماتهم',
  clearest: 'أوضح اللحظات', noneSays: (w) => `لا يقول أي منها ${w}. جرّب كلمات أخرى أو فترة أطول.`, saying: (v, w) => `${v} تقول «${w}»`,
  noVideos: (when) => `ليس لديك فيديوهات ${when}. اختر فترة أطول، مثل كل التواريخ.`,
  analysedParts: { speech: 'الكلام (النص والمشاعر والألفاظ النابية والمواضيع)', visual_content: 'المحتوى المرئي', demographics: 'الجمهور', sponsored: 'الرعاية' },
  analysedRow: (part, read, missing) => `${part}: ${read} تم تحليلها، ${missing} لم يتم تحليلها`,
  analysedNote: 'كل رقم عن جزء يعدّ فقط الفيديوهات التي تم تحليل هذا الجزء فيها.',
  summary: (p, n) => `إجمالًا ${p} إيجابي و${n} سلبي. أوضح الجمل الإيجابية والسلبية`,
  notUnderstood: (part, ex) => `لم أستطع فهم «${part}». أسئلة يمكنني الإجابة عنها: ${ex.map((e) => `«${e}»`).join('، ')}.`,
  fallback: () => '', language: 'العربية',
};

const HI: AnswerWords = {
  videoRanking: { views: 'सबसे ज़्यादा देखे गए वीडियो', positive: 'सबसे सकारात्मक बातों वाले वीडियो', negative: 'सबसे नकारात्मक बातों वाले वीडियो' }, sales: 'बिक्री', notKnown: (what) => `Reelscope ${what} नहीं जानता: यह आपके वीडियो, उनके व्यूज़, लाइक, कमेंट और उनमें कही गई बातें पढ़ता है, ऑर्डर या स्टॉक नहीं।`,
  locale: 'hi-IN', between: (a, b) => `${a} से ${b} के बीच`, upTo: (b) => `${b} तक`,
  lead: (when, narrowed, videos) => `${when}${narrowed} आपके पास ${videos} हैं।`, videos: (n) => `${n} वीडियो`,
  on: (p) => ` ${p} पर`, by: (c) => ` ${c} के`, inLanguage: (l) => ` ${l} में`,
  counted: (videos, what) => `${what} ${videos} हैं।`, share: (p, part, whole) => `इनका हिस्सा ${p} है (${whole} में से ${part})।`,
  ranking: { negative: 'सबसे नकारात्मक राय वाले उत्पाद', positive: 'सबसे सकारात्मक राय वाले उत्पाद', mentions: 'सबसे ज़्यादा उल्लेख किए गए उत्पाद', views: 'सबसे ज़्यादा व्यू वाले क्रिएटर', growth: 'जिन उत्पादों के उल्लेख सबसे ज़्यादा बढ़े', least: 'सबसे कम पहले' },
  mentionedIn: (v) => `${v} में उल्लेख`, positive: 'सकारात्मक', negative: 'नकारात्मक', views: 'व्यू', change: (now, before) => `अभी ${now}, पहले ${before}`,
  yes: (v, s) => `हाँ: ${s} के बारे में ${v} यह कहते हैं।`, no: (s) => `${s} के बारे में कोई वीडियो यह नहीं कहता।`, creatorsWhoSaid: 'यह कहने वाले क्रिएटर', mentioning: (p) => ` ${p} वाले`, closest: 'सबसे करीबी बातें', inTheirWords: 'उनके शब्दों में',
  clearest: 'सबसे साफ़ पल', noneSays: (w) => `इनमें से कोई ${w} नहीं कहता। दूसरे शब्द या लंबी अवधि आज़माएँ।`, saying: (v, w) => `${v} “${w}” कहते हैं`,
  noVideos: (when) => `${when} आपके पास कोई वीडियो नहीं है। लंबी अवधि चुनें, जैसे सभी तारीखें।`,
  analysedParts: { speech: 'बोली (ट्रांसक्रिप्ट, भावना, अपशब्द, विषय)', visual_content: 'दृश्य सामग्री', demographics: 'दर्शक', sponsored: 'प्रायोजन' },
  analysedRow: (part, read, missing) => `${part}: ${read} का विश्लेषण हुआ, ${missing} का विश्लेषण नहीं हुआ`,
  analysedNote: 'किसी हिस्से का आँकड़ा केवल उन वीडियो को गिनता है जिनमें उस हिस्से का विश्लेषण हुआ।',
  summary: (p, n) => `कुल मिलाकर ${p} सकारात्मक और ${n} नकारात्मक। सबसे साफ़ सकारात्मक और नकारात्मक बातें`,
  notUnderstood: (part, ex) => `मैं “${part}” समझ नहीं सका। सवाल जिनका मैं जवाब दे सकता हूँ: ${ex.map((e) => `“${e}”`).join(', ')}।`,
  fallback: () => '', language: 'हिंदी',
};

export const ANSWER_WORDS: Readonly<Record<AnswerLanguage, AnswerWords>> = { en: EN, es: ES, fr: FR, de: DE, ja: JA, ar: AR, hi: HI };
