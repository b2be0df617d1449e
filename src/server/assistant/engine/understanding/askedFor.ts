/** What kind of figure a question asks for beyond a ranking or a comparison: a count, a share, a summary, a yes or no. */
export type Asked = 'coverage' | 'count' | 'share' | 'summary' | 'yesno' | null;

/**
 * A question about what has been analysed ("how many videos were not analysed?", "¿cuántos vídeos están analizados?"):
 * read before counts and shares, so it is not answered with the window's whole count.
 */
const COVERAGE = /\b(un)?analy[sz](ed|is (coverage|status))\b|\banalizad[oa]s?\b|\bsin analizar\b|\banalys[ée]e?s?\b|\bnon analys|\banalysiert\b|\bnicht analysiert|分析(され|済|でき)|未分析|تحليل|विश्लेषण/iu;

const COUNT = /\bhow many\b|\bnumber of\b|\bcu[áa]nt[oa]s\b|\bcombien\b|\bwie viele?\b(?! prozent)|\banzahl\b|何本|何件|何個|いくつ|(^|\s)كم(\s|$)|कितने|कितनी/iu;
const SHARE = /\bshare of\b(?! voice)|\bpercent|\bproportion|\bwhat part\b|porcentaje|proporci[óo]n|\bpart de\b|quelle part|pourcentage|\banteil\b|prozent|割合|比率|نسبة|प्रतिशत|हिस्सा/iu;
const SUMMARY = /summari[sz]e|summary|\bresum(e|en|ir)\b|r[ée]sum[ée]|zusammenfass|fasse .*zusammen|まとめ|要約|لخص|ملخص|सारांश/iu;
/** A question answered yes or no: its first word asks it (English, German), or "est-ce que"/"-t-il", "¿El …?", "…ますか", "هل", "क्या". */
const YES_NO = /^\s*(does|do|did|is|are|was|were|can|will|has|have)\b|^\s*(ist|sind|hat|haben|macht|brennt|klebt|riecht|hinterl[äa]sst|wirkt|gibt)\b|est-ce que|-t-(il|elle)\b|-(il|elle)s? |^\s*¿\s*(el|la|los|las|es|se|deja|pica)\b|ますか|ですか|^\s*هل|^\s*क्या/iu;

export function askedFor(question: string): Asked {
  if (COVERAGE.test(question)) return 'coverage';
  if (SHARE.test(question)) return 'share';
  if (COUNT.test(question)) return 'count';
  if (SUMMARY.test(question)) return 'summary';
  if (YES_NO.test(question)) return 'yesno';
  return null;
}

/**
 * Figures Reelscope has no data for, asked as figures: sales, units sold, revenue, orders, stock. It reads videos
 * (views, likes, comments, what is said), so such a question is answered by saying so, not by a count of videos.
 */
const UNKNOWN_FIGURE = /\b(did|have|has|do) (we|they|you) sell\b|\b(units?|items?|products?) (did|have|do) (we|you) sold?\b|\b(we|they) sold\b|\bsales\b|\bsold\b(?! out)|\brevenue\b|\bturnover\b|\bprofits?\b|\bincome\b|\borders\b|\bconversions?\b|\binventory\b|\bstock levels?\b|\bventas\b|\bvendimos\b|\bvendido\b|\bingresos\b|\bventes\b|\bvendu(e?s)?\b|chiffre d.affaires|\bverkauf(t|en|szahlen)?\b|\bumsatz\b|売上|販売数|売れた|何個売|المبيعات|بعنا|बिक्री|बेचे/iu;

export const asksUnknownFigure = (question: string): boolean => UNKNOWN_FIGURE.test(question);
