import type { Prng } from './prng';

/**
 * What makes seeded transcript lines read as varied speech (issue 11): a sentence from the review templates is said
 * with the openers, asides and tails people use, drawn per language. Every line of a workspace is distinct: a line
 * already said anywhere is re-phrased (other opener, tail or aside) until it is new.
 */
export interface SpeechStyle {
  openers: readonly string[];
  /** Said after the sentence, before its final punctuation. */
  tails: readonly string[];
  /** A second clause joined with one of `joins`. */
  asides: readonly string[];
  joins: readonly string[];
  /** Sentence-final punctuation the language uses (the template's own is kept when it has one). */
  stop: string;
  /** Separator after an opener (", " in Latin scripts, "、" in Japanese). */
  comma: string;
  /** Between words and clauses (none in Japanese). */
  space: string;
  /** Whether the script has letter case (the sentence after an opener starts lower-case). */
  cased: boolean;
}

export const ENGLISH_SPEECH: SpeechStyle = {
  openers: [
    'So', 'Okay so', 'Alright', 'Now', 'And', 'But', 'Look', 'I mean', 'Real talk', 'To be fair', 'Funny enough',
    'Anyway', 'Right', 'Basically', 'Quick note', 'Just so you know', 'If I am being picky', 'For context', 'Side note',
    'Not gonna lie', 'Truthfully', 'In my experience', 'From what I can tell', 'As you can see', 'Full disclosure',
    'First off', 'Also', 'On top of that', 'Then again', 'Weirdly', 'Surprisingly', 'Personally', 'Here is the thing',
    'By the way', 'Long story short', 'To be clear', 'Between you and me', 'Okay, moving on', 'One more thing', 'Well',
    'You know what', 'Let me say this', 'Fair warning', 'In short',
  ],
  tails: [
    'at least for me', 'if that makes sense', 'which I did not expect', 'for what it is worth', 'in my opinion', 'no joke',
    'to be honest', 'in real life', 'compared to last year', 'after a long day', 'with my morning coffee', 'in this lighting',
    'so keep that in mind', 'and I tested it twice', 'based on my notes', 'for the price', 'on camera at least', 'from day one',
    'on the second try', 'this time around', 'under the ring light', 'on a busy morning', 'during my commute', 'while travelling',
    'on a rainy week', 'in the cold weather', 'in the summer heat', 'as far as I can tell', 'believe it or not', 'right out of the box',
    'by the end of the week', 'for my routine', 'in my small apartment', 'with two kids running around', 'on a budget',
    'before my morning run', 'after my gym session', 'all things considered', 'at the end of the day', 'so far anyway',
  ],
  asides: [
    'my sister tried it too', 'I filmed this over two weekends', 'the lighting here is a bit warm', 'a few of you asked about this',
    'I compared notes with a friend', 'I kept a little diary', 'I checked the reviews online first', 'my partner noticed as well',
    'I almost forgot to mention it', 'it was a long week of testing', 'I reread the label twice', 'the courier was two days late',
    'I paid for it with my own money', 'I had low expectations going in', 'the weather was all over the place',
    'I used the same routine as always', 'I switched nothing else', 'I took photos every day', 'the comments were split on this',
    'I wanted to be thorough', 'my old one finally gave up', 'I asked the brand a few questions', 'I was on holiday for part of it',
    'my camera battery died halfway', 'I measured it properly this time', 'I did a side by side with my old one',
  ],
  joins: ['and', 'but', 'because', 'although', 'since', 'while', 'and to be fair'],
  stop: '.',
  comma: ', ',
  space: ' ',
  cased: true,
};

