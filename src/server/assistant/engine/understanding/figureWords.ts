import { countLabel } from '../../../../shared/rules/formatting';
import { kpiChangeText, type KpiChange } from '../../../../shared/rules/kpiChange';
import type { AnswerLanguage } from './questionLanguage';

/**
 * The words of the figure answers (topics, sentiment, demographics, products, creators, competitors, change) in each
 * answer language (issue 30): the English ones are the answers' words from before, unchanged. Figures use Latin
 * digits and the separators of the language, as the read answers do (answerWords.ts).
 */
export interface FigureWords {
  count: (n: number) => string;
  percent: (share: number | null) => string;
  /** The marks between a list's items, after a label, and around an aside ("", ": ", " (…)"; Japanese "、", "：", "（…）"). */
  sep: string;
  colon: string;
  /** A sentence's end ("." ; Japanese "。", Hindi "।"). */
  stop: string;
  paren: (text: string) => string;
  videos: (n: number) => string;
  /** How a figure moved against the previous period ("up 12.5% from 40"). */
  change: (change: KpiChange, previous: string) => string;
  nothingToMeasure: string;
  noTopics: (total: string) => string;
  topics: (shown: number, total: string) => string;
  noTranscripts: string;
  /** After a figure over analysed videos only: how many of the window's were left out, not analysed. */
  leftOut: (missing: string, total: string) => string;
  /** None of the window's videos had its speech analysed (topics), or its audience (demographics). */
  noneAnalysed: (total: string) => string;
  noAudience: (total: string) => string;
  sentiment: (mostlyPositive: boolean, parts: string) => string;
  kinds: { positive: string; negative: string; neutral: string };
  families: { age_range: string; gender: string; ethnicity: string };
  family: (title: string, missing: readonly string[], barely: readonly string[]) => string;
  demographicsLead: (absent: number) => string;
  noProducts: string;
  productsTitle: string;
  product: (name: string, videos: string, change: string, positive: string, negative: string) => string;
  noCreators: string;
  creatorsTitle: string;
  creator: (name: string, videos: string, views: string) => string;
  noCompetitors: string;
  competitorsTitle: string;
  competitor: (name: string, own: boolean, share: string, videos: string, views: string, positive: string, engagement: string) => string;
  noEarlier: string;
  changeTitle: string;
  kpis: { videos: string; views: string; engagement: string; positive: string; negative: string };
  /** After a figure answer, before the lines it quotes. */
  inTheirWords: string;
  /** A transcript answer whose every line was quoted by earlier answers to the question. */
  allQuoted: string;
  clearestTone: (tone: 'positive' | 'negative') => string;
}

/** Number and percentage writers for a locale; a comma before the decimals where the language writes one. */
function numbers(locale: string, decimalComma: boolean) {
  const count = (n: number) => Math.round(n).toLocaleString(locale);
  const percent = (share: number | null) => (share === null ? '—' : `${(share * 100).toFixed(1).replace('.', decimalComma ? ',' : '.')}%`);
  return { count, percent };
}

/** The change in words: one writer a language, from the direction and the two figures. */
function changeIn(percent: (share: number) => string, say: { up: string; down: string; flat: string; fresh: string; none: string }) {
  return (change: KpiChange, previous: string): string => {
    switch (change.direction) {
      case 'up': return say.up.replace('%p', percent(Math.abs(change.ratio ?? 0))).replace('%b', previous);
      case 'down': return say.down.replace('%p', percent(Math.abs(change.ratio ?? 0))).replace('%b', previous);
      case 'flat': return say.flat.replace('%b', previous);
      case 'new': return say.fresh;
      default: return say.none;
    }
  };
}

/** The marks of the languages written with Latin-style punctuation. */
const LATIN_MARKS = { sep: ', ', colon: ': ', stop: '.', paren: (text: string) => ` (${text})` };

