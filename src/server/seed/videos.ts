import { UNANALYSED_BRAND_SAFETY, UNANALYSED_DEMOGRAPHICS } from '../repositories/uploadsRepository';
import type Database from 'better-sqlite3';
import { PLATFORMS, type Platform } from '../../shared/constants';
import type { SeededBrand } from './accounts';
import { VOCABULARY } from './catalog';
import { ANALYSIS_TAKES_MINUTES } from '../../shared/constants';
import { plusSeconds, type SeedClock } from './clock';
import type { SeededCreator } from './creators';
import { makeDemographics } from './demographics';
import { FIRST_NAMES, LAST_NAMES, PERSON_ROLES } from './people';
import { hasLocalMedia, makeLocation, thumbnailUrl, THUMBNAIL_COUNT } from './platformUrls';
import type { SeededProduct } from './products';
import type { Prng } from './prng';
import { SaidLines } from './speech';
import { generateTranscript, makeTitle, type GeneratedLine, type TalkContext } from './transcript';
import { OTHER_LANGUAGES } from './transcriptTemplates';
import { makeVideoAttributes } from './videoAttributes';

/** Everything the video seeder draws from for one brand. */
export interface VideoBrandInput {
  brand: SeededBrand;
  weight: number;
  products: readonly SeededProduct[];
  creators: readonly SeededCreator[];
  /** Product names of rival brands, quoted in comparisons. */
  rivalProducts: readonly string[];
}

export interface VideoSeedCounts {
  videos: number;
  transcriptLines: number;
}

// Own storage and short-form platforms dominate, as in the original workspace.
const PLATFORM_WEIGHTS: Readonly<Record<Platform, number>> = {
  Reelscope_AWS_S3: 18, AWS_S3_Swirl: 7, GoogleDrive: 10, Youtube: 30, Tiktok: 18, Instagram: 12, Dropbox: 5,
};
const BATCH = 500;
const OTHER_LANGUAGE_SHARE = 0.05;

/**
 * Inserts `total` videos with products, people, associations and ≥40 transcript lines each. Generates and writes one
 * video at a time inside batched transactions, so memory stays flat at any scale.
 */
/** At most this many videos of one brand are left in analysis for the back end's first start to finish. */
const IN_ANALYSIS_PER_BRAND = 8;