/** Speech styles of the other seeded languages (same shape as English, fewer entries). */
export const OTHER_SPEECH: Readonly<Record<string, SpeechStyle>> = {
  es: {
    openers: ['Bueno', 'Vale', 'Pues', 'Mirad', 'Sinceramente', 'La verdad', 'Ojo', 'Además', 'Por cierto', 'A ver', 'En fin', 'Eso sí', 'Total', 'Oye', 'Para que lo sepáis'],
    tails: ['al menos para mí', 'la verdad', 'sin exagerar', 'en mi opinión', 'por lo que pagué', 'desde el primer día', 'con esta luz', 'después de un día largo', 'en invierno', 'con mi rutina de siempre', 'por ahora', 'os lo prometo', 'sin filtros'],
    asides: ['mi hermana también lo probó', 'lo grabé en dos fines de semana', 'lo compré con mi dinero', 'leí la etiqueta dos veces', 'no cambié nada más', 'hice fotos cada día', 'me lo pedisteis mucho', 'tenía pocas expectativas'],
    joins: ['y', 'pero', 'porque', 'aunque', 'mientras'],
    stop: '.', comma: ', ', space: ' ', cased: true,
  },
  fr: {
    openers: ['Alors', 'Bon', 'Franchement', 'Bref', 'En fait', 'Du coup', 'Honnêtement', 'Attention', 'Par contre', 'Au passage', 'Petite précision', 'Voilà', 'Sinon', 'En gros', 'Pour info'],
    tails: ['en tout cas pour moi', 'sans exagérer', 'à mon avis', 'pour ce prix', 'dès le premier jour', 'avec cette lumière', 'après une longue journée', 'en hiver', 'avec ma routine habituelle', 'pour l’instant', 'je vous assure', 'sans filtre', 'honnêtement'],
    asides: ['ma sœur l’a testé aussi', 'j’ai filmé sur deux week-ends', 'je l’ai payé moi-même', 'j’ai relu l’étiquette deux fois', 'je n’ai rien changé d’autre', 'j’ai pris des photos chaque jour', 'vous me l’avez beaucoup demandé', 'je n’en attendais pas grand-chose'],
    joins: ['et', 'mais', 'parce que', 'même si', 'pendant que'],
    stop: '.', comma: ', ', space: ' ', cased: true,
  },
  de: {
    openers: ['Also', 'Ehrlich gesagt', 'Okay', 'Übrigens', 'Kurz gesagt', 'Tatsächlich', 'Na ja', 'Wichtig', 'Außerdem', 'Zugegeben', 'Trotzdem', 'Jedenfalls', 'Schaut mal', 'Nebenbei', 'Gut'],
    tails: ['zumindest für mich', 'ganz ehrlich', 'meiner Meinung nach', 'für den Preis', 'vom ersten Tag an', 'bei diesem Licht', 'nach einem langen Tag', 'im Winter', 'mit meiner normalen Routine', 'bis jetzt', 'ohne Filter', 'wirklich', 'im Alltag'],
    asides: ['meine Schwester hat es auch getestet', 'ich habe an zwei Wochenenden gefilmt', 'ich habe es selbst bezahlt', 'ich habe das Etikett zweimal gelesen', 'ich habe sonst nichts geändert', 'ich habe jeden Tag Fotos gemacht', 'ihr habt oft danach gefragt', 'meine Erwartungen waren niedrig'],
    joins: ['und', 'aber', 'weil', 'obwohl', 'während'],
    stop: '.', comma: ', ', space: ' ', cased: true,
  },
  ja: {
    openers: ['えっと', 'まず', '正直', 'ちなみに', 'それから', 'あと', '実は', 'とにかく', 'ところで', 'やっぱり', '個人的には', 'ただ', 'そして', 'なので', '結論から言うと'],
    tails: ['私の場合は', '正直なところ', 'この値段なら', '初日から', 'この照明だと', '長い一日の後でも', '冬でも', 'いつものルーティンで', '今のところ', '本当に', 'フィルターなしで', '個人的に', '毎日使って'],
    asides: ['妹も試してみました', '二週末かけて撮影しました', '自分で買いました', 'ラベルを二回読みました', '他は何も変えていません', '毎日写真を撮りました', 'リクエストが多かったです', 'あまり期待していませんでした'],
    joins: ['そして', 'でも', 'なぜなら', 'けれど', 'それに'],
    stop: '。', comma: '、', space: '', cased: false,
  },
  ar: {
    openers: ['حسنًا', 'بصراحة', 'في الحقيقة', 'أولًا', 'بالمناسبة', 'على فكرة', 'باختصار', 'لكن', 'أيضًا', 'شخصيًا', 'انتبهوا', 'المهم', 'طبعًا', 'في النهاية', 'كما ترون'],
    tails: ['على الأقل بالنسبة لي', 'بصراحة', 'في رأيي', 'مقابل هذا السعر', 'منذ اليوم الأول', 'في هذه الإضاءة', 'بعد يوم طويل', 'في الشتاء', 'مع روتيني المعتاد', 'حتى الآن', 'بدون فلتر', 'فعلًا', 'كل يوم'],
    asides: ['أختي جربته أيضًا', 'صورت على مدى عطلتين', 'اشتريته بمالي الخاص', 'قرأت الملصق مرتين', 'لم أغير أي شيء آخر', 'التقطت صورًا كل يوم', 'طلبتم ذلك كثيرًا', 'لم تكن توقعاتي عالية'],
    joins: ['و', 'لكن', 'لأن', 'مع أن', 'بينما'],
    stop: '.', comma: '، ', space: ' ', cased: false,
  },
  hi: {
    openers: ['तो', 'सच कहूं तो', 'वैसे', 'सबसे पहले', 'और', 'लेकिन', 'असल में', 'देखिए', 'खैर', 'मेरे हिसाब से', 'ध्यान दीजिए', 'वैसे भी', 'एक बात और', 'छोटी सी बात', 'कुल मिलाकर'],
    tails: ['कम से कम मेरे लिए', 'सच में', 'मेरी राय में', 'इस कीमत पर', 'पहले दिन से', 'इस रोशनी में', 'लंबे दिन के बाद', 'सर्दियों में', 'मेरे रोज़ के रूटीन के साथ', 'अभी तक', 'बिना फ़िल्टर के', 'ईमानदारी से', 'हर दिन'],
    asides: ['मेरी बहन ने भी इसे आज़माया', 'मैंने दो वीकेंड में शूट किया', 'मैंने इसे अपने पैसों से खरीदा', 'मैंने लेबल दो बार पढ़ा', 'मैंने और कुछ नहीं बदला', 'मैंने हर दिन फ़ोटो लीं', 'आप लोगों ने बहुत पूछा था', 'मेरी उम्मीदें कम थीं'],
    joins: ['और', 'लेकिन', 'क्योंकि', 'हालांकि', 'जबकि'],
    stop: '।', comma: ', ', space: ' ', cased: false,
  },
};