const en = numbers('en-US', false);
const EN: FigureWords = {
  count: en.count, percent: en.percent, ...LATIN_MARKS, videos: (n) => countLabel(n, 'video'),
  change: (change, previous) => kpiChangeText(change, previous, (ratio) => `${(ratio * 100).toFixed(1)}%`), nothingToMeasure: 'nothing to measure in this period',
  noTopics: (total) => `None of the ${total} videos has topics yet.`,
  topics: (shown, total) => `The top ${shown} topics discussed, by the videos that discuss them (of ${total}):`,
  noTranscripts: 'None of the videos here has a transcript yet, so there is no sentiment to report.',
  leftOut: (m, t) => `${m} of the ${t} videos are not analysed yet and are left out.`,
  noneAnalysed: (t) => `None of the ${t} videos has had its speech analysed, so there are no topics to report.`,
  noAudience: (t) => `None of the ${t} videos has audience figures analysed, so there is no audience to report.`,
  sentiment: (positive, parts) => `Overall sentiment is ${positive ? 'mostly positive' : 'mostly negative'}: ${parts}. Each share is the mean over the videos of their transcripts' sentiment.`,
  kinds: { positive: 'positive', negative: 'negative', neutral: 'neutral' },
  families: { age_range: 'Age ranges', gender: 'Genders', ethnicity: 'Ethnicities' },
  family: (title, missing, barely) => `${title}: ${missing.length > 0 ? `not represented — ${missing.join(', ')}` : 'every group represented'}${barely.length > 0 ? `; barely represented — ${barely.join(', ')}` : ''}.`,
  demographicsLead: (n) => (n > 0 ? `${countLabel(n, 'audience group')} ${n === 1 ? 'is' : 'are'} not represented in the videos' audiences.` : 'Every audience group is represented.'),
  noProducts: 'No video mentions one of the products.', productsTitle: 'The most mentioned products:',
  product: (name, videos, change, p, n) => `${name} — mentioned in ${videos} (${change}), ${p} positive, ${n} negative`,
  noCreators: 'No creator has a video here.', creatorsTitle: 'The creators whose videos drew the most views:',
  creator: (name, videos, views) => `${name} — ${videos}, ${views} views`,
  noCompetitors: 'No competitor is set up: add competitors to compare with them.', competitorsTitle: 'Side by side with your competitors:',
  competitor: (name, own, share, videos, views, p, er) => `${name}${own ? ' (you)' : ''} — share of voice ${share}, ${videos}, ${views} views, ${p} positive, engagement rate ${er}`,
  noEarlier: 'All dates have no earlier period to compare with: pick a window such as the last 6 months.', changeTitle: 'Against the previous period of the same length:',
  kpis: { videos: 'Videos', views: 'Views', engagement: 'Engagement rate', positive: 'Positive sentiment', negative: 'Negative sentiment' },
  inTheirWords: 'In their words:', allQuoted: 'Every line that says it has been quoted in earlier answers already.',
  clearestTone: (tone) => `The clearest moments, ${tone} lines first`,
};

