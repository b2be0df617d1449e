/**
 * Pure data: English sentence templates of a review arc. Slots: {product} {brand} {price} {feature} {praise}
 * {complaint} {n} {days} {useTime} {competitor} {category} {percent}.
 */

export interface PhaseTemplates {
  name: string;
  /** How many lines this phase contributes (inclusive range). */
  lines: readonly [number, number];
  /** Multiplier on the video's positive/negative chance; intros and outros are mostly neutral. */
  polarity: number;
  /** The reviewer has made up their mind: only the video's dominant sentiment (or neutral) is voiced. */
  decisive?: boolean;
  neutral: readonly string[];
  positive: readonly string[];
  negative: readonly string[];
}

export const ENGLISH_PHASES: readonly PhaseTemplates[] = [
  {
    name: 'intro',
    lines: [3, 4],
    polarity: 0.3,
    neutral: [
      'Hey everyone, welcome back to the channel.',
      'Today we are finally talking about the {product}.',
      'A lot of you asked me about the {product} in the comments, so here it is.',
      'If you are new here, I test {category} so you do not have to.',
      'I have been using the {product} for {days} days now.',
      'Quick disclaimer: I bought this myself for {price}.',
    ],
    positive: ['I am honestly so excited to share this one with you.', 'Spoiler: this might be my favourite launch from {brand} this year.'],
    negative: ['I have mixed feelings about this one, so stick around.', 'I was not planning to film this, but I have to warn you about something.'],
  },
  {
    name: 'unboxing',
    lines: [5, 7],
    polarity: 0.7,
    neutral: [
      'So this is the box it comes in.',
      'Inside there is the {product} and a little instruction card.',
      'The {feature} is the first thing you notice.',
      'It retails for {price}, which puts it in the middle of the market.',
      'There is a batch number on the bottom, number {n}.',
      'Let me just peel off this protective film.',
    ],
    positive: [
      'The packaging feels really premium for {price}.',
      'I love that the {feature} looks so well thought out.',
      'Everything is recyclable, which I really appreciate.',
      'First impression of the {feature}: honestly great.',
    ],
    negative: [
      'The box arrived slightly dented, which is not great at {price}.',
      'There is way too much plastic in here.',
      'First impression of the {feature}: it feels a bit cheap.',
      'No instructions in the box, which is annoying.',
    ],
  },
  {
    name: 'details',
    lines: [6, 8],
    polarity: 0.8,
    neutral: [
      '{brand} says the {product} is made for {category} lovers.',
      'The official claim is {percent} percent better results in {days} days.',
      'Let me read you the spec sheet.',
      'The {feature} is similar to the {competitor}.',
      'It comes in {n} versions, I picked the standard one.',
      'They recommend using it {useTime}.',
    ],
    positive: [
      'The {feature} is genuinely one of the best I have tested.',
      'For {price} you get a lot of product.',
      'I like that they are transparent about the {feature}.',
      'The claims are bold, but so far they hold up.',
    ],
    negative: [
      'The {feature} feels like an afterthought.',
      'Honestly the claims on the box are a stretch.',
      'At {price} I expected a better {feature}.',
      'I could not find any independent testing for these claims.',
    ],
  },
  {
    name: 'usage',
    lines: [13, 16],
    polarity: 1,
    neutral: [
      'So I have been using it {useTime}.',
      'Here is how it looks right now on camera.',
      'On day {n} I took these notes.',
      'Let me show you the {feature} up close.',
      'I used it alongside my usual routine, nothing else changed.',
      'This is week {n} of testing.',
      'Let me zoom in so you can see.',
    ],
    positive: [
      'After {days} days, {praise}.',
      'I was surprised, {praise}.',
      'The {feature} works exactly as promised.',
      'Honestly {praise}, and that never happens for me.',
      'This is where the {product} really shines.',
      'I noticed a difference after about {n} days.',
      'My partner even commented on it, {praise}.',
      'It outperformed the {competitor} in this test.',
    ],
    negative: [
      'Unfortunately {complaint}.',
      'By day {n}, {complaint}.',
      'The {feature} is where it falls apart.',
      'I really wanted to love it, but {complaint}.',
      'The {competitor} handled this much better.',
      'This was a dealbreaker for me: {complaint}.',
      'I contacted {brand} support and waited {n} days for a reply.',
    ],
  },
  {
    name: 'verdict',
    lines: [10, 13],
    polarity: 1.1,
    decisive: true,
    neutral: [
      'So let us talk pros and cons.',
      'It depends a lot on what you need.',
      'If you already own the {competitor}, think twice before switching.',
      'The price is {price}, and it is often on sale for about {percent} percent off.',
      'Overall I would give it {n} out of 10.',
    ],
    positive: [
      'Pro number one: the {feature}.',
      'I would absolutely buy the {product} again.',
      'For {price} this is fantastic value.',
      'This is going straight into my permanent rotation.',
      'Five stars for the {feature}, no notes.',
      'If you are on the fence, go for it.',
      'Honestly, {praise}, and that sealed it for me.',
      'This is the best thing {brand} has made in years.',
      'Nine out of ten, easily.',
    ],
    negative: [
      'The biggest con: {complaint}.',
      'For {price} I just cannot recommend it.',
      'I would skip this one and buy the {competitor} instead.',
      'It is overpriced for what it does.',
      'I am returning it, sorry {brand}.',
      'The {feature} is a real disappointment.',
      'Two stars, and that is being generous.',
      'Honestly, {complaint}, and that is not acceptable at {price}.',
      'My advice: wait for a second version.',
    ],
  },
  {
    name: 'outro',
    lines: [3, 4],
    polarity: 0.3,
    decisive: true,
    neutral: [
      'Let me know in the comments if you have tried the {product}.',
      'Links are in the description.',
      'Thanks so much for watching, see you in the next one.',
      'Do not forget to subscribe for more {category} videos.',
      'I will do a follow-up in {days} days.',
    ],
    positive: ['Seriously, this one earned its spot on my shelf.', 'Big thanks to {brand} for making something this good.'],
    negative: ['Hopefully {brand} fixes this in the next version.', 'Save your money on this one.'],
  },
];

