import { describe, expect, it } from 'vitest';
import { useAssistantWorkspace } from './support/assistantWorkspace';

/**
 * Every kind of answer is written in the question's language (issue 30, item 2): the figure answers that came before
 * the question reading (topics, sentiment, demographics, products, creators, competitors, change) and the transcript
 * answers too. Each kind is asked in Spanish, German and Japanese; no sentence of the English answers may appear.
 * Names (products, creators, topics) and quoted lines stay as they are, so only the English templates are looked for.
 */
const { askAlone } = useAssistantWorkspace();

const ENGLISH_TEMPLATES = new RegExp([
  'topics discussed', 'videos that discuss them', 'has topics yet', 'Overall sentiment is', 'mostly (positive|negative)', 'Each share is the mean', 'sentiment to report',
  'not represented', 'every group represented', 'barely represented', 'audience groups?', 'Age ranges', 'Genders:', 'Ethnicities', 'The most mentioned products',
  'mentioned in \\d', 'No video mentions', 'creators whose videos', 'drew the most views', 'No creator has', 'Side by side', 'share of voice', 'engagement rate',
  'No competitor is set up', '\\(you\\)', 'previous period', 'Positive sentiment', 'Negative sentiment', 'no earlier period', 'In their words', '\\b(up|down) \\d',
  'no change from', 'The clearest moments', 'lines first', 'quoted in earlier answers', 'you have \\d', '\\d videos? says?\\b', '^\\d+\\. Views:',
].join('|'), 'imu');

/** A sentence only an answer in the language writes: its lead ("…, tienes 412 vídeos."). */
const LEADS = { es: /tienes [\d.]+ vídeos?/u, de: /haben Sie [\d.]+ Videos?/u, ja: /の動画は[\d,]+本です/u } as const;
/** A transcript search's sentences: a figure question answered by searching its words got the wrong kind of answer. */
const SEARCHED = { es: /dicen «|Ninguno de ellos dice/u, de: /sagen „|Keines davon sagt/u, ja: /と言っている動画/u } as const;

const KINDS: Record<string, Record<keyof typeof LEADS, string>> = {
  topics: { es: '¿Cuáles son los temas principales de nuestros vídeos?', de: 'Was sind die wichtigsten Themen in unseren Videos?', ja: '動画で話題になっているトピックは何ですか？' },
  sentiment: { es: '¿Cuál es el sentimiento general de los vídeos?', de: 'Wie ist die allgemeine Stimmung in den Videos?', ja: '動画全体の感情はどうですか？' },
  demographics: { es: '¿Qué grupos demográficos no están representados?', de: 'Welche demografischen Gruppen sind nicht vertreten?', ja: 'どの層が代表されていませんか？' },
  products: { es: '¿Qué productos se mencionan en los vídeos?', de: 'Welche Produkte werden in den Videos erwähnt?', ja: '動画で言及されている製品は？' },
  creators: { es: '¿Qué creadores publican sobre nosotros?', de: 'Welche Creator posten über uns?', ja: 'どのクリエイターが投稿していますか？' },
  competitors: { es: '¿Cómo nos comparamos con la competencia?', de: 'Wie stehen wir im Vergleich zur Konkurrenz?', ja: '競合と比べてどうですか？' },
  change: { es: '¿Qué ha cambiado respecto al periodo anterior?', de: 'Was hat sich gegenüber dem vorherigen Zeitraum verändert?', ja: '前の期間と比べて何が変わりましたか？' },
  transcripts: { es: '¿Qué opinan del precio?', de: 'Was sagen die Leute zum Preis?', ja: '価格についてどう言われていますか？' },
};

describe('every kind of answer is written in the question\'s language', () => {
  for (const [kind, asked] of Object.entries(KINDS)) {
    for (const lang of Object.keys(LEADS) as (keyof typeof LEADS)[]) {
      it(`${kind} in ${lang}: ${asked[lang]}`, async () => {
        const answer = await askAlone(asked[lang], '6m');
        // The quoted lines are said in their own language: only the answer's own words are checked.
        const own = answer.content.split('\n').filter((line) => !/^\d+\. “/u.test(line)).join('\n');
        expect(own).toMatch(LEADS[lang]);
        expect(own).not.toMatch(ENGLISH_TEMPLATES);
        if (kind !== 'transcripts') expect(own).not.toMatch(SEARCHED[lang]);
        // Japanese sentences end and lists run with its own marks, not a Latin full stop or colon.
        if (lang === 'ja') expect(own).not.toMatch(/\p{Script=Han}[.:]|\p{Script=Hiragana}[.:]|\p{Script=Katakana}[.:]/u);
      });
    }
  }

  it('answers a language it does not write in English, and says so first', async () => {
    const answer = await askAlone('Quali sono i temi principali dei nostri video e cosa pensano del prezzo?', '6m');
    expect(answer.content).toMatch(/^I read questions in English, Spanish, French, German, Japanese, Arabic and Hindi, not Italian, so this answer is in English\.\n\nBetween /);
  });

});