const es = numbers('es-ES', true);
const ES: FigureWords = {
  count: es.count, percent: es.percent, ...LATIN_MARKS, videos: (n) => `${es.count(n)} ${n === 1 ? 'vídeo' : 'vídeos'}`,
  change: changeIn(es.percent, { up: 'sube un %p desde %b', down: 'baja un %p desde %b', flat: 'sin cambios desde %b', fresh: 'nuevo (nada en el periodo anterior)', none: 'sin periodo anterior con que comparar' }),
  nothingToMeasure: 'nada que medir en este periodo',
  noTopics: (total) => `Ninguno de los ${total} vídeos tiene temas todavía.`,
  topics: (shown, total) => `Los ${shown} temas más tratados, por los vídeos que los tratan (de ${total}):`,
  noTranscripts: 'Ningún vídeo de este periodo tiene transcripción todavía, así que no hay sentimiento que mostrar.',
  leftOut: (m, t) => `${m} de los ${t} vídeos aún no están analizados y quedan fuera.`,
  noneAnalysed: (t) => `Ninguno de los ${t} vídeos tiene el habla analizada, así que no hay temas que mostrar.`,
  noAudience: (t) => `Ninguno de los ${t} vídeos tiene la audiencia analizada, así que no hay audiencia que mostrar.`,
  sentiment: (positive, parts) => `El sentimiento general es ${positive ? 'sobre todo positivo' : 'sobre todo negativo'}: ${parts}. Cada porcentaje es la media del sentimiento de las transcripciones de los vídeos.`,
  kinds: { positive: 'positivo', negative: 'negativo', neutral: 'neutro' },
  families: { age_range: 'Franjas de edad', gender: 'Géneros', ethnicity: 'Etnias' },
  family: (title, missing, barely) => `${title}: ${missing.length > 0 ? `sin representación — ${missing.join(', ')}` : 'todos los grupos representados'}${barely.length > 0 ? `; apenas representados — ${barely.join(', ')}` : ''}.`,
  demographicsLead: (n) => (n > 0 ? `${es.count(n)} ${n === 1 ? 'grupo de público no está representado' : 'grupos de público no están representados'} en las audiencias de los vídeos.` : 'Todos los grupos de público están representados.'),
  noProducts: 'Ningún vídeo menciona alguno de los productos.', productsTitle: 'Los productos más mencionados:',
  product: (name, videos, change, p, n) => `${name} — mencionado en ${videos} (${change}), ${p} positivo, ${n} negativo`,
  noCreators: 'Ningún creador tiene vídeos aquí.', creatorsTitle: 'Los creadores cuyos vídeos tuvieron más visualizaciones:',
  creator: (name, videos, views) => `${name} — ${videos}, ${views} visualizaciones`,
  noCompetitors: 'No hay competidores configurados: añade competidores para compararte con ellos.', competitorsTitle: 'Frente a tus competidores:',
  competitor: (name, own, share, videos, views, p, er) => `${name}${own ? ' (tú)' : ''} — cuota de voz ${share}, ${videos}, ${views} visualizaciones, ${p} positivo, tasa de interacción ${er}`,
  noEarlier: 'Todas las fechas no tienen un periodo anterior con que comparar: elige un periodo como los últimos 6 meses.', changeTitle: 'Frente al periodo anterior de la misma duración:',
  kpis: { videos: 'Vídeos', views: 'Visualizaciones', engagement: 'Tasa de interacción', positive: 'Sentimiento positivo', negative: 'Sentimiento negativo' },
  inTheirWords: 'En sus palabras:', allQuoted: 'Todas las frases que lo dicen ya se citaron en respuestas anteriores.',
  clearestTone: (tone) => `Los momentos más claros, primero los ${tone === 'positive' ? 'positivos' : 'negativos'}`,
};