/** Sentences in other languages and scripts; ~5% of videos use one of these sets. */
export interface LanguageTemplates {
  code: string;
  name: string;
  /** Local words for {feature}, with their article where the language needs one. */
  features: readonly string[];
  titles: readonly string[];
  neutral: readonly string[];
  positive: readonly string[];
  negative: readonly string[];
}

export const OTHER_LANGUAGES: readonly LanguageTemplates[] = [
  {
    code: 'es', name: 'Spanish',
    features: ['la textura', 'el envase', 'el aroma', 'la calidad'],
    titles: ['{product}: mi reseña honesta después de {days} días', 'Unboxing del {product} en español'],
    neutral: ['Hola a todos, hoy hablamos del {product}.', 'Cuesta {price} en la tienda oficial.', 'Lo he usado durante {days} días.', 'Aquí podéis ver {feature} de cerca.', 'Dejadme vuestras preguntas en los comentarios.'],
    positive: ['Me encanta cómo funciona, de verdad.', 'La calidad es increíble por {price}.', 'Es el mejor producto de {brand} que he probado.', 'Lo volvería a comprar sin dudarlo.', 'Después de {days} días, {feature} sigue perfecta.', 'Lo recomiendo a todo el mundo.'],
    negative: ['Sinceramente, me ha decepcionado bastante.', 'Por {price} esperaba mucho más.', 'Sinceramente, {feature} no está a la altura.', 'No lo recomiendo, es demasiado caro.', 'Me salió un granito el segundo día.', 'Esperaba más de {brand}.'],
  },
  {
    code: 'fr', name: 'French',
    features: ['la texture', 'le packaging', 'le parfum', 'la qualité'],
    titles: ['{product} : mon avis honnête après {days} jours', 'Je teste le {product} pendant {days} jours'],
    neutral: ['Bonjour à tous, aujourd’hui on parle du {product}.', 'Il coûte {price} sur le site de la marque.', 'Je l’utilise depuis {days} jours.', 'Voici {feature} en gros plan.', 'Dites-moi en commentaire ce que vous en pensez.'],
    positive: ['Franchement, c’est une très belle découverte.', 'La qualité est épatante pour ce prix.', 'Je le rachèterai sans hésiter.', 'Après {days} jours, le résultat est bluffant.', 'Un coup de cœur absolu.', 'J’adore {feature}, vraiment réussi.'],
    negative: ['Je suis déçue, ça ne tient pas ses promesses.', 'À {price}, c’est beaucoup trop cher.', 'Franchement, {feature} n’est pas à la hauteur.', 'Je ne le recommande pas.', 'J’attendais mieux de {brand}.', 'Le rapport qualité-prix n’y est pas.'],
  },
  {
    code: 'de', name: 'German',
    features: ['die Textur', 'die Verpackung', 'der Duft', 'die Verarbeitung'],
    titles: ['{product} im Test: ehrliche Meinung nach {days} Tagen', 'Unboxing und erster Eindruck: {product}'],
    neutral: ['Hallo zusammen, heute geht es um das {product}.', 'Es kostet {price} im Onlineshop.', 'Ich benutze es seit {days} Tagen.', 'Hier seht ihr {feature} aus der Nähe.', 'Schreibt mir eure Fragen in die Kommentare.'],
    positive: ['Ich bin wirklich begeistert.', 'Die Qualität ist hervorragend für {price}.', 'Das ist das beste Produkt von {brand} bisher.', 'Klare Kaufempfehlung von mir.', 'Nach {days} Tagen sieht man echte Ergebnisse.', 'Hat meine Erwartungen übertroffen.'],
    negative: ['Leider bin ich ziemlich enttäuscht.', 'Für {price} ist das einfach zu teuer.', 'Leider ist {feature} eine Schwachstelle.', 'Ich würde es nicht noch einmal kaufen.', 'Von {brand} hätte ich mehr erwartet.', 'Das Preis-Leistungs-Verhältnis stimmt nicht.'],
  },
  {
    code: 'ja', name: 'Japanese',
    features: ['テクスチャー', 'パッケージ', '香り', '使い心地'],
    titles: ['{product}を{days}日間使ってみた正直レビュー', '{product}開封動画'],
    neutral: ['皆さんこんにちは、今日は{product}を紹介します。', '価格は{price}です。', '{days}日間使ってみました。', '{feature}をアップで見てみましょう。', 'コメントで質問してください。'],
    positive: ['本当に素晴らしい製品です。', 'この価格でこの品質は驚きです。', 'リピート確定です。', '{days}日後、効果をはっきり感じました。', '友達にもすすめたいです。', '{feature}がとても使いやすいです。'],
    negative: ['正直、期待外れでした。', '{price}は高すぎると思います。', '{feature}が残念でした。', 'おすすめはできません。', '{brand}にはもっと期待していました。', 'コスパが悪いと感じました。'],
  },
  {
    code: 'ar', name: 'Arabic',
    features: ['الملمس', 'التغليف', 'الرائحة', 'الجودة'],
    titles: ['مراجعة صادقة لـ {product} بعد {days} يومًا', 'فتح علبة {product}'],
    neutral: ['مرحبًا بالجميع، اليوم نتحدث عن {product}.', 'السعر هو {price}.', 'استخدمته لمدة {days} يومًا.', 'هذه نظرة قريبة على {feature}.', 'اكتبوا أسئلتكم في التعليقات.'],
    positive: ['المنتج رائع حقًا.', 'الجودة ممتازة مقابل هذا السعر.', 'سأشتريه مرة أخرى بالتأكيد.', 'بعد {days} يومًا لاحظت فرقًا كبيرًا.', 'أنصح به الجميع.', 'أحببت {feature} كثيرًا.'],
    negative: ['للأسف أصبت بخيبة أمل.', 'السعر {price} مرتفع جدًا.', '{feature} ليس جيدًا.', 'لا أنصح به.', 'توقعت أكثر من {brand}.', 'لا يستحق هذا السعر.'],
  },
  {
    code: 'hi', name: 'Hindi',
    features: ['टेक्सचर', 'पैकेजिंग', 'खुशबू', 'गुणवत्ता'],
    titles: ['{product} की ईमानदार समीक्षा, {days} दिन बाद', '{product} अनबॉक्सिंग'],
    neutral: ['नमस्ते दोस्तों, आज हम {product} के बारे में बात करेंगे।', 'इसकी कीमत {price} है।', 'मैंने इसे {days} दिन तक इस्तेमाल किया।', 'यह रहा {feature} का क्लोज़-अप।', 'अपने सवाल कमेंट में लिखें।'],
    positive: ['यह उत्पाद वाकई शानदार है।', 'इस कीमत में गुणवत्ता बहुत अच्छी है।', 'मैं इसे फिर से खरीदूंगी।', '{days} दिन बाद साफ़ फर्क दिखा।', 'मैं सबको इसकी सलाह दूंगी।', '{feature} मुझे बहुत पसंद आया।'],
    negative: ['सच कहूं तो मैं निराश हूं।', '{price} बहुत महंगा है।', '{feature} अच्छा नहीं है।', 'मैं इसकी सलाह नहीं दूंगी।', '{brand} से मुझे ज़्यादा उम्मीद थी।', 'इस कीमत पर यह ठीक नहीं है।'],
  },
];

export const ENGLISH_TITLES: readonly string[] = [
  '{product} — {days} day honest review',
  'Unboxing the {product}',
  '{product} vs {competitor}: which is worth {price}?',
  'How I use the {product} {useTime}',
  'Is the {product} worth the hype?',
  '{product} after {n} weeks: the truth',
  'My {category} routine ft. {product}',
  '{brand} haul: {n} products tested',
  'Don’t buy the {product} before watching this',
  '{product} first impressions',
  'I tested the {product} so you don’t have to',
  '{product} long-term review ({n} months)',
];
