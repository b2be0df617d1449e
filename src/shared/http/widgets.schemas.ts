/**
 * The metrics and widget API (spec §7, issue 16), mounted at `/metrics`. Every route but the public embed ones
 * is authenticated by the brand's API key in the fixed header METRICS_KEY_HEADER (shown and rotated in Settings
 * through the main API). The embed (embed.js) reads its widget and posts its events with a widget token instead.
 */
import { z } from 'zod';
import { DATE_RANGES, MIN_VIDEOS_FOR_CAROUSEL, WIDGET_DEFAULTS } from '../constants';
import { isWebMediaSource, PRODUCT_IMAGE_REFUSED } from '../rules/mediaUrl';
import { normalizeUrl } from '../rules/validation';
import { HEX_COLOUR } from './campaigns.schemas';
import { searchText } from './searchText';
import { id } from './videoList.schemas';
import { PersonSchema } from './team.schemas';

/** The fixed API-key header of the metrics and widget API. */
export const METRICS_KEY_HEADER = 'x-api-key';
export const WIDGET_RATIOS = ['Portrait', 'Landscape', 'Square'] as const;
export const WIDGET_MENU_OPTIONS = WIDGET_DEFAULTS.menuOptions;
export const WIDGET_DEVICE_OPTIONS = WIDGET_DEFAULTS.deviceOptions;
export const WIDGET_TOGGLES = ['summary', 'thumbnails', 'highlights', 'caption', 'product_image', 'variant', 'price', 'rating'] as const;
export const WIDGET_MAX_VIDEOS = 50;
export const WIDGET_EVENT_TYPES = ['impression', 'play', 'watch', 'product_click', 'cta_click'] as const;
/** One beacon's limits: the embed flushes far more often than this fills. */
export const EVENT_BATCH_MAX = 500;
export const EVENT_BATCH_MAX_BYTES = 64 * 1024;

const text = (max: number) => z.string().trim().max(max, `At most ${max.toLocaleString('en-US')} characters.`);
const colour = z.string().regex(HEX_COLOUR, 'A colour is written #RRGGBB, e.g. #409DB2.');

/**
 * A link a shopper may follow: a bare address gets http:// (spec §5); anything else that is not http(s)
 * (javascript:, data:, file:) is refused, so a widget can never run script on the host page.
 */
export const shopperLink = z.string().trim().max(2000).transform((url, ctx) => {
  if (url === '') return url;
  const withScheme = /^[a-z][a-z0-9+.-]*:/i.test(url) && !/^https?:\/\//i.test(url) ? url : normalizeUrl(url);
  let parsed: URL | null;
  try { parsed = new URL(withScheme); } catch { parsed = null; }
  if (!parsed || !/^https?:$/.test(parsed.protocol) || !parsed.hostname.includes('.') && parsed.hostname !== 'localhost') {
    ctx.addIssue({ code: 'custom', message: 'A link is a web address (https://…); javascript:, data: and other schemes are refused.' });
    return z.NEVER;
  }
  return withScheme;
});

/**
 * A product picture the embed shows: the back end's own media path (a brand product's) or a web address; a
 * javascript: or data: source is refused. A store product's picture must be https besides (checked where it is stored).
 */
export { PRODUCT_IMAGE_REFUSED };
const productImage = z.string().trim().max(2000).refine(isWebMediaSource, PRODUCT_IMAGE_REFUSED);

/** A product tagged on a widget video: one of the brand's products, or one of the connected store's (kept as seen). */
export const ProductTagSchema = z.object({
  source: z.enum(['brand', 'store']).default('brand'),
  id: z.string().min(1).max(200),
  title: text(300).default(''),
  price: z.number().min(0).max(1e9).nullable().default(null),
  currency: z.string().regex(/^[A-Z]{3}$/).default('USD'),
  image_url: productImage.nullable().default(null),
  url: shopperLink.default(''),
  variants: z.array(text(120)).max(50).default([]),
});
export type ProductTag = z.infer<typeof ProductTagSchema>;

export const WidgetVideoInputSchema = z.object({
  video_id: id,
  settings: z.object({ products: z.array(ProductTagSchema).max(20).default([]) }).default({ products: [] }),
});