const fr = numbers('fr-FR', true);
const FR: FigureWords = {
  count: fr.count, percent: fr.percent, ...LATIN_MARKS, colon: ' : ', videos: (n) => `${fr.count(n)} ${n === 1 ? 'vidéo' : 'vidéos'}`,
  change: changeIn(fr.percent, { up: 'en hausse de %p depuis %b', down: 'en baisse de %p depuis %b', flat: 'inchangé depuis %b', fresh: 'nouveau (rien sur la période précédente)', none: 'aucune période précédente à comparer' }),
  nothingToMeasure: 'rien à mesurer sur cette période',
  noTopics: (total) => `Aucune des ${total} vidéos n’a encore de thèmes.`,
  topics: (shown, total) => `Les ${shown} thèmes les plus abordés, par les vidéos qui les abordent (sur ${total}) :`,
  noTranscripts: 'Aucune vidéo ici n’a encore de transcription : il n’y a pas de sentiment à rapporter.',
  leftOut: (m, t) => `${m} des ${t} vidéos ne sont pas encore analysées et sont laissées de côté.`,
  noneAnalysed: (t) => `Aucune des ${t} vidéos n’a eu sa parole analysée : il n’y a pas de thèmes à rapporter.`,
  noAudience: (t) => `Aucune des ${t} vidéos n’a d’audience analysée : il n’y a pas d’audience à rapporter.`,
  sentiment: (positive, parts) => `Le sentiment d’ensemble est ${positive ? 'surtout positif' : 'surtout négatif'} : ${parts}. Chaque part est la moyenne du sentiment des transcriptions des vidéos.`,
  kinds: { positive: 'positif', negative: 'négatif', neutral: 'neutre' },
  families: { age_range: 'Tranches d’âge', gender: 'Genres', ethnicity: 'Origines' },
  family: (title, missing, barely) => `${title} : ${missing.length > 0 ? `non représentés — ${missing.join(', ')}` : 'tous les groupes représentés'}${barely.length > 0 ? ` ; à peine représentés — ${barely.join(', ')}` : ''}.`,
  demographicsLead: (n) => (n > 0 ? `${fr.count(n)} ${n === 1 ? 'groupe d’audience n’est pas représenté' : 'groupes d’audience ne sont pas représentés'} dans les audiences des vidéos.` : 'Tous les groupes d’audience sont représentés.'),
  noProducts: 'Aucune vidéo ne mentionne l’un des produits.', productsTitle: 'Les produits les plus mentionnés :',
  product: (name, videos, change, p, n) => `${name} — mentionné dans ${videos} (${change}), ${p} positif, ${n} négatif`,
  noCreators: 'Aucun créateur n’a de vidéo ici.', creatorsTitle: 'Les créateurs dont les vidéos ont eu le plus de vues :',
  creator: (name, videos, views) => `${name} — ${videos}, ${views} vues`,
  noCompetitors: 'Aucun concurrent n’est configuré : ajoutez des concurrents pour vous comparer à eux.', competitorsTitle: 'Face à vos concurrents :',
  competitor: (name, own, share, videos, views, p, er) => `${name}${own ? ' (vous)' : ''} — part de voix ${share}, ${videos}, ${views} vues, ${p} positif, taux d’engagement ${er}`,
  noEarlier: 'Toutes les dates n’ont pas de période antérieure à comparer : choisissez une période comme les 6 derniers mois.', changeTitle: 'Face à la période précédente de même durée :',
  kpis: { videos: 'Vidéos', views: 'Vues', engagement: 'Taux d’engagement', positive: 'Sentiment positif', negative: 'Sentiment négatif' },
  inTheirWords: 'Dans leurs mots :', allQuoted: 'Toutes les phrases qui le disent ont déjà été citées dans des réponses précédentes.',
  clearestTone: (tone) => `Les moments les plus clairs, les ${tone === 'positive' ? 'positifs' : 'négatifs'} d’abord`,
};