export function seedVideos(db: Database.Database, rng: Prng, inputs: readonly VideoBrandInput[], total: number, clock: SeedClock): VideoSeedCounts {
  const s = {
    video: db.prepare(
      `INSERT INTO videos (id, brand_id, title, platform, video_url, video_embedded_url, thumbnail_url, tiktok_id, added_by_bm,
         creator_id, category, language, scene, pov, audio_labels, topics, brand_safety, demographics, sentiment_positive,
         sentiment_negative, views, likes, comments, sponsored, sponsored_by, analysis_stage, audio_classification,
         licensing_duration, licensing_price, sentiment_feedback_like, duration_seconds, media_file, published_at, created_at, updated_at)
       VALUES (@id, @brand_id, @title, @platform, @video_url, @video_embedded_url, @thumbnail_url, @tiktok_id, @added_by_bm,
         @creator_id, @category, @language, @scene, @pov, @audio_labels, @topics, @brand_safety, @demographics, @sentiment_positive,
         @sentiment_negative, @views, @likes, @comments, @sponsored, @sponsored_by, @analysis_stage, @audio_classification,
         @licensing_duration, @licensing_price, @sentiment_feedback_like, @duration_seconds, @media_file, @published_at, @created_at, @updated_at)`,
    ),
    line: db.prepare('INSERT INTO transcript_lines (video_id, line_no, start_time, content, sentiment, speaker) VALUES (?, ?, ?, ?, ?, ?)'),
    job: db.prepare('INSERT INTO analysis_jobs (video_id, state, due_at, runs, updated_at) VALUES (?, ?, ?, 0, ?)'),
    product: db.prepare('INSERT INTO video_products (video_id, product_id) VALUES (?, ?)'),
    person: db.prepare('INSERT INTO video_people (video_id, name, role, appears_at) VALUES (?, ?, ?, ?)'),
    association: db.prepare('INSERT OR IGNORE INTO video_associations (video_id, associated_video_id, kind, score) VALUES (?, ?, ?, ?)'),
  };
  const weights = inputs.map((input) => input.weight);
  const platformWeights = PLATFORMS.map((platform) => PLATFORM_WEIGHTS[platform]);
  const recent = new Map<string, string[]>();
  const counts: VideoSeedCounts = { videos: 0, transcriptLines: 0 };
  const lines: GeneratedLine[] = [];
  let otherLanguageTurn = 0;
  const said = new SaidLines();
  const inAnalysis = new Map<string, number>();

  const writeOne = (index: number): void => {
    const input = inputs[index < inputs.length ? index : rng.weighted(weights)];
    if (!input) return;
    const { brand, products, creators } = input;
    const vocabulary = VOCABULARY[brand.catalog.domain];
    // The first videos walk through every platform so each one is present at any scale.
    const platform = PLATFORMS[index < PLATFORMS.length * 2 ? index % PLATFORMS.length : rng.weighted(platformWeights)] ?? 'Youtube';
    const creator = rng.pick(creators);
    const featured = rng.sample(products, rng.chance(0.3) ? 2 : 1);
    const main = featured[0] ?? rng.pick(products);
    // Other languages take turns so each appears even in a small workspace.
    const language = rng.chance(OTHER_LANGUAGE_SHARE) ? (OTHER_LANGUAGES[otherLanguageTurn++ % OTHER_LANGUAGES.length] ?? null) : null;
    const ctx: TalkContext = {
      product: main.name, brand: brand.name, competitor: rng.pick(input.rivalProducts), category: main.category,
      price: main.price, vocabulary, days: rng.pick([7, 14, 21, 30, 45, 60, 90]), said,
    };
    const attributes = makeVideoAttributes(rng, vocabulary);
    const id = rng.hexId();
    const title = makeTitle(ctx, rng, language);
    const slug = main.name.toLowerCase().replace(/[^a-z0-9]+/g, '-');
    const location = makeLocation(rng, platform, id, creator.handle, slug);
    const guest = rng.chance(0.35) ? { name: `${rng.pick(FIRST_NAMES)} ${rng.pick(LAST_NAMES)}`, role: rng.pick(PERSON_ROLES) } : null;
    const speakers = guest ? [creator.name, guest.name] : [creator.name];

    lines.length = 0;
    const duration = generateTranscript(ctx, rng, { positive: attributes.sentiment_positive, negative: attributes.sentiment_negative }, speakers, language, (line) => lines.push(line));
    // Videos still in analysis were added in the last two days; the rest over the past year and a half.
    // A few per brand, not a share of all: the demo shows the state, and a large workspace's first start does not
    // take on thousands of analyses. Past the bound a video drawn in analysis is stored analysed (the draws stay the same).
    if (attributes.analysis_stage !== 'completed' && (inAnalysis.get(brand.id) ?? 0) >= IN_ANALYSIS_PER_BRAND) attributes.analysis_stage = 'completed';
    const fresh = attributes.analysis_stage !== 'completed';
    if (fresh) inAnalysis.set(brand.id, (inAnalysis.get(brand.id) ?? 0) + 1);
    const age = fresh ? rng.float(0.1, 2) : rng.float(2, 540);
    const publishedAt = clock.daysAgo(age);
    const createdAt = fresh ? publishedAt : clock.daysAgo(age - rng.float(0, Math.min(20, age)));
    const sponsored = rng.chance(0.22);

    // A video still in analysis has no analysis results yet: no sentiment, audience, topics or safety labels (the
    // generators still run, so the rest of the seed stays the same stream).
    const analysed = !fresh;
    s.video.run({
      id, brand_id: brand.id, title, platform, ...location,
      thumbnail_url: thumbnailUrl(rng.int(1, THUMBNAIL_COUNT)),
      added_by_bm: hasLocalMedia(platform) || platform === 'Dropbox' || rng.chance(0.2) ? 1 : 0,
      creator_id: creator.id, category: attributes.category, language: language?.code ?? 'en', scene: attributes.scene, pov: attributes.pov,
      audio_labels: JSON.stringify(analysed ? attributes.audio_labels : []), topics: JSON.stringify(analysed ? attributes.topics : []),
      brand_safety: analysed ? JSON.stringify(attributes.brand_safety) : UNANALYSED_BRAND_SAFETY,
      demographics: ((audience) => (analysed ? audience : UNANALYSED_DEMOGRAPHICS))(JSON.stringify(makeDemographics(rng, brand.catalog.domain))),
      sentiment_positive: analysed ? attributes.sentiment_positive : 0, sentiment_negative: analysed ? attributes.sentiment_negative : 0,
      views: attributes.views, likes: attributes.likes, comments: attributes.comments,
      sponsored: sponsored ? 1 : 0, sponsored_by: sponsored ? brand.name : null,
      analysis_stage: attributes.analysis_stage, audio_classification: attributes.audio_classification,
      licensing_duration: attributes.licensing_duration, licensing_price: attributes.licensing_price,
      sentiment_feedback_like: attributes.sentiment_feedback_like, duration_seconds: Math.round(duration * 10) / 10,
      published_at: publishedAt, created_at: createdAt, updated_at: plusSeconds(createdAt, rng.int(600, 36000)),
    });
    // A video still in analysis has its platform's captions stored and its job queued like any video added: due the
    // analysis time after it was added, so the back end's first start finishes it from those lines (its results come
    // from the analysis then). Without a job nothing would ever finish it.
    for (const line of lines) s.line.run(id, line.line_no, line.start_time, line.content, line.sentiment, line.speaker);
    if (fresh) s.job.run(id, attributes.analysis_stage === 'pending' ? 'queued' : 'processing', plusSeconds(createdAt, ANALYSIS_TAKES_MINUTES * 60), createdAt);
    for (const product of featured) s.product.run(id, product.id);
    s.person.run(id, creator.name, 'Creator', 0);
    if (guest) s.person.run(id, guest.name, guest.role, Math.round(rng.float(5, Math.max(6, duration * 0.8)) * 10) / 10);

    const previous = recent.get(brand.id) ?? [];
    if (previous.length > 0 && rng.chance(0.3)) {
      // Only links the data cannot tell are stored (same creator and same product are derived: videoAssociations.ts);
      // the draws stay as they were, so every later value of the seed does too.
      const other = rng.pick(previous);
      const kind = rng.pick(['same_product', 'same_creator', 'response', 'duet']);
      const score = Math.round(rng.float(0.4, 0.99) * 100) / 100;
      if (kind === 'response' || kind === 'duet') s.association.run(id, other, kind, score);
    }
    previous.push(id);
    if (previous.length > 20) previous.shift();
    recent.set(brand.id, previous);
    counts.videos += 1;
    counts.transcriptLines += lines.length;
  };

  for (let start = 0; start < total; start += BATCH) {
    db.transaction(() => {
      for (let i = start; i < Math.min(total, start + BATCH); i++) writeOne(i);
    })();
  }
  return counts;
}