/** Remembers every line said in a workspace by a 64-bit hash (8 bytes a line: 4.6M lines take ~64 MB at the most). */
export class SaidLines {
  private slots = new Uint32Array(1 << 16);
  private used = 0;

  /** Adds the line; false when it was said before (or, once in 2^64, a different line hashes alike: then it is re-phrased too). */
  add(line: string): boolean {
    const [first, b] = hash64(line);
    const a = first === 0 && b === 0 ? 1 : first;
    const mask = this.slots.length / 2 - 1;
    for (let i = b & mask; ; i = (i + 1) & mask) {
      const x = this.slots[i * 2] ?? 0;
      const y = this.slots[i * 2 + 1] ?? 0;
      if (x === 0 && y === 0) {
        this.slots[i * 2] = a;
        this.slots[i * 2 + 1] = b;
        this.used += 1;
        if (this.used * 2 > mask) this.grow();
        return true;
      }
      if (x === a && y === b) return false;
    }
  }

  private grow(): void {
    const old = this.slots;
    this.slots = new Uint32Array(old.length * 2);
    const mask = this.slots.length / 2 - 1;
    for (let j = 0; j < old.length; j += 2) {
      const a = old[j] ?? 0;
      const b = old[j + 1] ?? 0;
      if (a === 0 && b === 0) continue;
      let i = b & mask;
      while ((this.slots[i * 2] ?? 0) !== 0 || (this.slots[i * 2 + 1] ?? 0) !== 0) i = (i + 1) & mask;
      this.slots[i * 2] = a;
      this.slots[i * 2 + 1] = b;
    }
  }
}

/** Two independent 32-bit FNV-1a style hashes of the UTF-16 units. */
function hash64(text: string): [number, number] {
  let a = 0x811c9dc5;
  let b = 0x01000193 ^ text.length;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    a = Math.imul(a ^ c, 0x01000193) >>> 0;
    b = Math.imul(b ^ c, 0x5bd1e995) >>> 0;
    b = (b ^ (b >>> 15)) >>> 0;
  }
  return [a, b];
}

function lowerFirst(text: string, style: SpeechStyle): string {
  // "I" and proper names stay as they are: only a lower-case second letter shows a common word.
  if (!style.cased || text.length < 2 || text.startsWith('I ')) return text;
  const [first = '', second = ''] = text;
  return second === second.toLowerCase() && second !== ' ' ? first.toLowerCase() + text.slice(first.length) : text;
}

function upperFirst(text: string): string {
  const [first = ''] = text;
  return first.toUpperCase() + text.slice(first.length);
}

/** Splits "Sentence text." into its body and final punctuation. */
function splitStop(sentence: string, style: SpeechStyle): [string, string] {
  const match = /[.!?。！？।]+$/u.exec(sentence);
  return match ? [sentence.slice(0, match.index), match[0]] : [sentence, style.stop];
}

function aside(style: SpeechStyle, rng: Prng): string {
  return `${style.space}${rng.pick(style.joins)}${style.space}${rng.pick(style.asides)}`;
}

/** One way of saying `sentence`: with an opener, a tail and/or an aside, each drawn; `effort` adds more of them. */
function phrase(sentence: string, style: SpeechStyle, rng: Prng, effort: number): string {
  const [said, stop] = splitStop(sentence.trim(), style);
  let body = said;
  // Most lines are said plainly; decorations grow with the effort it takes to find a new line.
  if (rng.chance(Math.min(0.9, 0.08 + effort * 0.15))) body = `${body}${aside(style, rng)}`;
  if (rng.chance(Math.min(0.95, 0.2 + effort * 0.15))) body = `${body}${style.comma}${rng.pick(style.tails)}`;
  if (rng.chance(Math.min(0.95, 0.3 + effort * 0.15))) body = `${rng.pick(style.openers)}${style.comma}${lowerFirst(body, style)}`;
  return style.cased ? upperFirst(`${body}${stop}`) : `${body}${stop}`;
}

/**
 * Says `sentence` in a way no earlier line of the workspace was said. Beyond a few tries the line grows a second
 * aside, so it always ends: the space of openers × tails × asides × joins dwarfs any workspace.
 */
export function sayNew(sentence: string, style: SpeechStyle, rng: Prng, said: SaidLines): string {
  for (let effort = 0; ; effort++) {
    let line = phrase(sentence, style, rng, effort);
    if (effort > 6) {
      const [body, stop] = splitStop(line, style);
      line = `${body}${aside(style, rng)}${aside(style, rng)}${stop}`;
    }
    if (said.add(line)) return line;
  }
}