const de = numbers('de-DE', true);
const DE: FigureWords = {
  count: de.count, percent: de.percent, ...LATIN_MARKS, videos: (n) => `${de.count(n)} ${n === 1 ? 'Video' : 'Videos'}`,
  change: changeIn(de.percent, { up: 'plus %p gegenüber %b', down: 'minus %p gegenüber %b', flat: 'unverändert gegenüber %b', fresh: 'neu (nichts im vorigen Zeitraum)', none: 'kein voriger Zeitraum zum Vergleich' }),
  nothingToMeasure: 'in diesem Zeitraum nichts zu messen',
  noTopics: (total) => `Keines der ${total} Videos hat bisher Themen.`,
  topics: (shown, total) => `Die ${shown} meistbesprochenen Themen, nach den Videos, die sie besprechen (von ${total}):`,
  noTranscripts: 'Keines der Videos hier hat bisher ein Transkript, daher gibt es keine Stimmung zu berichten.',
  leftOut: (m, t) => `${m} der ${t} Videos sind noch nicht analysiert und bleiben außen vor.`,
  noneAnalysed: (t) => `Bei keinem der ${t} Videos wurde die Sprache analysiert, daher gibt es keine Themen zu berichten.`,
  noAudience: (t) => `Bei keinem der ${t} Videos wurde das Publikum analysiert, daher gibt es kein Publikum zu berichten.`,
  sentiment: (positive, parts) => `Die Stimmung ist insgesamt ${positive ? 'überwiegend positiv' : 'überwiegend negativ'}: ${parts}. Jeder Anteil ist der Mittelwert der Stimmung der Transkripte der Videos.`,
  kinds: { positive: 'positiv', negative: 'negativ', neutral: 'neutral' },
  families: { age_range: 'Altersgruppen', gender: 'Geschlechter', ethnicity: 'Ethnien' },
  family: (title, missing, barely) => `${title}: ${missing.length > 0 ? `nicht vertreten — ${missing.join(', ')}` : 'jede Gruppe vertreten'}${barely.length > 0 ? `; kaum vertreten — ${barely.join(', ')}` : ''}.`,
  demographicsLead: (n) => (n > 0 ? `${de.count(n)} ${n === 1 ? 'Zielgruppe ist' : 'Zielgruppen sind'} im Publikum der Videos nicht vertreten.` : 'Jede Zielgruppe ist vertreten.'),
  noProducts: 'Kein Video erwähnt eines der Produkte.', productsTitle: 'Die am häufigsten erwähnten Produkte:',
  product: (name, videos, change, p, n) => `${name} — erwähnt in ${videos} (${change}), ${p} positiv, ${n} negativ`,
  noCreators: 'Hier hat kein Creator ein Video.', creatorsTitle: 'Die Creator, deren Videos die meisten Aufrufe hatten:',
  creator: (name, videos, views) => `${name} — ${videos}, ${views} Aufrufe`,
  noCompetitors: 'Es sind keine Wettbewerber eingerichtet: Fügen Sie Wettbewerber hinzu, um sich mit ihnen zu vergleichen.', competitorsTitle: 'Im Vergleich mit Ihren Wettbewerbern:',
  competitor: (name, own, share, videos, views, p, er) => `${name}${own ? ' (Sie)' : ''} — Sichtbarkeitsanteil ${share}, ${videos}, ${views} Aufrufe, ${p} positiv, Interaktionsrate ${er}`,
  noEarlier: 'Alle Daten haben keinen früheren Zeitraum zum Vergleich: Wählen Sie einen Zeitraum wie die letzten 6 Monate.', changeTitle: 'Im Vergleich zum vorigen Zeitraum gleicher Länge:',
  kpis: { videos: 'Videos', views: 'Aufrufe', engagement: 'Interaktionsrate', positive: 'Positive Stimmung', negative: 'Negative Stimmung' },
  inTheirWords: 'In ihren Worten:', allQuoted: 'Jeder Satz, der das sagt, wurde in früheren Antworten schon zitiert.',
  clearestTone: (tone) => `Die deutlichsten Momente, ${tone === 'positive' ? 'positive' : 'negative'} zuerst`,
};