/** Every field of the Widget form (spec §3) a person edits. */
export const WidgetFieldsSchema = z.object({
  title: text(120).min(1, 'A widget needs a title.'),
  notes: text(5000).default(''),
  activeRatio: z.enum(WIDGET_RATIOS).default(WIDGET_DEFAULTS.aspect),
  colors: z.object({ primary: colour.default(WIDGET_DEFAULTS.color), text: colour.default(WIDGET_DEFAULTS.textColor) })
    .default({ primary: WIDGET_DEFAULTS.color, text: WIDGET_DEFAULTS.textColor }),
  menu_options: z.array(z.enum(WIDGET_MENU_OPTIONS)).max(WIDGET_MENU_OPTIONS.length).default([...WIDGET_MENU_OPTIONS]),
  device_options: z.array(z.enum(WIDGET_DEVICE_OPTIONS)).min(1, 'Show the widget on at least one device.').max(2).default([...WIDGET_DEVICE_OPTIONS]),
  call_to_action: z.object({ button_copy: text(40).default('Shop now'), button_URL: shopperLink.default('') }).default({ button_copy: 'Shop now', button_URL: '' }),
  buy_now_button: z.object({ enabled: z.boolean().default(true), label: text(40).default('Buy now') }).default({ enabled: true, label: 'Buy now' }),
  cart_button: z.object({ enabled: z.boolean().default(true), label: text(40).default('Add to cart') }).default({ enabled: true, label: 'Add to cart' }),
  toggles: z.object(Object.fromEntries(WIDGET_TOGGLES.map((t) => [t, z.boolean().default(true)])) as Record<(typeof WIDGET_TOGGLES)[number], z.ZodDefault<z.ZodBoolean>>).default(
    Object.fromEntries(WIDGET_TOGGLES.map((t) => [t, true])) as Record<(typeof WIDGET_TOGGLES)[number], boolean>,
  ),
  videos: z.array(WidgetVideoInputSchema)
    .min(MIN_VIDEOS_FOR_CAROUSEL, `A carousel needs at least ${MIN_VIDEOS_FOR_CAROUSEL} videos.`)
    .max(WIDGET_MAX_VIDEOS, `A carousel holds at most ${WIDGET_MAX_VIDEOS} videos.`)
    .refine((videos) => new Set(videos.map((v) => v.video_id)).size === videos.length, 'A video appears once in a carousel.'),
});
export type WidgetFields = z.infer<typeof WidgetFieldsSchema>;
export type WidgetFieldsInput = z.input<typeof WidgetFieldsSchema>;

export const WidgetVideoSchema = z.object({
  video_id: z.string(),
  title: z.string(),
  thumbnail_url: z.string().nullable(),
  duration_seconds: z.number().nullable(),
  settings: z.object({ products: z.array(ProductTagSchema) }),
});

export const WidgetSchema = WidgetFieldsSchema.omit({ videos: true }).extend({
  _id: z.string(),
  brand_id: z.string(),
  videos: z.array(WidgetVideoSchema),
  playlist_ids: z.array(z.string()),
  created_at: z.string(),
  updated_at: z.string(),
  /** Who made it and who changed it last (issue 29); null when made with the brand's API key or the account is gone. */
  created_by: PersonSchema.nullable(),
  updated_by: PersonSchema.nullable(),
});
export type Widget = z.infer<typeof WidgetSchema>;

export const WidgetIdParamsSchema = z.object({ id });
export const WidgetResponseSchema = z.object({ widget: WidgetSchema });
export const WidgetListResponseSchema = z.object({ widgets: z.array(WidgetSchema) });
/** PUT /widget carries the id in the body (spec §7 lists both /widget and /widget/{id}). */
export const WidgetUpdateBodySchema = WidgetFieldsSchema.extend({ _id: id });

export const PlaylistFieldsSchema = z.object({
  title: text(120).min(1, 'A playlist needs a title.'),
  video_ids: z.array(id).max(WIDGET_MAX_VIDEOS).refine((ids) => new Set(ids).size === ids.length, 'A video appears once in a playlist.').default([]),
  widget_ids: z.array(id).max(100).default([]),
});
export const PlaylistUpdateBodySchema = PlaylistFieldsSchema.extend({ _id: id });
export const PlaylistSchema = z.object({
  _id: z.string(), title: z.string(), video_ids: z.array(z.string()), widget_ids: z.array(z.string()), created_at: z.string(), updated_at: z.string(),
  /** The videos in order, as a list shows them. */
  videos: z.array(z.object({ video_id: z.string(), title: z.string(), thumbnail_url: z.string().nullable() })),
});
export type Playlist = z.infer<typeof PlaylistSchema>;
export const PlaylistResponseSchema = z.object({ playlist: PlaylistSchema });
export const PlaylistListResponseSchema = z.object({ playlists: z.array(PlaylistSchema) });

export const SnippetResponseSchema = z.object({ token: z.string(), snippet: z.string() });

