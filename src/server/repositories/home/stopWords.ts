/**
 * Words a word cloud leaves out: function words and speech fillers of the seeded languages (en, es, fr, de, ja, ar,
 * hi). Lower case; compared with the segmenter's lower-cased words.
 */
const LISTS: Record<string, string> = {
  en: `a about above after again against all also am an and any are as at be because been before being below between both
    but by can could did do does doing down during each few for from further had has have having he her here hers him his
    how i if in into is it its itself just like me more most my no nor not now of off on once only or other our ours out
    over own really same she should so some such than that the their theirs them then there these they this those through
    to too under until up very was we were what when where which while who whom why will with would you your yours yeah
    okay ok um uh oh gonna got get one thing things much lot im it's i'm don't that's there's you're i've can't isn't
    let's let lets bit well even still right way go going know think say said far although anyway around else exactly
    least never since used using ever every always maybe quite pretty already almost enough another first second
    two three four five six seven eight nine ten many several`,
  es: `a al algo algunos ante antes como con contra cual cuando de del desde donde durante e el ella ellas ellos en entre era
    es esa ese eso esta estaba estar este esto estos fue ha hay la las le les lo los más me mi mis mucho muy nada ni no nos
    o os otra otro para pero poco por porque que quien se ser si sin sobre son su sus también te tengo tiene todo tu un una
    uno unos vale pues bueno y ya yo lo la verdad`,
  fr: `à au aux avec ce ces c'est dans de des du elle en et eux il ils je la le les leur lui ma mais me même mes moi mon ne
    nos notre nous on ou par pas pour qu que qui sa se ses son sur ta te tes toi ton tu un une vos votre vous y est été
    être avoir ai as a avons avez ont suis es sommes êtes sont ça cette cet très plus bien alors bon donc du coup en fait`,
  de: `aber alle als also am an auch auf aus bei bin bis bist da damit dann das dass dem den der des die dies doch du ein
    eine einem einen einer es für hat habe haben ich ihr im in ist ja jetzt kann mal man mein mich mir mit nach nicht noch
    nur oder schon sehr sich sie sind so und uns von vor war was weil wenn wie wir zu zum zur also naja halt eben echt`,
  ja: `の に は を た が で て と し れ さ ある いる も する から な こと として い や れる など なっ ない この ため その あっ よう また もの
    という あり まで られ なる へ か だ これ によって により おり より による ず なり られる において ば なかっ なく しかし について せ
    だっ その後 できる それ う ので なお のみ でき き つ における および いう さらに でも ら たり その他 に関する たち ます ん なら です
    ました ですね ちょっと`,
  ar: `في من على إلى عن مع هذا هذه ذلك التي الذي هو هي أن إن كان كانت لا ما لم لن قد كل بعد قبل أو ثم و يا لكن حتى عند
    جدا جدًا أنا نحن هم`,
  hi: `का के की है और में से को पर यह वह था थे थी हैं हो भी तो ही एक इस उस लिए कि जो नहीं बहुत मैं हम आप ये वो`,
};

export const STOP_WORDS: ReadonlySet<string> = new Set(Object.values(LISTS).flatMap((list) => list.split(/\s+/).filter((word) => word !== '')));