const ja = numbers('ja-JP', false);
const JA: FigureWords = {
  count: ja.count, percent: ja.percent, sep: '、', colon: '：', stop: '。', paren: (text) => `（${text}）`, videos: (n) => `${ja.count(n)}本`,
  change: changeIn(ja.percent, { up: '%bから%p増加', down: '%bから%p減少', flat: '%bから変化なし', fresh: '新規（前の期間はなし）', none: '比較する前の期間なし' }),
  nothingToMeasure: 'この期間に測れるものはありません',
  noTopics: (total) => `${total}本の動画のどれにもまだトピックがありません。`,
  topics: (shown, total) => `話題になっているトピック上位${shown}件（${total}本中、取り上げた動画の数）：`,
  noTranscripts: 'ここの動画にはまだ文字起こしがないため、感情を示せません。',
  leftOut: (m, t) => `${t}本のうち${m}本はまだ分析されていないため、数えていません。`,
  noneAnalysed: (t) => `${t}本の動画はどれも音声が分析されていないため、トピックを示せません。`,
  noAudience: (t) => `${t}本の動画はどれも視聴者が分析されていないため、視聴者を示せません。`,
  sentiment: (positive, parts) => `全体の感情は${positive ? '主にポジティブ' : '主にネガティブ'}です：${parts}。各割合は動画の文字起こしの感情の平均です。`,
  kinds: { positive: 'ポジティブ', negative: 'ネガティブ', neutral: 'ニュートラル' },
  families: { age_range: '年齢層', gender: '性別', ethnicity: '民族' },
  family: (title, missing, barely) => `${title}：${missing.length > 0 ? `代表されていない — ${missing.join('、')}` : 'すべての層が代表されています'}${barely.length > 0 ? `；ほとんど代表されていない — ${barely.join('、')}` : ''}。`,
  demographicsLead: (n) => (n > 0 ? `動画の視聴者で代表されていない層は${ja.count(n)}つです。` : 'すべての層が代表されています。'),
  noProducts: '製品に言及している動画はありません。', productsTitle: '言及が多い製品：',
  product: (name, videos, change, p, n) => `${name} — ${videos}の動画で言及（${change}）、ポジティブ${p}、ネガティブ${n}`,
  noCreators: 'ここに動画のあるクリエイターはいません。', creatorsTitle: '再生回数が多いクリエイター：',
  creator: (name, videos, views) => `${name} — ${videos}、${views}回再生`,
  noCompetitors: '競合が設定されていません。比較するには競合を追加してください。', competitorsTitle: '競合との比較：',
  competitor: (name, own, share, videos, views, p, er) => `${name}${own ? '（自社）' : ''} — シェア・オブ・ボイス${share}、${videos}、${views}回再生、ポジティブ${p}、エンゲージメント率${er}`,
  noEarlier: 'すべての期間には比較する前の期間がありません。過去6か月などの期間を選んでください。', changeTitle: '同じ長さの前の期間との比較：',
  kpis: { videos: '動画', views: '再生回数', engagement: 'エンゲージメント率', positive: 'ポジティブな感情', negative: 'ネガティブな感情' },
  inTheirWords: '実際の発言：', allQuoted: 'そう言っている発言は、すべて前の回答で引用済みです。',
  clearestTone: (tone) => `最もはっきりした発言（${tone === 'positive' ? 'ポジティブ' : 'ネガティブ'}なものから）`,
};