/** GET /products/inventory: the brand's products, or a connected store's through its storefront GraphQL API. */
export const InventoryQuerySchema = z.object({
  first: z.coerce.number().int().min(1).max(100).default(20),
  after: z.string().max(500).optional(),
  search: searchText().default(''),
  store_url: z.string().trim().max(500).optional(),
  shop_token: z.string().trim().max(500).optional(),
});
export const InventoryItemSchema = ProductTagSchema.required();
export type InventoryItem = z.infer<typeof InventoryItemSchema>;
export const InventoryResponseSchema = z.object({
  products: z.array(InventoryItemSchema),
  page_info: z.object({ has_next_page: z.boolean(), end_cursor: z.string().nullable() }),
});

/** One event the embed reports; `viewer` is a random id per page view (no cookie, nothing personal). */
export const WidgetEventSchema = z.object({
  type: z.enum(WIDGET_EVENT_TYPES),
  video_id: z.string().max(64).nullable().default(null),
  product_id: z.string().max(200).nullable().default(null),
  /** Milliseconds watched, for `watch`. */
  value: z.number().int().min(0).max(86_400_000).default(0),
});
export const EventBatchSchema = z.object({
  widget_id: id,
  token: z.string().min(1).max(200),
  viewer: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/),
  events: z.array(WidgetEventSchema).min(1).max(EVENT_BATCH_MAX),
});
export type EventBatch = z.infer<typeof EventBatchSchema>;

export const MetricsQuerySchema = z.object({
  widget_id: id,
  video_id: id.optional(),
  duration: z.enum(DATE_RANGES).default('1m'),
  // Real calendar days only: 2026-13-45 is refused here rather than becoming an invalid time further on.
  start_date: z.iso.date().optional(),
  end_date: z.iso.date().optional(),
});
const totals = z.object({
  impressions: z.number(), views: z.number(), viewers: z.number(), watch_seconds: z.number(),
  product_clicks: z.number(), cta_clicks: z.number(), engagement_rate: z.number(),
});
export type MetricsTotals = z.infer<typeof totals>;
export const MetricsResponseSchema = z.object({
  totals,
  previous: totals.nullable(),
  series: z.array(totals.extend({ date: z.string() })),
  unit: z.enum(['day', 'week', 'month']),
  per_video: z.array(totals.extend({ video_id: z.string() })),
});
export type MetricsResponse = z.infer<typeof MetricsResponseSchema>;

/** What embed.js reads: only what a shopper sees, with playable media URLs. */
export const EmbedWidgetSchema = z.object({
  id: z.string(),
  title: z.string(),
  activeRatio: z.enum(WIDGET_RATIOS),
  colors: z.object({ primary: z.string(), text: z.string() }),
  device_options: z.array(z.string()),
  call_to_action: z.object({ button_copy: z.string(), button_URL: z.string() }),
  buy_now_button: z.object({ enabled: z.boolean(), label: z.string() }),
  cart_button: z.object({ enabled: z.boolean(), label: z.string() }),
  menu_options: z.array(z.string()),
  toggles: z.record(z.string(), z.boolean()),
  videos: z.array(z.object({
    video_id: z.string(), title: z.string(), summary: z.string(), thumbnail_url: z.string().nullable(), media_url: z.string().nullable(),
    published_at: z.string().nullable(),
    /** 0–5 from the video's positive sentiment, for the ratings menu and the stars. */
    rating: z.number(),
    verified_shopper: z.boolean(),
    brand_video: z.boolean(),
    /** False for a video only an attached playlist holds. */
    in_carousel: z.boolean(),
    products: z.array(ProductTagSchema),
  })),
  /** Playlists attached to the widget: tabs over its videos. */
  playlists: z.array(z.object({ id: z.string(), title: z.string(), video_ids: z.array(z.string()) })),
});
export type EmbedWidget = z.infer<typeof EmbedWidgetSchema>;

/** A new brand API key (main API, bearer), answered once when it is created or rotated: only its hash is kept. */
export const ApiKeyResponseSchema = z.object({ api_key: z.string(), hint: z.string(), created_at: z.string() });
export type ApiKeyResponse = z.infer<typeof ApiKeyResponseSchema>;
/** What Settings shows of the brand's key afterwards: its first and last characters, or null before the first key. */
export const ApiKeyHintResponseSchema = z.object({ hint: z.string().nullable(), created_at: z.string().nullable() });
/** The app's own short-lived key for the metrics API and gateway, bound to the signed-in user and the brand. */
export const AppKeyResponseSchema = z.object({ app_key: z.string(), expires_at: z.string() });