const ar = numbers('ar-u-nu-latn', false);
const AR: FigureWords = {
  count: ar.count, percent: ar.percent, ...LATIN_MARKS, sep: '، ', videos: (n) => `${ar.count(n)} فيديو`,
  change: changeIn(ar.percent, { up: 'ارتفاع %p عن %b', down: 'انخفاض %p عن %b', flat: 'دون تغيير عن %b', fresh: 'جديد (لا شيء في الفترة السابقة)', none: 'لا توجد فترة سابقة للمقارنة' }),
  nothingToMeasure: 'لا شيء لقياسه في هذه الفترة',
  noTopics: (total) => `لا يحتوي أي من الفيديوهات الـ${total} على مواضيع بعد.`,
  topics: (shown, total) => `أكثر ${shown} مواضيع تناولًا، حسب الفيديوهات التي تتناولها (من ${total}):`,
  noTranscripts: 'لا يحتوي أي فيديو هنا على نص مكتوب بعد، لذا لا توجد مشاعر لعرضها.',
  leftOut: (m, t) => `${m} من ${t} فيديو لم يتم تحليلها بعد وهي مستبعدة.`,
  noneAnalysed: (t) => `لم يتم تحليل الكلام في أي من ${t} فيديو، لذا لا توجد مواضيع لعرضها.`,
  noAudience: (t) => `لم يتم تحليل الجمهور في أي من ${t} فيديو، لذا لا يوجد جمهور لعرضه.`,
  sentiment: (positive, parts) => `المشاعر العامة ${positive ? 'إيجابية في الغالب' : 'سلبية في الغالب'}: ${parts}. كل نسبة هي متوسط مشاعر النصوص المكتوبة للفيديوهات.`,
  kinds: { positive: 'إيجابي', negative: 'سلبي', neutral: 'محايد' },
  families: { age_range: 'الفئات العمرية', gender: 'الجنس', ethnicity: 'الأصول العرقية' },
  family: (title, missing, barely) => `${title}: ${missing.length > 0 ? `غير ممثلة — ${missing.join('، ')}` : 'كل الفئات ممثلة'}${barely.length > 0 ? `؛ بالكاد ممثلة — ${barely.join('، ')}` : ''}.`,
  demographicsLead: (n) => (n > 0 ? `${ar.count(n)} من فئات الجمهور غير ممثلة في جماهير الفيديوهات.` : 'كل فئات الجمهور ممثلة.'),
  noProducts: 'لا يذكر أي فيديو أحد المنتجات.', productsTitle: 'المنتجات الأكثر ذكرًا:',
  product: (name, videos, change, p, n) => `${name} — مذكور في ${videos} (${change})، ${p} إيجابي، ${n} سلبي`,
  noCreators: 'لا يوجد صانع محتوى لديه فيديو هنا.', creatorsTitle: 'صناع المحتوى الذين حصلت فيديوهاتهم على أكبر عدد من المشاهدات:',
  creator: (name, videos, views) => `${name} — ${videos}، ${views} مشاهدة`,
  noCompetitors: 'لم يُضبط أي منافس: أضف منافسين لتقارن نفسك بهم.', competitorsTitle: 'مقارنة بمنافسيك:',
  competitor: (name, own, share, videos, views, p, er) => `${name}${own ? ' (أنت)' : ''} — حصة الظهور ${share}، ${videos}، ${views} مشاهدة، ${p} إيجابي، معدل التفاعل ${er}`,
  noEarlier: 'كل التواريخ ليس لها فترة سابقة للمقارنة: اختر فترة مثل آخر 6 أشهر.', changeTitle: 'مقارنة بالفترة السابقة بالطول نفسه:',
  kpis: { videos: 'الفيديوهات', views: 'المشاهدات', engagement: 'معدل التفاعل', positive: 'المشاعر الإيجابية', negative: 'المشاعر السلبية' },
  inTheirWords: 'بكلماتهم:', allQuoted: 'كل جملة تقول ذلك اقتُبست في إجابات سابقة.',
  clearestTone: (tone) => `أوضح اللحظات، ${tone === 'positive' ? 'الإيجابية' : 'السلبية'} أولًا`,
};

const hi = numbers('hi-IN', false);
const HI: FigureWords = {
  count: hi.count, percent: hi.percent, ...LATIN_MARKS, stop: '।', videos: (n) => `${hi.count(n)} वीडियो`,
  change: changeIn(hi.percent, { up: '%b से %p ऊपर', down: '%b से %p नीचे', flat: '%b से कोई बदलाव नहीं', fresh: 'नया (पिछली अवधि में कुछ नहीं)', none: 'तुलना के लिए कोई पिछली अवधि नहीं' }),
  nothingToMeasure: 'इस अवधि में मापने को कुछ नहीं',
  noTopics: (total) => `${total} वीडियो में से किसी में अभी कोई विषय नहीं है।`,
  topics: (shown, total) => `सबसे ज़्यादा चर्चित ${shown} विषय, उन पर बात करने वाले वीडियो के हिसाब से (${total} में से):`,
  noTranscripts: 'यहाँ किसी वीडियो का अभी ट्रांसक्रिप्ट नहीं है, इसलिए बताने को कोई भावना नहीं है।',
  leftOut: (m, t) => `${t} में से ${m} वीडियो का अभी विश्लेषण नहीं हुआ है और वे गिने नहीं गए।`,
  noneAnalysed: (t) => `${t} में से किसी वीडियो की बोली का विश्लेषण नहीं हुआ, इसलिए बताने को कोई विषय नहीं है।`,
  noAudience: (t) => `${t} में से किसी वीडियो के दर्शकों का विश्लेषण नहीं हुआ, इसलिए बताने को कोई दर्शक नहीं है।`,
  sentiment: (positive, parts) => `कुल भावना ${positive ? 'ज़्यादातर सकारात्मक' : 'ज़्यादातर नकारात्मक'} है: ${parts}। हर हिस्सा वीडियो के ट्रांसक्रिप्ट की भावना का औसत है।`,
  kinds: { positive: 'सकारात्मक', negative: 'नकारात्मक', neutral: 'तटस्थ' },
  families: { age_range: 'आयु वर्ग', gender: 'लिंग', ethnicity: 'जातीयता' },
  family: (title, missing, barely) => `${title}: ${missing.length > 0 ? `प्रतिनिधित्व नहीं — ${missing.join(', ')}` : 'हर समूह का प्रतिनिधित्व'}${barely.length > 0 ? `; बहुत कम प्रतिनिधित्व — ${barely.join(', ')}` : ''}।`,
  demographicsLead: (n) => (n > 0 ? `वीडियो के दर्शकों में ${hi.count(n)} दर्शक समूहों का प्रतिनिधित्व नहीं है।` : 'हर दर्शक समूह का प्रतिनिधित्व है।'),
  noProducts: 'कोई वीडियो किसी उत्पाद का उल्लेख नहीं करता।', productsTitle: 'सबसे ज़्यादा उल्लेख किए गए उत्पाद:',
  product: (name, videos, change, p, n) => `${name} — ${videos} में उल्लेख (${change}), ${p} सकारात्मक, ${n} नकारात्मक`,
  noCreators: 'यहाँ किसी क्रिएटर का वीडियो नहीं है।', creatorsTitle: 'सबसे ज़्यादा व्यू वाले क्रिएटर:',
  creator: (name, videos, views) => `${name} — ${videos}, ${views} व्यू`,
  noCompetitors: 'कोई प्रतिस्पर्धी सेट नहीं है: तुलना के लिए प्रतिस्पर्धी जोड़ें।', competitorsTitle: 'आपके प्रतिस्पर्धियों के साथ:',
  competitor: (name, own, share, videos, views, p, er) => `${name}${own ? ' (आप)' : ''} — शेयर ऑफ़ वॉइस ${share}, ${videos}, ${views} व्यू, ${p} सकारात्मक, एंगेजमेंट दर ${er}`,
  noEarlier: 'सभी तारीखों की तुलना के लिए कोई पिछली अवधि नहीं है: पिछले 6 महीने जैसी अवधि चुनें।', changeTitle: 'उतनी ही लंबी पिछली अवधि की तुलना में:',
  kpis: { videos: 'वीडियो', views: 'व्यू', engagement: 'एंगेजमेंट दर', positive: 'सकारात्मक भावना', negative: 'नकारात्मक भावना' },
  inTheirWords: 'उनके शब्दों में:', allQuoted: 'यह कहने वाली हर पंक्ति पिछले जवाबों में उद्धृत हो चुकी है।',
  clearestTone: (tone) => `सबसे साफ़ पल, पहले ${tone === 'positive' ? 'सकारात्मक' : 'नकारात्मक'}`,
};

export const FIGURE_WORDS: Readonly<Record<AnswerLanguage, FigureWords>> = { en: EN, es: ES, fr: FR, de: DE, ja: JA, ar: AR, hi: HI };
